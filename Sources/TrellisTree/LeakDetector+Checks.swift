import Foundation
@_spi(TrellisHost) import TrellisSDK

extension LeakDetector {
    /// Checks every detach still pending, as at the end of a run.
    public func checkAll() {
        let wasWaiting = isWaiting
        let all = pending
        pending = []
        all.forEach(check)
        let expected = objects
        objects = []
        expected.forEach(check)
        waitingDidChange(from: wasWaiting)
    }

    func scheduleCheck() {
        guard !isCheckScheduled else { return }
        var next = pending.first?.deadline
        for expectation in objects where next.map({ expectation.deadline < $0 }) ?? true { next = expectation.deadline }
        guard let next else { return }
        isCheckScheduled = true
        let delay = max(ContinuousClock.now.duration(to: next), .zero)
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
            MainActor.assumeIsolated { self?.checkDue() }
        }
    }

    /// Checks the detaches whose grace period is over, then waits for the next.
    func checkDue() {
        isCheckScheduled = false
        let wasWaiting = isWaiting
        let now = ContinuousClock.now
        let due = pending.prefix { $0.deadline <= now }
        pending.removeFirst(due.count)
        due.forEach(check)
        if objects.contains(where: { $0.deadline <= now }) {
            let expected = objects
            objects = expected.filter { $0.deadline > now }
            expected.filter { $0.deadline <= now }.forEach(check)
        }
        waitingDidChange(from: wasWaiting)
        scheduleCheck()
    }

    package func check(_ expectation: ObjectExpectation) {
        guard expectation.object != nil else { return }
        onLeak?(
            "leak: a \(expectation.type) was expected to go away within \(expectation.seconds) s "
                + "(LeakDetector.expectDeallocate), but is still alive; something (a global, a closure, a task, "
                + "or a reference back that is not weak) keeps it")
    }

    package func check(_ detach: Detach) {
        let alive = Kind.allCases.compactMap { kind -> String? in
            if detach.alive & 1 << kind.rawValue != 0 {
                switch kind {
                case .router: return "\(detach.origin.routerType)"
                case .interactor: return "\(detach.interactorType)"
                case .view: return detach.viewType.map { "\($0)" }
                case .proxy: return "slot router (the parent still holds what its slot built)"
                }
            }
            guard let alive = detach.unticketed.first(where: { $0.kind == kind && $0.object != nil }) else {
                return nil
            }
            return kind == .proxy ? "slot router (the parent still holds what its slot built)" : "\(alive.type)"
        }
        guard !alive.isEmpty else { return }
        onLeak?(
            "leak: \(detach.origin) was detached, but its \(alive.joined(separator: ", ")) "
                + "\(alive.count == 1 ? "is" : "are") still alive; something (a global, a closure, a task, or a reference back that is not weak, such as `var router`) keeps "
                + "\(alive.count == 1 ? "it" : "them") after the detach")
    }
}
