import Foundation
@_spi(TrellisHost) import TrellisSDK

/// The live app: the config's routes built into one router tree.
///
/// Parents reach their children only through ``ChildSlot``s, which this type hands
/// them; it looks up the bound route, loads its plugin and builds it. A child that
/// cannot be built is replaced by a screen showing why, so the rest keeps running.
@MainActor
public final class RouteTree {
    /// The config the tree is built from; ``apply(_:)`` changes it live.
    public internal(set) var config: RouteConfig {
        didSet {
            configFolder = config.file.deletingLastPathComponent()
            configVersion += 1
        }
    }
    /// One more at each config applied: what was looked up in the one before is
    /// still right while this has not changed.
    @exclusivity(unchecked) private(set) var configVersion = 0
    /// The config's folder, which plugin paths are relative to: kept, since every
    /// build of a route needs it and a URL's folder costs more than the build.
    private var configFolder: URL

    let loader: PluginLoader
    private var records: [RouterRecord] = []
    /// For crash reports: the routes built from each plugin file, and its name.
    private var pluginRoutes: [String: Set<String>] = [:]
    private var pluginNames: [String: String] = [:]
    /// The names each plugin file's images were mapped under, as crash frames name them.
    private var mappedNames: [String: [String]] = [:]
    /// The routers ``buildChain(_:)`` built, kept while the check runs.
    private var chainKeptAlive: [Routing] = []

    /// The root router, once ``launch()`` has built it.
    public private(set) var root: ViewableRouting?
    /// The generation of the root's plugin file it was built from.
    var rootGeneration = 0

    /// Where the tree reports what the user should know that has no screen to be
    /// shown on (a viewless RIB's failed task, a child attached twice). Headless
    /// runs write it to standard error; the terminal shows it in the status line.
    public var onNotice: ((String) -> Void)? {
        didSet {
            guard let onNotice else { return }
            let early = pendingNotices
            pendingNotices = []
            early.forEach(onNotice)
        }
    }

    /// Notices from before anyone listened (the root's build, before the front
    /// end set ``onNotice``): kept, never dropped, and given to the first listener.
    private var pendingNotices: [String] = []

    /// Tells ``onNotice``, or keeps `notice` until it is set.
    func notify(_ notice: String) {
        if let onNotice { onNotice(notice) } else { pendingNotices.append(notice) }
    }

    /// The window the root route is launched in.
    public let window = AppWindow()

    /// Checks that detached routes are deallocated.
    public let leakDetector = LeakDetector()

    /// Creates a tree for `config`, loading plugins with `loader`.
    public init(config: RouteConfig, loader: PluginLoader) {
        self.config = config
        self.configFolder = config.file.deletingLastPathComponent()
        self.loader = loader
        loader.onMapping = { [weak self] path, mappedName in
            guard let self, CrashRecord.isSupervised else { return }
            mappedNames[URL(fileURLWithPath: path, isDirectory: false).path, default: []].append(mappedName)
            notePlugins()
        }
    }

    /// Builds the root route, activates it and loads it.
    ///
    /// - Throws: ``RouteError`` when the root cannot be built: with nothing to show,
    ///   the app cannot start.
    public func launch() throws(RouteError) {
        // Before the root is built: what its builder reports is the tree's.
        HostHooks.onTaskFailure = { [weak self] interactor, error in
            self?.taskDidFail(of: interactor, error)
        }
        HostHooks.onMisuse = { [weak self] misuse in
            self?.notify("a plugin's programming error: \(misuse)")
        }
        HostHooks.onNotice = { [weak self] notice in self?.notify(notice) }
        if leakDetector.onLeak == nil { leakDetector.onLeak = { [weak self] in self?.notify($0) } }
        HostHooks.onDetach = { [weak self] router in
            guard let self else { return }
            leakDetector.expectDeallocation(of: router, origin: origin(of: router))
        }
        let built = try buildReturningScope(
            routeID: config.root, parameters: .object([:]), listener: nil,
            scope: DependencyScope(), hostView: nil)
        guard let viewable = built.router.viewableRouting else {
            throw .rootHasNoView(route: config.root, plugin: config.routes[config.root]?.plugin ?? "")
        }
        start(viewable, generation: built.generation)
    }

    /// Makes `viewable` the root and starts it. A LaunchRouter is launched, as
    /// RIBs' app delegate launches it; any other root is activated and loaded the
    /// same way.
    func start(_ viewable: ViewableRouting, generation: Int) {
        root = viewable
        rootGeneration = generation
        if let launching = viewable as? LaunchRouting {
            launching.launch(from: window)
        } else {
            viewable.interactable.activate()
            viewable.load()
        }
    }

    /// How a report names `router`: its route and plugin.
    func origin(of router: Routing) -> LeakDetector.Origin {
        LeakDetector.Origin(route: tag(of: router), routerType: type(of: router.unproxied))
    }

    /// Hands a deep link to the root's interactor.
    ///
    /// - Throws: ``RouteError/linksUnsupported(route:plugin:)`` if the root takes no
    ///   links, or the root's own error for a link it does not know.
    public func openLink(_ url: String) throws {
        guard let handler = root?.interactable as? LinkHandling else {
            throw RouteError.linksUnsupported(route: config.root, plugin: config.routes[config.root]?.plugin ?? "")
        }
        try handler.openLink(url)
    }

    /// The route and plugin a router was built for, if it was built for a route.
    public func route(of router: Routing) -> (id: String, plugin: String)? {
        tag(of: router).map { ($0.routeID, $0.plugin) }
    }

    /// What the tree keeps on `router`: its route and plugin.
    func tag(of router: Routing) -> RouteTag? {
        let router = router.unproxied
        if let interactor = router.interactable as? Interactor {
            return interactor.hostTag(for: router) as? RouteTag
        }
        return records.first { $0.router === router }?.tag
    }

    /// Says so if `router`, built for a parent's slot, is attached by the end of
    /// this turn of the main queue but its view is nowhere on screen: a parent
    /// that attaches a child and never presents, pushes or embeds it shows nothing.
    func expectShown(_ proxy: ViewableSlotProxy, parentRoute: String, childRoute: String) {
        shownChecks.append(ShownCheck(proxy: ObjectIdentifier(proxy), parentRoute: parentRoute, childRoute: childRoute))
        // One check of all the children built this turn, not one a child.
        guard shownChecks.count == 1 else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.checkShown() }
        }
    }

    /// A child built this turn, known by its proxy's identity: no weak reference,
    /// whose side table would slow every retain and release of the proxy. The
    /// check finds the proxies still attached by walking the tree.
    private struct ShownCheck {
        let proxy: ObjectIdentifier
        let parentRoute: String
        let childRoute: String
    }

    @exclusivity(unchecked) private var shownChecks: [ShownCheck] = []

    private func checkShown() {
        let checks = shownChecks
        shownChecks = []
        guard let root else { return }
        let built = Set(checks.map(\.proxy))
        var attached: [ObjectIdentifier: ViewableSlotProxy] = [:]
        var pending: [Routing] = [root]
        // A loop, not recursion, with a bound: a plugin could attach an ancestor.
        var visited = 0
        while let router = pending.popLast(), visited < 100_000 {
            visited += 1
            if let proxy = router as? ViewableSlotProxy, built.contains(ObjectIdentifier(proxy)),
                proxy.interactable.isActive
            {
                attached[ObjectIdentifier(proxy)] = proxy
            }
            pending += router.children
        }
        guard !attached.isEmpty else { return }
        let onScreen = Set(
            Window.layers(from: root.viewControllable.viewController).joined().map(ObjectIdentifier.init))
        var reported: Set<ObjectIdentifier> = []
        for check in checks {
            // An identity is an address, which a proxy freed this turn may pass on
            // to a later one: the entry must be that proxy's, and it is said once.
            guard let proxy = attached[check.proxy], proxy.routeID == check.childRoute,
                proxy.parentRouteID == check.parentRoute,
                !onScreen.contains(ObjectIdentifier(proxy.viewControllable.viewController)),
                reported.insert(check.proxy).inserted
            else {
                continue
            }
            let plugin = config.routes[check.childRoute]?.plugin ?? "?"
            notify(
                "route \"\(check.parentRoute)\" attached route \"\(check.childRoute)\" (plugin \(plugin)) but never showed "
                    + "its view: present, push or embed the child's viewControllable after attachChild")
        }
    }

    /// Shows a RIB's failed task where its screen is, naming the route and plugin.
    func taskDidFail(of interactor: Interactor, _ error: any Error) {
        let router = router(of: interactor)
        let tag = interactor.hostTag as? RouteTag ?? router.flatMap(tag(of:))
        let origin = tag.map { "route \($0.routeID) (plugin \($0.plugin))" } ?? "a screen"
        let message = "\(origin): a task failed: \(error.userMessage)"
        if let view = router?.viewableRouting?.viewControllable.viewController {
            view.failure = ErrorScreen.failureContent(message: message, canGoBack: view.backAction != nil)
        } else {
            notify(message)
        }
    }

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

    /// A route built: its router, the scope it provides to those below it, and the
    /// generation of its plugin file it was built from.
    struct Built {
        let router: Routing
        let scope: DependencyScope
        let generation: Int
    }

    /// A route ready to build: its plugin loaded, and the tag its routers keep.
    /// A slot keeps it for the builds that follow while ``isCurrent(_:)``. A class:
    /// a build passes one reference, not the route's and the plugin's fields.
    final class Resolved {
        let route: Route
        let loaded: LoadedPlugin
        let tag: RouteTag
        fileprivate let configVersion: Int
        fileprivate let loaderEpoch: Int

        fileprivate init(route: Route, loaded: LoadedPlugin, tag: RouteTag, configVersion: Int, loaderEpoch: Int) {
            self.route = route
            self.loaded = loaded
            self.tag = tag
            self.configVersion = configVersion
            self.loaderEpoch = loaderEpoch
        }
    }

    /// Looks up `routeID` and loads its plugin.
    func resolve(_ routeID: String) throws(RouteError) -> Resolved {
        guard let route = config.routes[routeID] else { throw .unknownRoute(route: routeID) }
        if let summary = Supervisor.crashedRoutes[routeID] { throw .crashedEarlier(route: routeID, summary: summary) }
        let loaded = try load(route)
        return Resolved(
            route: route, loaded: loaded, tag: RouteTag(routeID: routeID, plugin: loaded.manifest.name),
            configVersion: configVersion, loaderEpoch: loader.epoch)
    }

    /// Whether `resolved` is still what ``resolve(_:)`` would give: no config was
    /// applied and no plugin loaded since. Never for a pinned route, whose file is
    /// checked against its pin at every build.
    func isCurrent(_ resolved: Resolved) -> Bool {
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
    func build(
        _ resolved: Resolved, parameters: JSONValue, listener: ScreenListener?, scope parentScope: DependencyScope,
        hostView: ViewControllable?, state: ((any Decodable.Type) throws -> Any)? = nil
    ) throws(RouteError) -> Built {
        let (route, loaded, routeID) = (resolved.route, resolved.loaded, resolved.route.id)
        if let missing = loaded.manifest.requires.first(where: { !parentScope.contains($0) }) {
            throw .missingDependency(route: routeID, plugin: route.plugin, dependency: missing)
        }
        let scope = DependencyScope(parent: parentScope)
        scope.declare(
            requires: loaded.manifest.requires, provides: loaded.manifest.provides, route: routeID, plugin: route.plugin
        )
        // One object that both closures capture, and nothing else: each closure's
        // context is then that object, not an allocation of its own.
        let slots = ScreenSlots(tree: self, route: route, scope: scope, declaredSlots: loaded.manifest.slots)
        let context = ScreenContext(
            routeID: routeID,
            routeParameters: route.parameters,
            callParameters: parameters,
            listener: listener,
            dependencies: scope,
            hostView: hostView,
            slot: { name in slots.slot(name) }
        )
        context.decodeState = state
        context.builderProvider = { name in try slots.builder(forSlot: name) }
        let router: Routing
        CrashRecord.noteActivity("building route \(routeID) (plugin \(loaded.manifest.name))")
        defer { CrashRecord.noteActivity("") }
        do {
            router = try loaded.plugin.makeBuilder().build(with: context)
        } catch {
            throw .buildFailed(route: routeID, plugin: route.plugin, message: error.userMessage)
        }
        record(router, tag: resolved.tag)
        return Built(router: router, scope: scope, generation: loaded.generation)
    }

    /// The builder of the plugin bound to a parent's slot, for a typed slot
    /// (``ScreenContext/slot(_:as:)``): a new one from the plugin, bound to the
    /// slot, through which it builds the route as any child is built.
    fileprivate func typedBuilder(
        parentRoute: Route, slot name: String, scope: DependencyScope,
        declaredSlots: [String]
    ) throws -> AnyObject {
        let slot = RouteSlot(
            tree: self, parentRoute: parentRoute, name: name, scope: scope, declaredSlots: declaredSlots)
        let childID = try slot.boundRoute()
        guard let child = config.routes[childID] else { throw RouteError.unknownRoute(route: childID) }
        let builder: AnyObject = try load(child).plugin.makeBuilder()
        bindBuilder(builder, to: slot)
        return builder
    }

    /// Loads the plugin of every route now, as `run --eager` asks, instead of
    /// when each route is first built.
    ///
    /// - Throws: ``RouteError/pluginUnusable(route:_:)`` for the first that fails.
    public func loadAllPlugins() throws(RouteError) {
        for route in config.routes.values.sorted(by: { $0.id < $1.id }) { _ = try load(route) }
    }

    /// Loads a route's plugin, telling a supervisor first which file holds which
    /// plugin and that its entry is being called, so a crash report can name it.
    private func load(_ route: Route) throws(RouteError) -> LoadedPlugin {
        let base = configFolder
        do {
            if CrashRecord.isSupervised {
                let file = try loader.describe(route.plugin, relativeTo: base, pin: route.sha256)
                notePlugin(file: file.file.path, name: file.manifest.name, route: route.id)
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

    private func notePlugin(file: String, name: String, route: String) {
        pluginNames[file] = name
        guard pluginRoutes[file, default: []].insert(route).inserted else { return }
        notePlugins()
    }

    /// Tells a supervisor each plugin file's name, routes and image names
    /// (``CrashRecord/notePlugins(_:)``).
    private func notePlugins() {
        CrashRecord.notePlugins(
            pluginRoutes.map { file, routes in
                "\(file)\t\(pluginNames[file] ?? "")\t\(routes.sorted().joined(separator: " "))\t\(mappedNames[file, default: []].joined(separator: " "))"
            }.joined(separator: "\n"))
    }

    /// The plugin a route's screens come from, by the route's id, for notes.
    public func plugin(ofRoute routeID: String) -> String? {
        config.routes[routeID]?.plugin
    }

    func record(_ router: Routing, routeID: String, plugin: String) {
        record(router, tag: RouteTag(routeID: routeID, plugin: plugin))
    }

    /// Keeps `tag` on `router`'s interactor, which also names a task of it that
    /// fails once it is detached; in a table of weak references for a router
    /// whose interactor is not an ``Interactor`` (a mock).
    func record(_ router: Routing, tag: RouteTag) {
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
    private func router(of interactor: Interactor) -> Routing? {
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

/// What the tree keeps on a router it built (on its interactor,
/// `Interactor.setHostTag(_:for:)`): the route and
/// plugin it was built for. One is shared by every build through a slot.
final class RouteTag {
    let routeID: String
    let plugin: String

    init(routeID: String, plugin: String) {
        self.routeID = routeID
        self.plugin = plugin
    }
}

/// What a route's screen asks its context for: its slots and, for typed slots,
/// the builders bound to them.
@MainActor
private final class ScreenSlots {
    // Weak: the tree holds the root, which holds the contexts its builders keep.
    private weak var tree: RouteTree?
    private let route: Route
    private let scope: DependencyScope
    private let declaredSlots: [String]

    init(tree: RouteTree, route: Route, scope: DependencyScope, declaredSlots: [String]) {
        self.tree = tree
        self.route = route
        self.scope = scope
        self.declaredSlots = declaredSlots
    }

    func slot(_ name: String) -> ChildSlot {
        RouteSlot(tree: tree, parentRoute: route, name: name, scope: scope, declaredSlots: declaredSlots)
    }

    func builder(forSlot name: String) throws -> AnyObject {
        guard let tree else { throw RouteError.treeGone(route: route.id) }
        return try tree.typedBuilder(parentRoute: route, slot: name, scope: scope, declaredSlots: declaredSlots)
    }
}

/// A router of a type that keeps no tag (a mock), and its tag.
private struct RouterRecord {
    weak var router: Routing?
    let tag: RouteTag
}

/// A parent's slot, bound by the config to a child route.
///
/// What it builds is wrapped in a ``SlotProxy``, so a live swap can put a new
/// build of the child in the same place without the parent knowing.
@MainActor
private final class RouteSlot: ChildSlot {
    let name: String
    // Weak: the tree holds the root, which holds the slots its builders keep.
    private weak var tree: RouteTree?
    /// The parent's route as it was when the parent was built: a config applied
    /// live may change the binding, which the tree's config then has.
    private let parentRoute: Route
    private let scope: DependencyScope

    /// The slots the parent's manifest declares; an empty list for a plugin linked
    /// in, whose manifest the tree does not check.
    private let declaredSlots: [String]

    init(tree: RouteTree?, parentRoute: Route, name: String, scope: DependencyScope, declaredSlots: [String]) {
        self.tree = tree
        self.parentRoute = parentRoute
        self.name = name
        self.scope = scope
        self.declaredSlots = declaredSlots
    }

    /// The route bound to the slot now.
    private var childRoute: String? {
        childRoute(in: tree)
    }

    private func childRoute(in tree: RouteTree?) -> String? {
        // No config applied since it was resolved: the binding is the same.
        if let resolved, let tree, tree.isCurrent(resolved) { return resolved.route.id }
        return (tree?.config.routes[parentRoute.id] ?? parentRoute).children[name]
    }

    /// The bound route resolved, for the builds that follow the first.
    @exclusivity(unchecked) private var resolved: RouteTree.Resolved?

    func build(listener: ScreenListener, parameters: JSONValue) -> ViewableRouting {
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

    func build(listener: ScreenListener, parameters: JSONValue, hostView: ViewControllable) -> Routing {
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

    private func boundRoute(in tree: RouteTree?) throws(RouteError) -> String {
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

    private func buildChild(
        in tree: RouteTree?, listener: ScreenListener, parameters: JSONValue,
        hostView: ViewControllable?
    ) throws -> RouteTree.Built {
        let childRoute = try boundRoute(in: tree)
        guard let tree else { throw RouteError.treeGone(route: childRoute) }
        let current: RouteTree.Resolved
        if let resolved, tree.isCurrent(resolved) {
            current = resolved
        } else {
            current = try tree.resolve(childRoute)
            resolved = current
        }
        return try tree.build(current, parameters: parameters, listener: listener, scope: scope, hostView: hostView)
    }

    private func errorScreen(_ error: Error, listener: ScreenListener) -> ViewableRouting {
        let router = ErrorScreen.build(message: error.userMessage, listener: listener)
        tree?.record(router, routeID: childRoute ?? name, plugin: "error")
        return router
    }
}
