import Foundation
import TrellisConfig
import TrellisCore
@_spi(TrellisHost) import TrellisSDK

/// What the tree keeps on a router it built (on its interactor,
/// `Interactor.setHostTag(_:for:)`): the route and
/// plugin it was built for, and the tree that built it. One is shared by every
/// build through a slot.
package final class RouteTag {
    package let routeID: String
    package let plugin: String
    /// The tree the router is part of: where a report about it goes when several
    /// trees run in one process (`trellis serve`'s tabs).
    package weak var tree: RouteTree?

    package init(routeID: String, plugin: String, tree: RouteTree?) {
        self.routeID = routeID
        self.plugin = plugin
        self.tree = tree
    }
}

/// What a route's screen asks its context for: its slots and, for typed slots,
/// the builders bound to them.
@MainActor
final class ScreenSlots {
    // Weak: the tree holds the root, which holds the contexts its builders keep.
    private weak var tree: RouteTree?
    /// The route and its plugin, kept as the tree resolved them: one reference
    /// per build, where a copy of the route and the manifest's slots was several.
    private let resolved: RouteTree.Resolved
    private let scope: DependencyScope

    package init(tree: RouteTree, resolved: RouteTree.Resolved, scope: DependencyScope) {
        self.tree = tree
        self.resolved = resolved
        self.scope = scope
    }

    package func slot(_ name: String) -> ChildSlot {
        RouteSlot(
            tree: tree, parentRoute: resolved.route, name: name, scope: scope,
            declaredSlots: resolved.loaded.manifest.slots)
    }

    package func builder(forSlot name: String) throws -> AnyObject {
        guard let tree else { throw RouteError.treeGone(route: resolved.route.id) }
        return try tree.typedBuilder(
            parentRoute: resolved.route, slot: name, scope: scope, declaredSlots: resolved.loaded.manifest.slots)
    }
}

/// A router of a type that keeps no tag (a mock), and its tag.
struct RouterRecord {
    package weak var router: Routing?
    package let tag: RouteTag
}

/// A parent's slot, bound by the config to a child route.
///
/// What it builds is wrapped in a ``SlotProxy``, so a live swap can put a new
/// build of the child in the same place without the parent knowing.
@MainActor
final class RouteSlot: ChildSlot {
    package let name: String
    // Weak: the tree holds the root, which holds the slots its builders keep.
    private weak var tree: RouteTree?
    /// The parent's route as it was when the parent was built: a config applied
    /// live may change the binding, which the tree's config then has.
    private let parentRoute: Route
    private let scope: DependencyScope

    /// The slots the parent's manifest declares; an empty list for a plugin linked
    /// in, whose manifest the tree does not check.
    private let declaredSlots: [String]

    package init(tree: RouteTree?, parentRoute: Route, name: String, scope: DependencyScope, declaredSlots: [String]) {
        self.tree = tree
        self.parentRoute = parentRoute
        self.name = name
        self.scope = scope
        self.declaredSlots = declaredSlots
    }

    /// The route bound to the slot now.
    var childRoute: String? {
        childRoute(in: tree)
    }

    func childRoute(in tree: RouteTree?) -> String? {
        // No config applied since it was resolved: the binding is the same.
        if let resolved, let tree, tree.isCurrent(resolved) { return resolved.route.id }
        return (tree?.config.routes[parentRoute.id] ?? parentRoute).children[name]
    }

    /// The bound route resolved, for the builds that follow the first.
    @exclusivity(unchecked) package var resolved: RouteTree.Resolved?

    package func build(listener: ScreenListener, parameters: JSONValue) -> ViewableRouting {
        // The tree once: each read of a weak reference costs.
        let tree = tree
        let childRoute = childRoute(in: tree) ?? name
        let router: ViewableRouting
        let generation: Int
        do {
            let built = try buildChild(in: tree, listener: listener, parameters: parameters, hostView: nil)
            guard let viewable = built.router.viewableRouting else {
                throw RouteError.childHasNoView(route: childRoute, slot: name)
            }
            (router, generation) = (viewable, built.generation)
        } catch {
            (router, generation) = (errorScreen(error, listener: listener), SlotProxy.failedGeneration)
        }
        let proxy = ViewableSlotProxy(
            current: router, routeID: childRoute, parentRouteID: parentRoute.id, slot: name,
            parameters: parameters, listener: listener, scope: scope, generation: generation)
        // Back tells the parent which slot's child the user left; it stays with the
        // proxy's view, whichever build it shows.
        let slot = name
        proxy.viewControllable.viewController.backAction = { [weak listener] in
            listener?.screenDidRequestDismiss(slot: slot)
        }
        tree?.expectShown(proxy, parentRoute: parentRoute.id, childRoute: childRoute)
        return proxy
    }

    package func build(listener: ScreenListener, parameters: JSONValue, hostView: ViewControllable) -> Routing {
        let router: Routing
        let generation: Int
        do {
            let built = try buildChild(in: tree, listener: listener, parameters: parameters, hostView: hostView)
            (router, generation) = (built.router, built.generation)
        } catch {
            let screen = errorScreen(error, listener: listener)
            ErrorScreen.show(screen, in: hostView)
            (router, generation) = (screen, SlotProxy.failedGeneration)
        }
        return SlotProxy(
            current: router, routeID: childRoute ?? name, parentRouteID: parentRoute.id, slot: name,
            parameters: parameters, listener: listener, scope: scope, hostView: hostView, generation: generation)
    }

    /// The route bound to the slot now, or why there is none.
    func boundRoute() throws(RouteError) -> String {
        try boundRoute(in: tree)
    }

    func boundRoute(in tree: RouteTree?) throws(RouteError) -> String {
        guard let childRoute = childRoute(in: tree) else {
            // Validation checks every declared slot is bound: a slot that is not is
            // one the plugin's code names wrongly.
            if !declaredSlots.contains(name) {
                throw .undeclaredSlot(
                    route: parentRoute.id, plugin: parentRoute.plugin, slot: name, declared: declaredSlots)
            }
            throw .unboundSlot(route: parentRoute.id, plugin: parentRoute.plugin, slot: name)
        }
        return childRoute
    }

    func buildChild(
        in tree: RouteTree?, listener: ScreenListener, parameters: JSONValue,
        hostView: ViewControllable?
    ) throws -> RouteTree.Built {
        let childRoute = try boundRoute(in: tree)
        guard let tree else { throw RouteError.treeGone(route: childRoute) }
        // The route as resolved for the build before, while nothing changed: no
        // look-up in the config per build (a route in a process is never kept).
        if let resolved, tree.isCurrent(resolved) {
            return try tree.build(
                resolved, parameters: parameters, listener: listener, scope: scope, hostView: hostView)
        }
        if let route = tree.config.routes[childRoute], route.isolation == .process {
            guard hostView == nil else {
                throw RouteError.buildFailed(
                    route: childRoute, plugin: route.plugin,
                    message: "its parent builds it without a view of its own, which a route in a process of its "
                        + "own needs (\"isolation\": \"process\")")
            }
            return try tree.buildIsolated(childRoute, parameters: parameters, listener: listener)
        }
        let current = try tree.resolve(childRoute)
        resolved = current
        return try tree.build(current, parameters: parameters, listener: listener, scope: scope, hostView: hostView)
    }

    func errorScreen(_ error: Error, listener: ScreenListener) -> ViewableRouting {
        let router = ErrorScreen.build(message: error.userMessage, listener: listener)
        tree?.record(router, routeID: childRoute ?? name, plugin: "error")
        return router
    }
}
