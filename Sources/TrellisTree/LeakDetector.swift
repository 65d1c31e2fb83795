import Foundation
import TrellisLoader
import TrellisLoop
@_spi(TrellisHost) import TrellisSDK

/// Checks that a detached RIB goes away: its router, interactor and view must be
/// deallocated within a grace period after the detach, as RIBs'
/// `LeakDetector.expectDeallocate` checks. What stays alive is named by route,
/// plugin and type.
///
/// `TRELLIS_LEAKS` sets what a leak does: `warn` (the default: a line on standard
/// error headless, a note in the status line in the terminal), `fatal` (headless,
/// the run ends with status 1 naming the leak; the project's tests run so), `off`.
@MainActor
public final class LeakDetector {
    /// What a leak does.
    public enum Mode: String, Sendable {
        case off, warn, fatal

        /// The mode `TRELLIS_LEAKS` asks for; `warn` when unset or unknown.
        public static var fromEnvironment: Mode {
            ProcessInfo.processInfo.environment["TRELLIS_LEAKS"].flatMap { Mode(rawValue: $0.lowercased()) } ?? .warn
        }
    }

    /// How long a detached RIB has to go away (RIBs' default).
    public static let gracePeriod: Duration = .seconds(1)

    /// What a report names as the detached RIB: its route and plugin, or its
    /// router's type. Formatted only for a report: a detach keeps the parts.
    package struct Origin: CustomStringConvertible {
        /// The route and plugin, kept as the router's tag: one reference.
        package var route: RouteTag?
        var routerType: Any.Type
        /// Swapped out by a live swap, not detached by its parent.
        var swappedOut = false

        package var description: String {
            (route.map { "route \($0.routeID) (plugin \($0.plugin))" } ?? "a \(routerType)")
                + (swappedOut ? ", swapped out" : "")
        }
    }

    /// What a detach watches. The SDK's routers, interactors and views, and the
    /// host's slot proxies, are given a ticket, which their deinitializers give back
    /// (`HostHooks.onDeallocation`): no weak reference, whose side table would slow
    /// every retain and release of the object. A ticket is the detector's number,
    /// the detach's serial and the object's kind.
    package enum Kind: Int, CaseIterable {
        case router, interactor, view, proxy
    }

    /// An object that takes no ticket (a mock router or interactor), watched
    /// through a weak reference.
    struct Expectation {
        package let kind: Kind
        package weak var object: AnyObject?
        package let type: Any.Type
    }

    package struct Detach {
        /// One more than the detach before: the pending detaches' serials have no
        /// gaps, so a ticket finds its detach by subtraction.
        let serial: Int
        package let origin: Origin
        /// The kinds whose ticketed object is still alive, one bit each.
        package var alive: UInt8
        let interactorType: Any.Type
        let viewType: Any.Type?
        var unticketed: [Expectation]
        package let deadline: ContinuousClock.Instant
    }

    /// The mode.
    public let mode: Mode
    /// Where leaks are reported.
    public var onLeak: ((String) -> Void)?
    /// Detaches not checked yet, oldest first (so by deadline and serial).
    /// Read and written on the main actor only: by its methods, and by a ticket
    /// given back, which runs at once on the thread ``MainActorThread`` claims and
    /// is queued on the main actor anywhere else (a check of the actor itself cost
    /// as much as the rest of a detach).
    @exclusivity(unchecked) package nonisolated(unsafe) var pending: [Detach] = []
    @exclusivity(unchecked) var nextSerial = 1
    /// Whether a check of the pending detaches is scheduled: one at a time,
    /// for the oldest, not one per detach.
    @exclusivity(unchecked) var isCheckScheduled = false
    /// This detector's place in ``HookRoutes/detectors``, the top bits of its tickets.
    package let number: Int

    /// Bits of a ticket below the detector's number: the serial, then the kind.
    /// A ticket is positive: 2^23 detectors, 2^38 detaches each.
    nonisolated package static let numberShift = 40

    /// Creates a detector in `mode`.
    public init(mode: Mode = .fromEnvironment) {
        self.mode = mode
        number = HookRoutes.current.detectors.count
        HookRoutes.current.detectors.append(Unmanaged.passUnretained(self))
        // The SDK's detector, which RIBs' routers report to, is this check.
        if !(TrellisSDK.LeakDetector.instance is SDKLeakDetector) {
            TrellisSDK.LeakDetector.setInstance(SDKLeakDetector.shared)
        }
        if HostHooks.onDeallocation == nil {
            HostKey.changeHooks { $0.onDeallocation = Self.giveBack }
        }
    }

    /// Gives back the ticket of a RIB that went away (``HostHooks/onDeallocation``).
    private static let giveBack: @Sendable (Int) -> Void = { ticket in
        // Routers and interactors go away on the main actor; a view or a
        // proxy may go away elsewhere, and its ticket is given back there.
        if MainActorThread.isCurrent {
            LeakDetector.deallocated(ticket)
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { LeakDetector.deallocated(ticket) } }
        }
    }

    isolated deinit {
        HookRoutes.current.detectors[number] = nil
        // A detector that goes away while waiting stops waiting.
        if isWaiting {
            HookRoutes.current.waitingDetectors -= 1
            if HookRoutes.current.waitingDetectors == 0 { SDKLeakDetector.shared.checkDidChange(isWaiting: false) }
        }
    }

    /// The detector made last that is still alive: the one the SDK's
    /// `LeakDetector` reports to.
    static var newest: LeakDetector? {
        for detector in HookRoutes.current.detectors.reversed() {
            if let detector { return detector.takeUnretainedValue() }
        }
        return nil
    }

    /// An object the SDK's `LeakDetector` expects to go away, that no detach
    /// watches: a presenter that is not a view, or what a plugin asks about.
    package struct ObjectExpectation {
        package let id: Int
        package weak var object: AnyObject?
        package let type: Any.Type
        package let seconds: Double
        package let deadline: ContinuousClock.Instant
    }

    /// Objects expected by the SDK's `LeakDetector`, in the order they were.
    @exclusivity(unchecked) package var objects: [ObjectExpectation] = []
    @exclusivity(unchecked) var nextObjectID = 1

    /// An expectation of the SDK's `LeakDetector`, as RIBs' routers make when they
    /// go away. A router, interactor or view of a RIB the host built is checked at
    /// its detach (and one never attached never ran): nothing more. Another object
    /// is watched from now, for `seconds`.
    ///
    /// - Returns: What cancels the expectation: its number, or 0 for none.
    package func expect(_ object: AnyObject, within seconds: Double) -> Int {
        guard mode != .off, !(object is Interactor), !(object is ViewController), !(object is SlotProxy) else {
            return 0
        }
        let wasWaiting = isWaiting
        let delay = seconds.isFinite && seconds > 0 ? min(seconds, 86_400) : 0
        let id = nextObjectID
        nextObjectID += 1
        objects.append(
            ObjectExpectation(
                id: id, object: object, type: type(of: object), seconds: delay,
                deadline: .now + .milliseconds(Int(delay * 1000))))
        waitingDidChange(from: wasWaiting)
        scheduleCheck()
        return id
    }

    /// Drops the expectation `expect(_:within:)` numbered `id`.
    func cancelExpectation(_ id: Int) {
        let wasWaiting = isWaiting
        objects.removeAll { $0.id == id }
        waitingDidChange(from: wasWaiting)
    }

    package var isWaiting: Bool { !pending.isEmpty || !objects.isEmpty }

    /// Tells the SDK's `LeakDetector.status` when the first detector starts
    /// waiting, or the last stops.
    func waitingDidChange(from wasWaiting: Bool) {
        let waiting = isWaiting
        guard waiting != wasWaiting else { return }
        HookRoutes.current.waitingDetectors += waiting ? 1 : -1
        if HookRoutes.current.waitingDetectors == (waiting ? 1 : 0) {
            SDKLeakDetector.shared.checkDidChange(isWaiting: waiting)
        }
    }

    /// Expects `router`, its interactor and its view to be deallocated within the
    /// grace period; `origin` names the route and plugin for a report.
    func expectDeallocation(of router: Routing, origin: Origin) {
        expectDeallocation(of: DetachedRIB(router), origin: origin)
    }

    /// ``expectDeallocation(of:origin:)`` for a RIB whose parts were looked up once.
    func expectDeallocation(of rib: DetachedRIB, origin: Origin) {
        guard mode != .off else { return }
        let serial = nextSerial
        nextSerial += 1
        // 0 past what a ticket can say (2^23 detectors, 2^38 detaches each): then
        // weak references watch every object, as they watch a mock.
        let base = number < 1 << 23 && serial < 1 << 38 ? number << Self.numberShift | serial << 2 : 0
        var alive: UInt8 = 0
        var unticketed: [Expectation] = []
        // A slot's proxy stands for the child's router: both must go. The proxy is
        // what the parent holds, so it is named for what keeping it means.
        let child = rib.child
        let interactable = rib.interactable
        // The router's ticket is kept by its interactor, which the SDK's router
        // tells when it goes away: a router keeps no host state of its own.
        if base != 0, let interactor = rib.interactor {
            if interactor.isFollowed(by: child) {
                Self.retire(interactor.routerDeallocationTicket(for: child))
                interactor.setRouterDeallocationTicket(base | Kind.router.rawValue, for: child)
                alive |= 1 << Kind.router.rawValue
            } else {
                unticketed.append(Expectation(kind: .router, object: child, type: type(of: child)))
            }
            Self.retire(interactor.deallocationTicket)
            interactor.deallocationTicket = base | Kind.interactor.rawValue
            alive |= 1 << Kind.interactor.rawValue
        } else {
            unticketed.append(Expectation(kind: .router, object: child, type: type(of: child)))
            unticketed.append(Expectation(kind: .interactor, object: interactable, type: type(of: interactable)))
        }
        // No closure here (`view.map { type(of: $0) }`): one formed on the main actor
        // is checked at each call to run there.
        var viewType: Any.Type?
        if let view = child.viewableRouting?.viewControllable.viewController {
            viewType = type(of: view)
            if base != 0 {
                Self.retire(view.deallocationTicket)
                view.deallocationTicket = base | Kind.view.rawValue
                alive |= 1 << Kind.view.rawValue
            } else {
                unticketed.append(Expectation(kind: .view, object: view, type: type(of: view)))
            }
        }
        if let proxy = rib.proxy {
            if base != 0 {
                Self.retire(proxy.deallocationTicket)
                proxy.deallocationTicket = base | Kind.proxy.rawValue
                alive |= 1 << Kind.proxy.rawValue
            } else {
                unticketed.append(Expectation(kind: .proxy, object: proxy, type: type(of: proxy)))
            }
        }
        let wasWaiting = isWaiting
        pending.append(
            Detach(
                serial: serial, origin: origin, alive: alive, interactorType: type(of: interactable),
                viewType: viewType, unticketed: unticketed, deadline: .now + Self.gracePeriod))
        if !wasWaiting { waitingDidChange(from: false) }
        scheduleCheck()
    }

    /// What a ticket given back by an object that went away clears.
    /// On the main actor only (see ``pending``).
    nonisolated package static func deallocated(_ ticket: Int) {
        let number = ticket >> numberShift
        guard number >= 0, number < HookRoutes.current.detectors.count,
            let detector = HookRoutes.current.detectors[number]
        else { return }
        detector._withUnsafeGuaranteedRef { $0.clear(ticket) }
    }

    /// An object detached again (attached after its detach, then detached) is
    /// watched for the newer detach: the older one no longer waits for it.
    nonisolated package static func retire(_ ticket: Int) {
        if ticket != 0 { deallocated(ticket) }
    }

    nonisolated package func clear(_ ticket: Int) {
        guard let first = pending.first?.serial else { return }
        let index = ((ticket & ((1 << Self.numberShift) - 1)) >> 2) - first
        guard index >= 0, index < pending.count else { return }
        pending[index].alive &= ~(1 << UInt8(ticket & 3))
    }

}
