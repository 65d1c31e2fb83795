import Foundation
import TrellisConfig
import TrellisLoader
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK

extension RouteTree {
    /// Loads the plugin of every route now, as `run --eager` asks, instead of
    /// when each route is first built.
    ///
    /// - Throws: ``RouteError/pluginUnusable(route:_:)`` for the first that fails.
    public func loadAllPlugins() throws(RouteError) {
        for route in config.routes.values.sorted(by: { $0.id < $1.id }) { _ = try load(route) }
    }

    /// Loads a route's plugin, telling a supervisor first which file holds which
    /// plugin and that its entry is being called, so a crash report can name it.
    package func load(_ route: Route) throws(RouteError) -> LoadedPlugin {
        let base = configFolder
        do {
            if CrashRecord.isSupervised {
                let file = try loader.describe(route.plugin, relativeTo: base, pin: route.sha256)
                loader.noteForCrashReport(file: file.file.path, name: file.manifest.name, route: route.id)
                CrashRecord.noteActivity("loading route \(route.id) (plugin \(file.manifest.name))")
            }
            let loaded = try loader.load(route.plugin, relativeTo: base, pin: route.sha256)
            Log.info(
                "route \(route.id): loaded plugin \(loaded.manifest.name) \(loaded.manifest.version) from \(loaded.file.path)"
            )
            return loaded
        } catch {
            throw .pluginUnusable(route: route.id, error)
        }
    }

    /// The plugin a route's screens come from, by the route's id, for notes.
    public func plugin(ofRoute routeID: String) -> String? {
        config.routes[routeID]?.plugin
    }

    package func record(_ router: Routing, routeID: String, plugin: String) {
        record(router, tag: RouteTag(routeID: routeID, plugin: plugin, tree: self))
    }

    /// Keeps `tag` on `router`'s interactor, which also names a task of it that
    /// fails once it is detached; in a table of weak references for a router
    /// whose interactor is not an ``Interactor`` (a mock).
    package func record(_ router: Routing, tag: RouteTag) {
        if let interactor = router.interactable as? Interactor {
            interactor.setHostTag(tag, for: router)
            return
        }
        // Forgetting routers that are gone here, not in `route(of:)`, which every
        // frame calls for every router.
        records.removeAll { $0.router == nil }
        records.append(RouterRecord(router: router, tag: tag))
    }

    /// The router built for a route whose interactor is `interactor`: one attached
    /// in the tree, kept by a check of a chain, or of a type that keeps no tag.
    package func router(of interactor: Interactor) -> Routing? {
        var pending: [Routing] = (root.map { [$0] } ?? []) + chainKeptAlive
        // A loop, not recursion, with a bound: a plugin could attach an ancestor.
        var visited = 0
        while let router = pending.popLast(), visited < 100_000 {
            visited += 1
            if router.unproxied.interactable === interactor { return router.unproxied }
            pending += router.children
        }
        return records.first { $0.router?.interactable === interactor }?.router
    }
}
