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

    private struct Expectation {
        weak var object: AnyObject?
        let type: String
    }

    private struct Detach {
        let origin: String
        let objects: [Expectation]
    }

    /// The mode.
    public let mode: Mode
    /// Where leaks are reported.
    public var onLeak: ((String) -> Void)?
    private var pending: [Int: Detach] = [:]
    private var nextID = 0

    /// Creates a detector in `mode`.
    public init(mode: Mode = .fromEnvironment) {
        self.mode = mode
    }

    /// Expects `router`, its interactor and its view to be deallocated within the
    /// grace period; `origin` names the route and plugin for the report.
    func expectDeallocation(of router: Routing, origin: String) {
        guard mode != .off else { return }
        // A slot's proxy stands for the child's router: both must go. The proxy is
        // what the parent holds, so it is named for what keeping it means.
        let child = router.unproxied
        var objects = [Expectation(object: child, type: "\(type(of: child))"),
                       Expectation(object: child.interactable, type: "\(type(of: child.interactable))")]
        if let view = child.viewableRouting?.viewControllable.viewController {
            objects.append(Expectation(object: view, type: "\(type(of: view))"))
        }
        if child !== router {
            objects.append(Expectation(object: router, type: "slot router (the parent still holds what its slot built)"))
        }
        let id = nextID
        nextID += 1
        pending[id] = Detach(origin: origin, objects: objects)
        let seconds = Double(Self.gracePeriod.components.seconds)
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
            MainActor.assumeIsolated { self?.check(id) }
        }
    }

    /// Checks every detach still pending, as at the end of a run.
    public func checkAll() {
        for id in pending.keys.sorted() { check(id) }
    }

    private func check(_ id: Int) {
        guard let detach = pending.removeValue(forKey: id) else { return }
        let alive = detach.objects.filter { $0.object != nil }.map(\.type)
        guard !alive.isEmpty else { return }
        onLeak?("leak: \(detach.origin) was detached, but its \(alive.joined(separator: ", ")) "
            + "\(alive.count == 1 ? "is" : "are") still alive; something (a global, a closure, a task, or a reference back that is not weak, such as `var router`) keeps "
            + "\(alive.count == 1 ? "it" : "them") after the detach")
    }
}
