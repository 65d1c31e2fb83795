import Foundation
import TrellisCore
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK

extension RouteTree {
    /// Builds `routeIDs` in order, each as the child of the one before: its
    /// listener the parent's interactor (as a parent passes it), its dependencies
    /// those the routes above provide. For `validate --deep`.
    ///
    /// - Returns: The index of the route that failed and why, or `nil`.
    public func buildChain(_ routeIDs: [String]) -> (index: Int, error: RouteError)? {
        var listener: ScreenListener?
        var scope = DependencyScope()
        var hostView: ViewControllable?
        for (index, routeID) in routeIDs.enumerated() {
            do {
                let built = try buildReturningScope(
                    routeID: routeID, parameters: .object([:]), listener: listener,
                    scope: scope, hostView: hostView)
                listener = built.router.interactable as? ScreenListener
                scope = built.scope
                hostView = built.router.viewableRouting?.viewControllable ?? hostView
                chainKeptAlive.append(built.router)
            } catch {
                return (index, error)
            }
        }
        return nil
    }

    /// The slot `name` of route `routeID`, as the route's screen gets it from its
    /// context, with an empty dependency scope: for tools that build a route's
    /// children as its screen would (the benchmark).
    ///
    /// - Throws: ``RouteError/unknownRoute(route:)`` for a route not in the config.
    public func slot(_ name: String, ofRoute routeID: String) throws(RouteError) -> ChildSlot {
        guard let route = config.routes[routeID] else { throw .unknownRoute(route: routeID) }
        let declaredSlots = (try? loader.describe(route.plugin, relativeTo: configFolder))?.manifest.slots ?? []
        return RouteSlot(
            tree: self, parentRoute: route, name: name, scope: DependencyScope(), declaredSlots: declaredSlots)
    }

    /// Looks up `routeID` and loads its plugin.
    package func resolve(_ routeID: String) throws(RouteError) -> Resolved {
        guard let route = config.routes[routeID] else { throw .unknownRoute(route: routeID) }
        if let summary = context.crashedRoutes[routeID] { throw .crashedEarlier(route: routeID, summary: summary) }
        let loaded = try load(route)
        return Resolved(
            route: route, loaded: loaded, tag: RouteTag(routeID: routeID, plugin: loaded.manifest.name, tree: self),
            configVersion: configVersion, loaderEpoch: loader.epoch)
    }

    /// Whether `resolved` is still what ``resolve(_:)`` would give: no config was
    /// applied and no plugin loaded since. Never for a pinned route, whose file is
    /// checked against its pin at every build.
    package func isCurrent(_ resolved: Resolved) -> Bool {
        resolved.route.sha256 == nil && resolved.configVersion == configVersion && resolved.loaderEpoch == loader.epoch
    }

    /// Builds a route; `state` decodes what the build it replaces saved, in a swap.
    func buildReturningScope(
        routeID: String, parameters: JSONValue, listener: ScreenListener?,
        scope parentScope: DependencyScope, hostView: ViewControllable?,
        state: ((any Decodable.Type) throws -> Any)? = nil
    ) throws(RouteError) -> Built {
        try build(
            resolve(routeID), parameters: parameters, listener: listener, scope: parentScope, hostView: hostView,
            state: state)
    }

    /// Builds a resolved route.
    package func build(
        _ resolved: Resolved, parameters: JSONValue, listener: ScreenListener?, scope parentScope: DependencyScope,
        hostView: ViewControllable?, state: ((any Decodable.Type) throws -> Any)? = nil
    ) throws(RouteError) -> Built {
        // The route and its plugin read in place: a copy of either is a retain
        // and a release of each of its members, per build (Docs/Performance.md).
        let routeID = resolved.route.id
        if let missing = resolved.loaded.manifest.requires.first(where: { !parentScope.contains($0) }) {
            throw .missingDependency(route: routeID, plugin: resolved.route.plugin, dependency: missing)
        }
        let scope = DependencyScope(parent: parentScope)
        scope.declare(
            requires: resolved.loaded.manifest.requires, provides: resolved.loaded.manifest.provides, route: routeID,
            plugin: resolved.route.plugin)
        // One object that both closures capture, and nothing else: each closure's
        // context is then that object, not an allocation of its own.
        let slots = ScreenSlots(tree: self, resolved: resolved, scope: scope)
        let context = ScreenContext(
            routeID: routeID,
            routeParameters: resolved.route.parameters,
            callParameters: parameters,
            listener: listener,
            dependencies: scope,
            hostView: hostView,
            slot: { name in slots.slot(name) }
        )
        context.decodeState = state
        context.builderProvider = { name in try slots.builder(forSlot: name) }
        let router: Routing
        CrashRecord.noteActivity("building route \(routeID) (plugin \(resolved.loaded.manifest.name))")
        defer { CrashRecord.noteActivity("") }
        do {
            router = try resolved.loaded.plugin.makeBuilder().build(with: context)
        } catch {
            throw .buildFailed(route: routeID, plugin: resolved.route.plugin, message: error.userMessage)
        }
        record(router, tag: resolved.tag)
        return Built(router: router, scope: scope, generation: resolved.loaded.generation)
    }
}
