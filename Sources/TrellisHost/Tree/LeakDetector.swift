import Foundation
import TrellisSDK

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
    struct Origin: CustomStringConvertible {
        var route: (id: String, plugin: String)?
        var routerType: Any.Type
        /// Swapped out by a live swap, not detached by its parent.
        var swappedOut = false

        var description: String {
            (route.map { "route \($0.id) (plugin \($0.plugin))" } ?? "a \(routerType)") + (swappedOut ? ", swapped out" : "")
        }
    }

    private struct Expectation {
        weak var object: AnyObject?
        /// The object's type, named in a report; `nil` for a slot's proxy.
        let type: Any.Type?
    }

    private struct Detach {
        let origin: Origin
        let objects: [Expectation]
        let deadline: ContinuousClock.Instant
    }

    /// The mode.
    public let mode: Mode
    /// Where leaks are reported.
    public var onLeak: ((String) -> Void)?
    /// Detaches not checked yet, oldest first (so by deadline).
    private var pending: [Detach] = []
    /// Whether a check of the pending detaches is scheduled: one at a time,
    /// for the oldest, not one per detach.
    private var isCheckScheduled = false

    /// Creates a detector in `mode`.
    public init(mode: Mode = .fromEnvironment) {
        self.mode = mode
    }

    /// Expects `router`, its interactor and its view to be deallocated within the
    /// grace period; `origin` names the route and plugin for a report.
    func expectDeallocation(of router: Routing, origin: Origin) {
        guard mode != .off else { return }
        // A slot's proxy stands for the child's router: both must go. The proxy is
        // what the parent holds, so it is named for what keeping it means.
        let child = router.unproxied
        var objects = [Expectation(object: child, type: type(of: child)),
                       Expectation(object: child.interactable, type: type(of: child.interactable))]
        if let view = child.viewableRouting?.viewControllable.viewController {
            objects.append(Expectation(object: view, type: type(of: view)))
        }
        if child !== router {
            objects.append(Expectation(object: router, type: nil))
        }
        pending.append(Detach(origin: origin, objects: objects, deadline: .now + Self.gracePeriod))
        scheduleCheck()
    }

    /// Checks every detach still pending, as at the end of a run.
    public func checkAll() {
        let all = pending
        pending = []
        all.forEach(check)
    }

    private func scheduleCheck() {
        guard !isCheckScheduled, let oldest = pending.first else { return }
        isCheckScheduled = true
        let delay = max(ContinuousClock.now.duration(to: oldest.deadline), .zero)
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
            MainActor.assumeIsolated { self?.checkDue() }
        }
    }

    /// Checks the detaches whose grace period is over, then waits for the next.
    private func checkDue() {
        isCheckScheduled = false
        let now = ContinuousClock.now
        let due = pending.prefix { $0.deadline <= now }
        pending.removeFirst(due.count)
        due.forEach(check)
        scheduleCheck()
    }

    private func check(_ detach: Detach) {
        let alive = detach.objects.filter { $0.object != nil }
            .map { $0.type.map { "\($0)" } ?? "slot router (the parent still holds what its slot built)" }
        guard !alive.isEmpty else { return }
        onLeak?("leak: \(detach.origin) was detached, but its \(alive.joined(separator: ", ")) "
            + "\(alive.count == 1 ? "is" : "are") still alive; something (a global, a closure, a task, or a reference back that is not weak, such as `var router`) keeps "
            + "\(alive.count == 1 ? "it" : "them") after the detach")
    }
}
