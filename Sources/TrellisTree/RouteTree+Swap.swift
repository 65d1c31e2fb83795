import Foundation
import TrellisConfig
import TrellisCore
import TrellisLoader
import TrellisSDK

/// What a live swap did: the screens swapped and why others were not.
public struct SwapReport: Equatable, Sendable {
    /// The routes swapped, in tree order, each with the plugin version now shown.
    public var swapped: [String] = []
    /// The screens a changed config closed, as back would.
    public var closed: [String] = []
    /// Why what could not be swapped was not; the old screens keep running.
    public var failures: [String] = []

    /// A report of `swapped`, `closed` and `failures`.
    public init(swapped: [String] = [], closed: [String] = [], failures: [String] = []) {
        self.swapped = swapped
        self.closed = closed
        self.failures = failures
    }

    /// The report as lines for a person: what changed, then what failed.
    public var lines: [String] {
        swapped.map { "swapped \($0)" } + closed.map { "closed \($0)" } + failures
    }
}

extension RouteTree {
    /// Swaps the live screens whose plugin file was rebuilt for the new build, in
    /// tree order, keeping each in its place (``SlotProxy``); screens not built
    /// yet simply use the new file when they are.
    ///
    /// A new build that cannot be used (not a plugin, an SDK release this host cannot load, a
    /// builder that throws) leaves the old screen attached and running; the report
    /// says why.
    ///
    /// - Parameter routeID: Only this route's screens, built again even if its
    ///   plugin file is unchanged (other routes of the same file are left as they
    ///   are); `nil` for every screen whose file changed.
    public func reload(route routeID: String? = nil) -> SwapReport {
        var report = SwapReport()
        if let routeID, config.routes[routeID] == nil {
            report.failures.append(
                "route \"\(routeID)\" is not defined in \(config.fileName)."
                    + Suggestion.phrase(for: routeID, among: Array(config.routes.keys)))
            return report
        }
        report.failures = Self.reloadFiles(of: config, loader: loader, only: routeID)
        swapStale(only: routeID, into: &report)
        swapIsolated(only: routeID, into: &report)
        return report
    }

    /// Maps again the plugin files of `config`'s routes that changed (or the file
    /// of route `routeID`), for every tree that shares `loader`: each then swaps
    /// its stale screens. Returns why a file was not mapped.
    static func reloadFiles(of config: RouteConfig, loader: PluginLoader, only routeID: String? = nil)
        -> [String]
    {
        var failures: [String] = []
        let base = config.file.deletingLastPathComponent()
        // A route in a process of its own, and those below it, are never mapped
        // here: their process is started again instead (``swapIsolated``).
        let elsewhere = config.routesInProcessesOfTheirOwn
        var routes = config.routes.values.filter { !elsewhere.contains($0.id) }.sorted { $0.id < $1.id }
        if let routeID, let route = config.routes[routeID] { routes = elsewhere.contains(routeID) ? [] : [route] }
        var checked: Set<String> = []
        for route in routes {
            let path: String?
            do {
                path = try loader.path(of: route.plugin, relativeTo: base)
            } catch {
                if routeID != nil {
                    failures.append(RouteError.pluginUnusable(route: route.id, error).userMessage)
                }
                continue
            }
            guard let path else {
                if routeID != nil {
                    failures.append(
                        "route \"\(route.id)\": plugin \(route.plugin) is linked into this executable, "
                            + "so it cannot be reloaded.")
                }
                continue
            }
            guard checked.insert(path).inserted else { continue }
            do {
                try loader.reload(path: path, pin: route.sha256)
            } catch {
                // The file's name, not its path: the status line is one row.
                let name = PluginFileSafety.fileName(of: path)
                failures.append(
                    "\(name) was not swapped in, the old build keeps running: "
                        + error.localizedDescription.replacingOccurrences(of: path, with: name))
            }
        }
        return failures
    }

    /// Applies an edited config to the live tree: a route bound to another plugin
    /// or given other parameters is built again in place, a slot bound to another
    /// route shows that route, a removed route's screens close as back would, and
    /// a new route is used when a parent first builds it. The caller validates
    /// `newConfig` first; a config that does not validate must not be applied.
    public func apply(_ newConfig: RouteConfig) -> SwapReport {
        var report = SwapReport()
        let old = config
        config = newConfig
        if newConfig.searchPath != old.searchPath || newConfig.allowExternalPlugins != old.allowExternalPlugins {
            report.failures.append(
                "\(newConfig.fileName): `plugins` and `allowExternalPlugins` apply at start; "
                    + "restart trellis to use the new ones.")
        }
        if newConfig.root != old.root || newConfig.routes[newConfig.root] != old.routes[old.root] {
            swapRoot(into: &report)
            return report
        }
        var done: Set<ObjectIdentifier> = []
        while let proxy = liveProxies().first(where: { !done.contains(ObjectIdentifier($0)) }) {
            done.insert(ObjectIdentifier(proxy))
            let binding = newConfig.routes[proxy.parentRouteID]?.children[proxy.slot]
            guard let binding, newConfig.routes[binding] != nil else {
                report.closed.append("route \(proxy.routeID): it is no longer in the config")
                proxy.listener?.screenDidRequestDismiss(slot: proxy.slot)
                continue
            }
            if binding != proxy.routeID {
                proxy.routeID = binding
                swap(proxy, into: &report)
            } else if newConfig.routes[binding] != old.routes[binding] {
                swap(proxy, into: &report)
            }
        }
        return report
    }

    /// Says what a swap did where the user sees notices: standard error headless,
    /// the status line in the terminal.
    public func report(_ report: SwapReport) {
        for line in report.lines { notify(line) }
    }

    /// Every file a live swap watches: the plugin files the config's routes name
    /// that can be located (linked plugins have none), in no order.
    public var pluginFiles: [String] { Self.pluginFiles(of: config, loader: loader) }

    /// The plugin files `config`'s routes name that `loader` can locate, in no order.
    package static func pluginFiles(of config: RouteConfig, loader: PluginLoader) -> [String] {
        let base = config.file.deletingLastPathComponent()
        return Array(Set(config.routes.values.compactMap { try? loader.path(of: $0.plugin, relativeTo: base) }))
    }

    // MARK: - Swapping

    /// Swaps the root, then every stale screen below it, in tree order; with
    /// `routeID`, that route's screens only, stale or not.
    private func swapStale(only routeID: String?, into report: inout SwapReport) {
        // A route in a process of its own is swapped by starting that process again.
        let elsewhere = config.routesInProcessesOfTheirOwn
        if !elsewhere.contains(config.root),
            routeID == config.root || (routeID == nil && isStale(routeID: config.root, generation: rootGeneration))
        {
            swapRoot(into: &report)
        }
        var done: Set<ObjectIdentifier> = []
        // The tree is walked again after each swap: a swapped parent builds new
        // children, from the new code, and drops the old ones.
        while let proxy = liveProxies().first(where: {
            guard !done.contains(ObjectIdentifier($0)), !elsewhere.contains($0.routeID) else { return false }
            if let routeID { return $0.routeID == routeID }
            return isStale(routeID: $0.routeID, generation: $0.generation)
        }) {
            done.insert(ObjectIdentifier(proxy))
            swap(proxy, into: &report)
        }
        if let routeID, routeID != config.root, done.isEmpty, !elsewhere.contains(routeID) {
            notify("reload \(routeID): no screen of route \(routeID) is on show; it is built from its file when it is")
        }
    }

    /// Whether a screen of `routeID` built from `generation` of its plugin file is
    /// older than the file's newest build.
    private func isStale(routeID: String, generation: Int) -> Bool {
        guard let route = config.routes[routeID],
            let path = try? loader.path(of: route.plugin, relativeTo: config.file.deletingLastPathComponent())
        else { return false }
        return generation != loader.generation(ofPath: path)
    }

    /// The slots' proxies in the live tree, parents before children.
    private func liveProxies() -> [SlotProxy] {
        guard let root else { return [] }
        var proxies: [SlotProxy] = []
        var pending: [Routing] = [root]
        // A loop, not recursion: a tree of any depth is safe.
        while let router = pending.popLast() {
            if let proxy = router as? SlotProxy { proxies.append(proxy) }
            pending += router.children.reversed()
        }
        return proxies
    }

    /// Builds the proxy's route again, with what its parent passed and its own
    /// saved state, and puts it in the old one's place; a build that fails leaves
    /// the old one.
    private func swap(_ proxy: SlotProxy, into report: inout SwapReport) {
        let old = proxy.current
        var oldOrigin = origin(of: old)
        oldOrigin.swappedOut = true
        do {
            let built = try buildReturningScope(
                routeID: proxy.routeID, parameters: proxy.parameters, listener: proxy.listener,
                scope: proxy.scope, hostView: proxy.hostView,
                state: savedState(of: old, routeID: proxy.routeID))
            if proxy is ViewableSlotProxy, built.router.viewableRouting == nil {
                throw RouteError.childHasNoView(route: proxy.routeID, slot: proxy.slot)
            }
            let replaced = proxy.replace(with: built.router, generation: built.generation)
            leakDetector.expectDeallocation(of: replaced, origin: oldOrigin)
            report.swapped.append(description(of: built.router))
        } catch {
            report.failures.append(
                "route \(proxy.routeID) was not swapped, the old screen keeps running: \(error.userMessage)")
        }
    }

    /// Builds the root again and launches it in the old one's place.
    private func swapRoot(into report: inout SwapReport) {
        guard let old = root else { return }
        var oldOrigin = origin(of: old)
        oldOrigin.swappedOut = true
        do {
            let built = try buildReturningScope(
                routeID: config.root, parameters: .object([:]), listener: nil,
                scope: DependencyScope(), hostView: nil,
                state: savedState(of: old, routeID: config.root))
            guard let viewable = built.router.viewableRouting else {
                throw RouteError.rootHasNoView(route: config.root, plugin: config.routes[config.root]?.plugin ?? "")
            }
            old.interactable.deactivate()
            start(viewable, generation: built.generation)
            leakDetector.expectDeallocation(of: old, origin: oldOrigin)
            report.swapped.append(description(of: viewable))
        } catch {
            report.failures.append(
                "route \(config.root) was not swapped, the old screen keeps running: \(error.userMessage)")
        }
    }

    /// "next (NextScreen 1.2.0)": the route and the plugin version it shows.
    private func description(of router: Routing) -> String {
        guard let route = route(of: router) else { return "\(type(of: router))" }
        let version =
            (try? loader.describe(
                config.routes[route.id]?.plugin ?? "", relativeTo: config.file.deletingLastPathComponent()))
            .map { " \($0.manifest.version)" } ?? ""
        return "\(route.id) (\(route.plugin)\(version))"
    }

    /// What the old build's interactor saved (``StatePreserving``), as a decoder
    /// the new build's context offers; `nil` if it saves nothing.
    private func savedState(of router: Routing, routeID: String) -> ((any Decodable.Type) throws -> Any)? {
        guard let saver = router.interactable as? any StatePreserving else { return nil }
        do {
            let data = try Self.encodedState(of: saver)
            return { type in try Self.decode(type, from: data) }
        } catch {
            notify(
                "route \(routeID): its state could not be saved for the swap (\(error)); the new build starts afresh")
            return nil
        }
    }

    /// What the root's interactor saves for a swap (``StatePreserving``), as
    /// JSON: `nil` when it saves nothing, or it cannot be encoded (which is said).
    package func rootState() -> String? {
        guard let saver = root?.interactable as? any StatePreserving else { return nil }
        do {
            return String(decoding: try Self.encodedState(of: saver), as: UTF8.self)
        } catch {
            notify(
                "route \(config.root): its state could not be saved for the swap (\(error)); the new build starts afresh"
            )
            return nil
        }
    }

    private static func encodedState<Saver: StatePreserving>(of saver: Saver) throws -> Data {
        try JSONEncoder().encode(saver.preservedState)
    }

    private static func decode<State: Decodable>(_ type: State.Type, from data: Data) throws -> Any {
        try JSONDecoder().decode(type, from: data)
    }
}

extension RouteTree {
    /// Ends the app this tree runs (a browser tab's session that closed): the
    /// root is deactivated and let go, and the leak detector checks that it, and
    /// everything it attached, is deallocated.
    public func end() {
        guard let old = root else { return }
        // Every router under the root, each expected to go: a child a plugin
        // keeps alive is named, as when its parent detaches it.
        var routers: [Routing] = []
        var pending: [Routing] = [old]
        // A loop, not recursion: a tree of any depth is safe.
        while let router = pending.popLast() {
            routers.append(router)
            pending += router.children
        }
        let origins = routers.map(origin(of:))
        old.interactable.deactivate()
        root = nil
        for (router, origin) in zip(routers, origins) { leakDetector.expectDeallocation(of: router, origin: origin) }
    }
}
