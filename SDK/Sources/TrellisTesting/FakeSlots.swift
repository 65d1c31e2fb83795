import TrellisSDK

/// Slots for a screen under test: each records what the screen built from it
/// (with which parameters and listener) and builds a stand-in child, as RIBs'
/// router tests use mock child builders.
///
/// The stand-in shows `<slot> slot` and a Close button that asks its listener to
/// dismiss it, and goes back as the host's children do. Give a slot a child of
/// your own with ``standIns``.
@MainActor
public final class FakeSlots {
    /// One build from a slot.
    public struct Build {
        /// The slot's name.
        public let slot: String
        /// The parameters the parent passed.
        public let parameters: JSONValue
        /// The listener the parent passed: usually the parent's interactor.
        public weak var listener: ScreenListener?
        /// Whether the parent lent the child a view to show itself in (a viewless child).
        public let hadHostView: Bool
    }

    /// Every build so far, oldest first.
    public private(set) var builds: [Build] = []

    /// What a slot builds instead of the stand-in, by slot name: given the
    /// listener and parameters, a router with a view.
    public var standIns: [String: (ScreenListener, JSONValue) -> ViewableRouting] = [:]

    /// What a typed slot (`ScreenContext.slot(_:as:)`) gives, by slot name: a
    /// mock of the child's builder protocol, as RIBs' router tests use.
    public var builders: [String: AnyObject] = [:]

    /// The slot of each router built, for ``ScreenTester/tree``.
    private var slotOfRouter: [ObjectIdentifier: (router: WeakRouter, slot: String)] = [:]

    /// Slots with the stand-in child.
    public init() {}

    /// The slot named `name`: what a `ScreenContext` asks for.
    public func slot(named name: String) -> ChildSlot {
        FakeSlot(name: name, slots: self)
    }

    /// The slot `router` was built from, if a fake slot built it.
    func slotName(of router: Routing) -> String? {
        slotOfRouter[ObjectIdentifier(router)].flatMap { $0.router.value === router ? $0.slot : nil }
    }

    fileprivate func build(_ slot: String, listener: ScreenListener, parameters: JSONValue, hostView: ViewControllable?)
        -> ViewableRouting
    {
        builds.append(Build(slot: slot, parameters: parameters, listener: listener, hadHostView: hostView != nil))
        let router = standIns[slot]?(listener, parameters) ?? StandInInteractor.screen(slot: slot, listener: listener)
        router.viewControllable.viewController.backAction = { [weak listener] in
            listener?.screenDidRequestDismiss(slot: slot)
        }
        hostView?.viewController.embed(router.viewControllable)
        slotOfRouter[ObjectIdentifier(router)] = (WeakRouter(value: router), slot)
        return router
    }
}

/// A listener that records what the screen under test tells its parent.
@MainActor
public final class RecordingListener: ScreenListener {
    /// Each request to be dismissed, oldest first: the slot it named, or `nil`
    /// for `ScreenListener.screenDidRequestDismiss()`.
    public private(set) var dismissRequests: [String?] = []

    /// A listener that has heard nothing yet.
    public init() {}

    /// Records a request that names no slot.
    public func screenDidRequestDismiss() {
        dismissRequests.append(nil)
    }

    /// Records a request for the child in `slot`.
    public func screenDidRequestDismiss(slot: String) {
        dismissRequests.append(slot)
    }
}

@MainActor
private final class FakeSlot: ChildSlot {
    let name: String
    private weak var slots: FakeSlots?

    init(name: String, slots: FakeSlots) {
        self.name = name
        self.slots = slots
    }

    func build(listener: ScreenListener, parameters: JSONValue) -> ViewableRouting {
        slots?.build(name, listener: listener, parameters: parameters, hostView: nil)
            ?? StandInInteractor.screen(slot: name, listener: listener)
    }

    func build(listener: ScreenListener, parameters: JSONValue, hostView: ViewControllable) -> Routing {
        slots?.build(name, listener: listener, parameters: parameters, hostView: hostView)
            ?? StandInInteractor.screen(slot: name, listener: listener)
    }
}

/// The stand-in child: its Close asks the listener to dismiss it.
private final class StandInInteractor: PresentableInteractor<ViewController> {
    private weak var listener: ScreenListener?
    private let slot: String

    init(slot: String, view: ViewController, listener: ScreenListener) {
        self.slot = slot
        self.listener = listener
        super.init(presenter: view)
    }

    static func screen(slot: String, listener: ScreenListener) -> ViewableRouting {
        let view = ViewController(content: .vstack([.text("\(slot) slot"), .button("Close")]))
        return ViewableRouter(
            interactor: StandInInteractor(slot: slot, view: view, listener: listener), viewController: view)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.taps("Close")
            .bind { [weak self] in
                guard let self else { return }
                listener?.screenDidRequestDismiss(slot: slot)
            }
            .disposeOnDeactivate(interactor: self)
    }
}

struct WeakRouter {
    weak var value: Routing?
}
