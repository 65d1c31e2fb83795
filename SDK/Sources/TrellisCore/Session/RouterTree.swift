import TrellisSDK

/// What a session needs of the tree it drives: the host's route tree, a test's
/// single screen, or the testing kit's screen with its stand-in slots.
@MainActor
public protocol RouterTree: AnyObject {
    /// The root router, once built.
    var rootRouter: Routing? { get }

    /// The view the screens are drawn from: the root router's view, or the view a
    /// viewless root was lent.
    var rootView: ViewController? { get }

    /// The route and plugin a router was built for, if it was built for a route.
    func route(of router: Routing) -> (id: String, plugin: String)?

    /// Hands a deep link to the root.
    func openLink(_ url: String) throws

    /// The view a router shows inside its own for a child built elsewhere (a
    /// slot's proxy shows its child's view); `nil` for most routers.
    func embeddedView(of router: Routing) -> ViewController?

    /// Whether ``reloadPlugins(route:)`` can build screens again from changed files: the
    /// palette offers it only then.
    var canReload: Bool { get }

    /// Builds again the screens whose plugin files changed, or the route `route`
    /// (headless `reload`), and reports what it did.
    ///
    /// - Throws: ``SessionFailure/reloadRefused(reasons:)`` with why not.
    func reloadPlugins(route: String?) throws(SessionFailure)

    /// Called when the route path on screen changes (`launcher › airports`), for a
    /// crash report to name where the user was.
    func didShowRoutePath(_ path: String)

    /// The route path the process of a route run in a process of its own shows
    /// below that route (route ids, then the titles of views without a route);
    /// `nil` for a router whose routes are in this process. Every view shown
    /// over the router's own view is then taken for one of its routes'.
    func pathShown(below router: Routing) -> [String]?
}

extension RouterTree {
    public var rootView: ViewController? { rootRouter?.viewableRouting?.viewControllable.viewController }

    public func embeddedView(of router: Routing) -> ViewController? { nil }

    public var canReload: Bool { false }

    public func reloadPlugins(route: String?) throws(SessionFailure) {
        throw .reloadRefused(reasons: ["this app's screens are not built from plugin files"])
    }

    public func didShowRoutePath(_ path: String) {}

    public func pathShown(below router: Routing) -> [String]? { nil }

    /// The views of the routers built for routes, in no order.
    func routedViews() -> [ViewController] {
        guard let root = rootRouter else { return [] }
        var views: [ViewController] = []
        var pending: [Routing] = [root]
        // A loop, not recursion: a tree of any depth is safe.
        while let router = pending.popLast() {
            if route(of: router) != nil, let view = router.viewableRouting?.viewControllable.viewController {
                views.append(view)
                if let inner = embeddedView(of: router) { views.append(inner) }
                // What a route's own process shows over its view: its path names it.
                if pathShown(below: router) != nil { views += Window.layers(from: view).flatMap { $0 } }
            }
            pending += router.children
        }
        return views
    }
}
