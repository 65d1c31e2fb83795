@_spi(TrellisHost) import TrellisSDK

/// What a parent holds for the child it built from a slot: a stand-in for the
/// child's router that the host can point at a new build of the child.
///
/// A parent keeps the router its slot returned (to detach it, to dismiss its view)
/// and cannot be told of a new one. So the slot returns this proxy, which passes
/// every call to the child's router of the moment, ``current``; a live swap
/// replaces ``current`` and leaves the parent's reference as it was. The proxy is
/// transparent: its interactor, children and route are those of ``current``.
@MainActor
package class SlotProxy: Routing {
    /// The child's router now.
    private(set) var current: Routing
    /// The route the child is built for; a config edit may bind the slot to another.
    package var routeID: String
    /// The parent's route and the slot's name, to find the binding in a new config.
    let parentRouteID: String
    package let slot: String
    /// What the parent passed to the build, to build the child again the same way.
    package let parameters: JSONValue
    private(set) weak var listener: ScreenListener?
    package let scope: DependencyScope
    private(set) weak var hostView: ViewControllable?
    /// The plugin file's generation ``current`` was built from, to know it is stale.
    package var generation: Int
    /// The generation of a child that could not be built: any reload tries again.
    static let failedGeneration = -1

    private(set) var isLoaded = false

    /// The leak detector's ticket once the proxy is detached; see ``LeakDetector``.
    @exclusivity(unchecked) var deallocationTicket = 0

    package init(
        current: Routing, routeID: String, parentRouteID: String, slot: String, parameters: JSONValue,
        listener: ScreenListener, scope: DependencyScope, hostView: ViewControllable?, generation: Int
    ) {
        self.current = current
        self.routeID = routeID
        self.parentRouteID = parentRouteID
        self.slot = slot
        self.parameters = parameters
        self.listener = listener
        self.scope = scope
        self.hostView = hostView
        self.generation = generation
    }

    deinit {
        if deallocationTicket != 0 { HostHooks.onDeallocation?(deallocationTicket) }
    }

    package var interactable: Interactable { current.interactable }
    package var children: [Routing] { current.children }
    package var viewableRouting: ViewableRouting? { nil }

    package func load() {
        isLoaded = true
        current.load()
    }

    package func attachChild(_ child: Routing) { current.attachChild(child) }
    package func detachChild(_ child: Routing) { current.detachChild(child) }

    /// Puts `router` in the place of ``current``, in the same state: active if the
    /// old one was, loaded if it was. The old one is deactivated first.
    ///
    /// - Returns: The router replaced, for the caller's leak check.
    package func replace(with router: Routing, generation: Int) -> Routing {
        let old = current
        let wasActive = old.interactable.isActive
        old.interactable.deactivate()
        current = router
        self.generation = generation
        show(router)
        if wasActive { router.interactable.activate() }
        if isLoaded { router.load() }
        return old
    }

    /// Shows `router`'s view where the old one was; a viewless child shows itself.
    package func show(_ router: Routing) {}
}

/// A ``SlotProxy`` for a child with a view: the parent presents, pushes or embeds
/// the proxy's own view, which shows the child's view in its place.
@MainActor
package final class ViewableSlotProxy: SlotProxy, ViewableRouting {
    private let container = ViewController()

    package init(
        current: ViewableRouting, routeID: String, parentRouteID: String, slot: String, parameters: JSONValue,
        listener: ScreenListener, scope: DependencyScope, generation: Int
    ) {
        super.init(
            current: current, routeID: routeID, parentRouteID: parentRouteID, slot: slot, parameters: parameters,
            listener: listener, scope: scope, hostView: nil, generation: generation)
        container.embed(current.viewControllable)
    }

    package var viewControllable: ViewControllable { container }
    package override var viewableRouting: ViewableRouting? { self }

    /// The child's own view, shown in the proxy's.
    package var currentView: ViewController? { current.viewableRouting?.viewControllable.viewController }

    package override func show(_ router: Routing) {
        container.embed(router.viewableRouting?.viewControllable)
    }
}

extension Routing {
    /// The router a slot's proxy stands for, or this router if it is not one.
    var unproxied: Routing { (self as? SlotProxy)?.current ?? self }
}

/// A detached router's parts, each looked up once: a detach's bookkeeping reads
/// them several times, and each is a call into the SDK's resilient library (or a
/// cast) that a million detaches a second feel (Docs/Performance.md).
@MainActor
package struct DetachedRIB {
    /// The slot's proxy the parent detached, if it was one.
    let proxy: SlotProxy?
    /// The router the proxy stood for, else the one detached.
    package let child: Routing
    package let interactable: Interactable
    /// The interactor as the SDK's class: `nil` for a mock.
    package let interactor: Interactor?

    package init(_ router: Routing) {
        proxy = router as? SlotProxy
        child = proxy?.current ?? router
        interactable = child.interactable
        interactor = interactable as? Interactor
    }
}
