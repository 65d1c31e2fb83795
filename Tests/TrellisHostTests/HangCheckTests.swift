import Testing

@testable import TrellisIsolation

/// When an isolated route's process is asked whether it is alive, and when it
/// is ended, on a clock the test moves.
struct HangCheckTests {
    private let start = ContinuousClock.now

    /// The verdicts of looks every `interval` from `start` up to `until`, the
    /// process answering each ping after `answer` (never, when `nil`).
    private func verdicts(
        limit: Duration, until end: Duration, answer: Duration?
    ) -> [(at: Duration, verdict: HangCheck.Verdict)] {
        var check = HangCheck(limit: limit, now: start)
        var seen: [(Duration, HangCheck.Verdict)] = []
        var pendingAnswer: Duration?
        var time = Duration.zero
        while time < end {
            time += check.interval
            if let due = pendingAnswer, due <= time {
                check.heard(at: start + due)
                pendingAnswer = nil
            }
            let verdict = check.look(at: start + time)
            seen.append((time, verdict))
            if verdict == .ping, let answer { pendingAnswer = time + answer }
            if case .end = verdict { break }
        }
        return seen
    }

    @Test func aSilentProcessIsAskedAfterASecondAndEndedPastTheLimit() {
        let seen = verdicts(limit: .seconds(10), until: .seconds(30), answer: nil)
        #expect(seen.first { $0.verdict == .ping }?.at == .seconds(1))
        guard case let .end(silent) = seen.last?.verdict else {
            Issue.record("not ended: \(seen)")
            return
        }
        #expect(silent == .seconds(11))
        #expect(HangCheck.seconds(silent) == "11")
    }

    @Test func aProcessThatAnswersIsNeverEnded() {
        let seen = verdicts(limit: .seconds(10), until: .seconds(120), answer: .milliseconds(200))
        #expect(!seen.contains { if case .end = $0.verdict { true } else { false } })
        #expect(seen.filter { $0.verdict == .ping }.count > 50)
    }

    /// `TRELLIS_HANG_SECONDS=0.5` ended a working route after a second: it was
    /// looked at once a second and never asked before the limit passed.
    @Test func underAShortLimitAProcessThatAnswersIsNeverEnded() {
        let seen = verdicts(limit: .milliseconds(500), until: .seconds(30), answer: .milliseconds(100))
        #expect(!seen.contains { if case .end = $0.verdict { true } else { false } })
        let silent = verdicts(limit: .milliseconds(500), until: .seconds(30), answer: nil)
        guard case let .end(after) = silent.last?.verdict else {
            Issue.record("not ended: \(silent)")
            return
        }
        #expect(after > .milliseconds(500) && after < .seconds(1))
        #expect(HangCheck.seconds(after) == "0.6")
    }

    /// Ctrl-Z stopped the app for 11 s, and its healthy route was ended on `fg`.
    @Test func timeTheAppDidNotRunIsNotTheProcesssSilence() {
        var check = HangCheck(limit: .seconds(10), now: start)
        #expect(check.look(at: start + .seconds(1)) == .ping)
        // Stopped: no look for 11 s, nothing read either.
        #expect(check.look(at: start + .seconds(12)) == .wait)
        #expect(check.look(at: start + .seconds(13)) == .ping)
        check.heard(at: start + .milliseconds(13_500))
        #expect(check.look(at: start + .seconds(14)) == .wait)
    }

    @Test func theAppLooksEverySecondAndNeverMoreOftenThanEvery10Milliseconds() {
        #expect(HangCheck(limit: .seconds(10), now: start).interval == .seconds(1))
        #expect(HangCheck(limit: .milliseconds(500), now: start).interval == .milliseconds(125))
        #expect(HangCheck(limit: .nanoseconds(1), now: start).interval == .milliseconds(10))
        #expect(HangCheck(limit: .zero, now: start).interval == .milliseconds(10))
    }
}
