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
