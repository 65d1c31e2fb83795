import TrellisSDK

/// What a session needs of the tree it drives.
@MainActor
public protocol RouterTree: AnyObject {
    /// The root router, once built.
    var root: ViewableRouting? { get }

    /// The route and plugin a router was built for, if it was built for a route.
    func route(of router: Routing) -> (id: String, plugin: String)?

    /// Hands a deep link to the root.
    func openLink(_ url: String) throws
}

extension RouteTree: RouterTree {}

extension RouterTree {
    /// The views of the routers built for routes, in no order.
    func routedViews() -> [ViewController] {
        guard let root else { return [] }
        var views: [ViewController] = []
        var pending: [Routing] = [root]
        // A loop, not recursion: a tree of any depth is safe.
        while let router = pending.popLast() {
            if route(of: router) != nil, let view = router.viewableRouting?.viewControllable.viewController {
                views.append(view)
                // A slot's proxy shows the child's own view inside its own.
                if let inner = (router as? ViewableSlotProxy)?.currentView { views.append(inner) }
            }
            pending += router.children
        }
        return views
    }
}
