import Foundation
import TrellisConfig
import TrellisIsolation
@_spi(TrellisHost) import TrellisSDK

extension RouteTree {
    /// Builds `routeID`, which runs in a process of its own: a screen in this
    /// process that shows what the route's process sends, and sends it the
    /// user's actions. Its plugin is opened there, never here.
    func buildIsolated(_ routeID: String, parameters: JSONValue, listener: ScreenListener?) throws(RouteError)
        -> Built
    {
        guard let route = config.routes[routeID] else { throw .unknownRoute(route: routeID) }
        guard Self.nesting(of: parameters) <= 64, let json = try? JSONEncoder().encode(parameters) else {
            throw .buildFailed(
                route: routeID, plugin: route.plugin,
                message: "its parent's parameters nest more than 64 levels deep, too deep to send to its process")
        }
        let view = ViewController(content: .text("Starting \(routeID) in a process of its own…"))
        let launch = IsolatedLaunch(
            config: config, routeID: routeID, plugin: route.plugin, parameters: String(decoding: json, as: UTF8.self),
            permissions: route.permissions, pluginFiles: pluginFiles(below: routeID), asks: permissionAsks(of: route))
        let interactor = IsolatedInteractor(
            presenter: view, launch: launch, hosts: context.pluginHosts, listener: listener,
            say: { [weak self] in self?.notify($0) })
        let router = ViewableRouter(interactor: interactor, viewController: view)
        record(router, routeID: routeID, plugin: route.plugin)
        return Built(router: router, scope: DependencyScope(), generation: 0)
    }

    /// How deeply `value` nests, counted without recursion.
    package static func nesting(of value: JSONValue) -> Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 1)]
        while let (value, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            guard depth <= 64 else { break }
            switch value {
            case let .array(items): pending += items.map { ($0, depth + 1) }
            case let .object(members): pending += members.values.map { ($0, depth + 1) }
            default: break
            }
        }
        return deepest
    }
}

extension RouteTree {
    /// What `route`'s plugin asks for and how each ask is answered.
    func permissionAsks(of route: Route) -> PermissionAsks? {
        PermissionAsks.of(route, loader: loader, base: configFolder)
    }
}
