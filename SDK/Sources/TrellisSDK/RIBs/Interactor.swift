/// What a scope bound to an interactor's active state needs to know.
@MainActor
public protocol InteractorScope: AnyObject {
    /// Whether the interactor is active: attached and not yet detached.
    var isActive: Bool { get }

    /// The active state now and at every change.
    var isActiveStream: Observable<Bool> { get }
}

/// The business logic of a RIB, driven by its router's attach and detach.
@MainActor
public protocol Interactable: InteractorScope {
    /// Activates the interactor; its router calls this when it is attached.
    func activate()

    /// Deactivates the interactor; its router calls this when it is detached.
    func deactivate()
}

/// The base class of every interactor.
///
/// Trellis drives `activate()` and `deactivate()`; subclasses fill in
/// ``didBecomeActive()`` and ``willResignActive()``. Subscriptions made while active
/// with ``Disposable/disposeOnDeactivate(interactor:)`` end at deactivation.
@MainActor
open class Interactor: Interactable {
    // Main-actor state that no access overlaps (see Router.children): unchecked.
    /// Whether the interactor is active: attached to the tree and not yet detached.
    @exclusivity(unchecked) public final private(set) var isActive = false
    /// The stream of the active state, made when something first observes it:
    /// most interactors are only followed by their own router, which is told
    /// directly.
    @exclusivity(unchecked) private var isActiveRelay: BehaviorRelay<Bool>?
    /// The router that follows this interactor's active state. Not retained, and
    /// no weak reference (whose side table would slow every retain of the router):
    /// the router clears it when it goes away.
    @exclusivity(unchecked) unowned(unsafe) var follower: (any ActiveStateFollower)?
    /// What ends at deactivation, made when the first thing is bound: most
    /// interactors bind nothing, and activation then allocates nothing.
    @exclusivity(unchecked) private var activeScope: DisposeBag?
    /// Set while the active scope is being disposed, so nothing bound meanwhile
    /// outlives the deactivation.
    @exclusivity(unchecked) private var isResigning = false

    /// The host's ticket for this interactor once its RIB is detached, given back
    /// through ``HostHooks/onDeallocation`` when it goes away; 0 for none.
    @_spi(TrellisHost) @exclusivity(unchecked) public final var deallocationTicket = 0

    /// What the host keeps on the interactor of a router it built for a route
    /// (its route and plugin), to name the router and a task of it that fails.
    /// A router keeps nothing for the host, so that a mock can conform to
    /// ``Routing`` with the public API alone.
    @_spi(TrellisHost) @exclusivity(unchecked) public final var hostTag: AnyObject?
    @exclusivity(unchecked) private var hostTagOwner: ObjectIdentifier?

    /// Keeps `tag` as ``hostTag``, the tag of `router`, a router of this interactor.
    @_spi(TrellisHost)
    public final func setHostTag(_ tag: AnyObject, for router: Routing) {
        hostTag = tag
        hostTagOwner = ObjectIdentifier(router)
    }

    /// The tag ``setHostTag(_:for:)`` gave `router`, or `nil`.
    @_spi(TrellisHost)
    public final func hostTag(for router: Routing) -> AnyObject? {
        hostTagOwner == ObjectIdentifier(router) ? hostTag : nil
    }

    /// Whether `router` is the router that follows this interactor's state: an
    /// SDK router, loaded, that gives back its ticket when it goes away.
    @_spi(TrellisHost)
    public final func isFollowed(by router: Routing) -> Bool {
        follower === router
    }

    /// The host's ticket for the router that follows this interactor, and which
    /// router that is, given back when that router goes away.
    @exclusivity(unchecked) private var routerTicket = 0
    @exclusivity(unchecked) private var routerTicketOwner: ObjectIdentifier?

    /// The host's ticket for `router`, a router of this interactor, given back
    /// through ``HostHooks/onDeallocation`` when the router goes away.
    @_spi(TrellisHost)
    public final func setRouterDeallocationTicket(_ ticket: Int, for router: Routing) {
        routerTicket = ticket
        routerTicketOwner = ObjectIdentifier(router)
    }

    /// The ticket ``setRouterDeallocationTicket(_:for:)`` gave `router`, or 0.
    @_spi(TrellisHost)
    public final func routerDeallocationTicket(for router: Routing) -> Int {
        routerTicketOwner == ObjectIdentifier(router) ? routerTicket : 0
    }

    /// Gives back the ticket of the router `router` names, if it holds one.
    final func routerDidGoAway(_ router: ObjectIdentifier) {
        guard routerTicket != 0, routerTicketOwner == router else { return }
        let ticket = routerTicket
        routerTicket = 0
        routerTicketOwner = nil
        HostHooks.onDeallocation?(ticket)
    }

    /// Creates an inactive interactor.
    public init() {}

    /// Whether the interactor is active, now and at each change; completes when the interactor goes away.
    public final var isActiveStream: Observable<Bool> {
        let relay = isActiveRelay ?? BehaviorRelay(value: isActive)
        isActiveRelay = relay
        return relay.asObservable().distinctUntilChanged()
    }

    /// Makes the interactor active: its router was attached. Calls ``didBecomeActive()``.
    public final func activate() {
        guard !isActive else { return }
        isActive = true
        isActiveRelay?.accept(true)
        follower?.interactorDidChangeActiveState(true)
        didBecomeActive()
    }

    /// Called once the interactor is active. Does nothing by default.
    open func didBecomeActive() {}

    /// Makes the interactor inactive: its router was detached. Calls ``willResignActive()`` and disposes what was bound with `disposeOnDeactivate`.
    public final func deactivate() {
        guard isActive else { return }
        willResignActive()
        if let scope = activeScope {
            activeScope = nil
            isResigning = true
            scope.dispose()
            isResigning = false
        }
        isActive = false
        isActiveRelay?.accept(false)
        follower?.interactorDidChangeActiveState(false)
    }

    /// Called while the interactor is still active, just before it stops being.
    /// Does nothing by default.
    open func willResignActive() {}

    fileprivate func bindToActiveScope(_ disposable: Disposable) {
        guard isActive, !isResigning else {
            // Binding outside the active scope would leak; end it at once instead.
            disposable.dispose()
            return
        }
        let scope = activeScope ?? DisposeBag()
        activeScope = scope
        scope.insert(disposable)
    }

    isolated deinit {
        if isActive { deactivate() }
        // As RxSwift's completes: the stream completes, and its observers are let go.
        isActiveRelay?.end()
        if deallocationTicket != 0 { HostHooks.onDeallocation?(deallocationTicket) }
    }
}

/// What follows an interactor's active state without observing its stream: its
/// own router, which activates and deactivates its children with it.
@MainActor
protocol ActiveStateFollower: AnyObject {
    func interactorDidChangeActiveState(_ isActive: Bool)
}

extension Disposable {
    /// Disposes this subscription when `interactor` deactivates.
    ///
    /// If the interactor is not active, the subscription is disposed at once.
    ///
    /// - Parameter interactor: The interactor whose active scope owns the subscription.
    /// - Returns: This disposable, as RIBs returns it, to keep or dispose early.
    @discardableResult
    public func disposeOnDeactivate(interactor: Interactor) -> Disposable {
        interactor.bindToActiveScope(self)
        return self
    }
}

/// What a presenter hands to the interactor that drives it.
@MainActor
public protocol Presentable: AnyObject {}

/// An interactor that owns a presenter, which it updates from its state.
@MainActor
open class PresentableInteractor<PresenterType>: Interactor {
    /// The presenter, usually the screen's view controller.
    public let presenter: PresenterType

    /// Creates an interactor that drives `presenter`.
    public init(presenter: PresenterType) {
        self.presenter = presenter
        super.init()
    }

    /// As RIBs' does, it expects its presenter to go away with it
    /// (``LeakDetector/expectDeallocate(object:inTime:)``).
    // Isolated, as Interactor's: without it, Swift 6.3.1 writes a nonisolated
    // `deinit` into the library-evolution interface, which fails to verify.
    isolated deinit {
        LeakDetector.expectRIBObjectDeallocated(presenter as AnyObject)
    }
}
