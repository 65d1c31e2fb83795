import Foundation

/// When the app asks a route's process whether it is alive, and when it ends
/// one that does not answer: a value, so its rules are tested without a
/// process or a clock.
///
/// A process that said nothing for a second (half the limit, when the limit is
/// shorter) is pinged; one still silent past the limit is ended. Time the app
/// itself did not run (stopped by Ctrl-Z, or its main thread held) is not the
/// process's silence.
struct HangCheck {
    /// The longest a process may stay silent: `TRELLIS_HANG_SECONDS`, else 10 s.
    let limit: Duration
    private var lastHeard: ContinuousClock.Instant
    private var lastLooked: ContinuousClock.Instant
    private var pinged = false

    init(limit: Duration, now: ContinuousClock.Instant) {
        self.limit = limit
        lastHeard = now
        lastLooked = now
    }

    /// How often the app looks: every second, or four times within a shorter
    /// limit, and never more often than every 10 ms (a limit set in code, not
    /// by `trellis run`, which takes 0.5 s at least, may be any).
    var interval: Duration { max(.milliseconds(10), min(.seconds(1), limit / 4)) }

    /// How long a silence is before the process is asked.
    private var pingAfter: Duration { min(.seconds(1), limit / 2) }

    enum Verdict: Equatable {
        case wait, ping
        /// Ended: it was silent this long, and did not answer when asked.
        case end(silentFor: Duration)
    }

    /// Notes that the process sent something: it is alive.
    mutating func heard(at now: ContinuousClock.Instant) {
        lastHeard = now
        pinged = false
    }

    /// What to do now, at one of the app's looks (every ``interval``).
    mutating func look(at now: ContinuousClock.Instant) -> Verdict {
        // Three looks missed: the app did not run, so it heard nothing either.
        if lastLooked.duration(to: now) > interval * 3 { heard(at: now) }
        lastLooked = now
        let silent = lastHeard.duration(to: now)
        if pinged, silent > limit { return .end(silentFor: silent) }
        guard !pinged, silent >= pingAfter else { return .wait }
        pinged = true
        return .ping
    }

    /// `duration` in seconds as a person reads it: "0.6", "12".
    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds < 10 ? String(format: "%.1f", seconds) : String(Int(seconds))
    }
}
