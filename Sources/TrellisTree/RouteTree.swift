import Foundation
import TrellisConfig
import TrellisIsolation
import TrellisLoader
@_spi(TrellisHost) import TrellisSDK

/// The live app: the config's routes built into one router tree.
///
/// Parents reach their children only through ``ChildSlot``s, which this type hands
/// them; it looks up the bound route, loads its plugin and builds it. A child that
/// cannot be built is replaced by a screen showing why, so the rest keeps running.
@MainActor
public final class RouteTree {
    /// The config the tree is built from; ``apply(_:)`` changes it live.
    public package(set) var config: RouteConfig {
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
    package var configFolder: URL

    package let loader: PluginLoader
    var records: [RouterRecord] = []
    /// The routers ``buildChain(_:)`` built, kept while the check runs.
    var chainKeptAlive: [Routing] = []

    /// The root router, once ``launch()`` has built it.
    public package(set) var root: ViewableRouting?
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
    var pendingNotices: [String] = []

    /// Tells ``onNotice``, or keeps `notice` until it is set.
    package func notify(_ notice: String) {
        if let onNotice { onNotice(notice) } else { pendingNotices.append(notice) }
    }

    /// The window the root route is launched in.
    public let window = AppWindow()

    /// Checks that detached routes are deallocated.
    public let leakDetector = LeakDetector()

    /// What the app's process tells this tree: the routes that crashed before.
    package let context: HostContext

    /// Creates a tree for `config`, loading plugins with `loader`, in `context`.
    public init(config: RouteConfig, loader: PluginLoader, context: HostContext = HostContext()) {
        self.config = config
        self.configFolder = config.file.deletingLastPathComponent()
        self.loader = loader
        self.context = context
    }

    /// A tree that goes away leaves the trees launched: a report then finds the tree
    /// launched before it, and a detach with no tree finds an empty list at once.
    isolated deinit {
        HookRoutes.current.launched.removeAll { $0.tree == nil }
    }

    /// Builds the root route, activates it and loads it.
    ///
    /// - Throws: ``RouteError`` when the root cannot be built: with nothing to show,
    ///   the app cannot start.
    public func launch() throws(RouteError) {
        try launch(listener: nil)
    }

    /// Launches the tree with `listener` as its root's: a route run in a process
    /// of its own hears its parent's listener through it.
    package func launch(
        listener: ScreenListener?, parameters: JSONValue = .object([:]),
        state: ((any Decodable.Type) throws -> Any)? = nil
    ) throws(RouteError) {
        // Before the root is built: what its builder reports is the tree's.
        HookRoutes.current.launched.removeAll { $0.tree == nil }
        HookRoutes.current.launched.append(WeakRouteTree(tree: self))
        Self.installHooks()
        // What the root's build reports is this tree's.
        let previous = Self.acting
        Self.acting = self
        defer { Self.acting = previous }
        if leakDetector.onLeak == nil { leakDetector.onLeak = { [weak self] in self?.notify($0) } }
        // A process started ahead for the first isolated route the user opens.
        if config.routes.values.contains(where: { $0.isolation == .process }) { context.pluginHosts.keepSpare() }
        let built =
            config.routes[config.root]?.isolation == .process
            ? try buildIsolated(config.root, parameters: parameters, listener: listener)
            : try buildReturningScope(
                routeID: config.root, parameters: parameters, listener: listener,
                scope: DependencyScope(), hostView: nil, state: state)
        guard let viewable = built.router.viewableRouting else {
            throw .rootHasNoView(route: config.root, plugin: config.routes[config.root]?.plugin ?? "")
        }
        start(viewable, generation: built.generation)
    }

    /// The tree whose work is being done, when several run in one process
    /// (`trellis serve` has one a browser tab): a plugin's report that names no
    /// router of a tree (a notice, a misuse) goes to it; `nil` for the last launched.
    public static var acting: RouteTree? {
        get { HookRoutes.current.acting }
        set { HookRoutes.current.acting = newValue }
    }

    /// Where a report goes that names no tree and comes while none is acting (a
    /// timer's, a task's), when several trees run: `serve` writes it to standard
    /// error rather than show one tab what another tab's plugin said. `nil` (one
    /// tree): the last launched takes it.
    public static var unclaimedReports: ((String) -> Void)? {
        get { HookRoutes.current.unclaimedReports }
        set { HookRoutes.current.unclaimedReports = newValue }
    }

    /// The tree a report with no router of its own goes to: the acting one, else
    /// (unless ``unclaimedReports`` takes it) the last launched.
    private static var reporting: RouteTree? {
        if let acting { return acting }
        guard unclaimedReports == nil else { return nil }
        // A loop, not `last(where:)`: a closure formed on the main actor is checked
        // at each call to run there, which cost as much as the detach itself.
        for entry in HookRoutes.current.launched.reversed() {
            if let tree = entry.tree { return tree }
        }
        return nil
    }

    /// The tree that built `router`'s interactor, else the one acting.
    private static func tree(of interactor: Interactable?) -> RouteTree? {
        builder(of: interactor) ?? reporting
    }

    /// The tree that built `interactor`, if one did.
    private static func builder(of interactor: Interactable?) -> RouteTree? {
        ((interactor as? Interactor)?.hostTag as? RouteTag)?.tree
    }

    /// The tree a detached child belongs to: the one that built it, else the one
    /// that built the router detaching it, else the acting one, else the only tree
    /// alive. With several trees and no clue (tests running side by side), none:
    /// a guess would check one tree's routers against another's and report them.
    private static func tree(detaching child: Routing, from parent: Routing) -> RouteTree? {
        if let tree = builder(of: child.interactable) ?? builder(of: parent.interactable) ?? acting {
            return tree
        }
        var alive: RouteTree?
        for entry in HookRoutes.current.launched {
            guard let tree = entry.tree else { continue }
            guard alive == nil else { return nil }
            alive = tree
        }
        return alive
    }

    /// Says `report` in the tree it belongs to, or where ``unclaimedReports`` says.
    private static func report(_ report: String) {
        if let tree = reporting { tree.notify(report) } else { unclaimedReports?(report) }
    }

    /// Points the SDK's hooks at the tree each report belongs to: a router's or
    /// an interactor's own tree when it is known, else the acting one.
    private static func installHooks() {
        HostKey.changeHooks { hooks in
            hooks.onTaskFailure = { interactor, error in
                if let tree = tree(of: interactor) {
                    tree.taskDidFail(of: interactor, error)
                } else {
                    unclaimedReports?("a task of a screen failed: \(error.userMessage)")
                }
            }
            hooks.onMisuse = { misuse in report("a plugin's programming error: \(misuse)") }
            hooks.onNotice = { notice in report(notice) }
            hooks.onDetach = { router, parent in
                guard let tree = tree(detaching: router, from: parent) else { return }
                let rib = DetachedRIB(router)
                tree.leakDetector.expectDeallocation(of: rib, origin: tree.origin(of: rib))
            }
        }
    }

    /// Makes `viewable` the root and starts it. A LaunchRouter is launched, as
    /// RIBs' app delegate launches it; any other root is activated and loaded the
    /// same way.
    package func start(_ viewable: ViewableRouting, generation: Int) {
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
    package func origin(of router: Routing) -> LeakDetector.Origin {
        origin(of: DetachedRIB(router))
    }

    package func origin(of rib: DetachedRIB) -> LeakDetector.Origin {
        LeakDetector.Origin(route: tag(of: rib), routerType: type(of: rib.child))
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

    public func pathShown(below router: Routing) -> [String]? {
        (router.interactable as? IsolatedInteractor)?.pathShown
    }

    /// What the tree keeps on `router`: its route and plugin.
    package func tag(of router: Routing) -> RouteTag? {
        tag(of: DetachedRIB(router))
    }

    package func tag(of rib: DetachedRIB) -> RouteTag? {
        if let interactor = rib.interactor { return interactor.hostTag(for: rib.child) as? RouteTag }
        return records.first { $0.router === rib.child }?.tag
    }

    @exclusivity(unchecked) var shownChecks: [ShownCheck] = []

    /// A route built: its router, the scope it provides to those below it, and the
    /// generation of its plugin file it was built from.
    package struct Built {
        package let router: Routing
        package let scope: DependencyScope
        package let generation: Int
    }

    /// A route ready to build: its plugin loaded, and the tag its routers keep.
    /// A slot keeps it for the builds that follow while ``isCurrent(_:)``. A class:
    /// a build passes one reference, not the route's and the plugin's fields.
    package final class Resolved {
        package let route: Route
        package let loaded: LoadedPlugin
        package let tag: RouteTag
        let configVersion: Int
        let loaderEpoch: Int

        package init(route: Route, loaded: LoadedPlugin, tag: RouteTag, configVersion: Int, loaderEpoch: Int) {
            self.route = route
            self.loaded = loaded
            self.tag = tag
            self.configVersion = configVersion
            self.loaderEpoch = loaderEpoch
        }
    }

    /// The builder of the plugin bound to a parent's slot, for a typed slot
    /// (``ScreenContext/slot(_:as:)``): a new one from the plugin, bound to the
    /// slot, through which it builds the route as any child is built.
    func typedBuilder(
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

}
