import CTerminal
import Glibc
import TrellisCore

/// The supervisor's watch over the app's main thread: a screen whose code does
/// not return (a tap handler or a builder that loops or blocks) must not leave
/// the user without a way out.
///
/// The app notes when each turn of its work begins and when it waits again
/// (``CrashRecord/noteBusy()``, two stores a turn); the supervisor reads the note
/// when a turn could be over its limit, and not at all while the app waits (its
/// next turn wakes the supervisor: ``timeout()``). A turn
/// longer than the limit (``CrashRecord/noteHangLimit(_:)``: 2 s in a terminal,
/// `TRELLIS_HANG_SECONDS` to change it; the step's `--timeout` headless, at least
/// 5 s; 5 s for each route `validate` builds) means
/// the app is not responding:
/// - in a terminal, a line at the bottom says which route and plugin and what it
///   was doing, and Ctrl-C ends it (the app's key reader notes it in the shared
///   page as it arrives: ``CrashRecord/noteControlC()``);
///   when the app returns, it draws its screen again and the line is gone;
/// - headless, the app is ended at once: the step failed at its time-out.
/// A signal to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT) sent to either process
/// while the app is stuck ends it within a second.
///
/// To end it, the supervisor sends the app's main thread ``reportSignal``: its
/// handler records the main thread's frames (where the plugin is stuck) and ends
/// the process; one that does not end within a second is killed.
public struct Watchdog {
    /// The signal the watchdog ends a stuck app with.
    static var reportSignal: Int32 { Signals.watchdogSignal }

    /// The limit in a terminal when `TRELLIS_HANG_SECONDS` says nothing.
    public static let terminalLimit: Duration = .seconds(2)

    /// What ended the app, once the watchdog did.
    enum Reason: Equatable {
        case userQuit
        case signal(Int32)
        case timedOut
    }

    let pid: pid_t
    let isTerminal: Bool
    private(set) var reason: Reason?
    /// Seconds the turn had lasted when the watchdog ended it.
    private(set) var stuckSeconds = 0.0
    /// Whether the app did not take ``reportSignal`` and was killed.
    private(set) var wasKilled = false
    private var endSentAt: UInt64 = 0
    /// The turn the notice is shown for (its start), if one is.
    private var noticedTurn: UInt64 = 0
    private var noticeShownAt: UInt64 = 0
    /// Turns that began before this are timed from it: the app was stopped
    /// (Ctrl-Z) and did no work meanwhile.
    private var resumedAt: UInt64 = 0

    init(pid: pid_t, isTerminal: Bool) {
        self.pid = pid
        self.isTerminal = isTerminal
    }

    /// The app was stopped and is going on: the time it was stopped is not work.
    mutating func appResumed() {
        resumedAt = CrashRecord.monotonicNanoseconds()
    }

    /// How long the supervisor may wait before it must look at the app again, in
    /// milliseconds; -1 while the app is idle: its next turn wakes the supervisor
    /// (``CrashRecord/noteBusy()``), so an idle app costs nothing.
    func timeout() -> Int32 {
        if reason != nil { return 50 }
        if CrashRecord.load(.busySince) == 0 {
            // The app came back between the notice and now: check at once, which
            // takes the notice down, before sleeping with no timer.
            if noticedTurn != 0 { return 0 }
            CrashRecord.store(1, at: .supervisorAsleep)
            // Our flag is seen before we read the app's note, as the app stores its
            // note before it reads our flag: one of the two sees the other.
            trellis_full_fence()
            if CrashRecord.load(.busySince) == 0 { return -1 }
            CrashRecord.store(0, at: .supervisorAsleep)
        }
        // The notice counts the seconds; Ctrl-C wakes the supervisor at once.
        if noticedTurn != 0 { return 1000 }
        let now = CrashRecord.monotonicNanoseconds()
        let busySince = CrashRecord.load(.busySince)
        var due = max(busySince, resumedAt) &+ Self.limit
        let pending = CrashRecord.load(.pendingEnd)
        if pending != 0 { due = min(due, (pending & 0xFFFF_FFFF_FFFF) &* 1_000_000 &+ 1_000_000_000) }
        // The host's own work past the limit: looked at each second, not spun on.
        guard due > now else { return CrashRecord.load(.hostWork) != 0 ? 1000 : 1 }
        return Int32(min((due - now) / 1_000_000 + 1, 60_000))
    }

    /// Looks at the app's turn; called at every wake of the supervisor's wait.
    mutating func check() {
        let now = CrashRecord.monotonicNanoseconds()
        if reason != nil {
            // Sent the report signal: give the app a second to record its frames.
            if !wasKilled, now &- endSentAt > 1_000_000_000 {
                wasKilled = true
                kill(pid, SIGKILL)
            }
            return
        }
        let busySince = CrashRecord.load(.busySince)
        guard busySince != 0 else {
            clearNotice()
            return
        }
        if noticedTurn != 0, noticedTurn != busySince { clearNotice() }
        let start = max(busySince, resumedAt)
        let elapsed = now > start ? now - start : 0
        let pending = CrashRecord.load(.pendingEnd)
        if pending != 0 {
            // A signal to end, not acted on for a second: the loop is not coming back.
            let signal = Int32(pending >> 48)
            let sentAt = (pending & 0xFFFF_FFFF_FFFF) &* 1_000_000
            if now > sentAt, now - sentAt > 1_000_000_000, sentAt >= start {
                end(.signal(signal), stuck: elapsed)
                return
            }
        }
        guard elapsed > Self.limit else { return }
        // The host's own bounded work (a large config) is no screen's hang.
        let isHostWork = CrashRecord.load(.hostWork) != 0
        guard isTerminal else {
            if !isHostWork { end(.timedOut, stuck: elapsed) }
            return
        }
        if noticedTurn == 0 || now - noticeShownAt > 1_000_000_000 {
            showNotice(seconds: Double(elapsed) / 1e9, hostWork: isHostWork)
            noticedTurn = busySince
            noticeShownAt = now
        }
        if CrashRecord.load(.controlC) >= start { end(.userQuit, stuck: elapsed) }
    }

    private mutating func end(_ reason: Reason, stuck: UInt64) {
        self.reason = reason
        stuckSeconds = Double(stuck) / 1e9
        endSentAt = CrashRecord.monotonicNanoseconds()
        // To the main thread (its thread id is the process id): its frames are the
        // stuck code's.
        if trellis_signal_thread(pid, pid, Self.reportSignal) != 0 {
            wasKilled = true
            kill(pid, SIGKILL)
        }
    }

    /// The bottom line of the terminal, drawn over the app's screen (the app
    /// cannot draw): which screen is stuck, and the way out.
    private func showNotice(seconds: Double, hostWork: Bool) {
        let activity = CrashRecord.read(.activity)
        let screen = CrashRecord.read(.routePath)
        let what = activity.isEmpty ? (screen.isEmpty ? "the app" : screen) : activity
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 1 ? Int(size.ws_col) : 80
        // One line, cut to the window: a wrapped line would scroll the app's screen.
        let text = TextWidth.truncated(
            (hostWork ? "working for \(Int(seconds)) s" : "not responding for \(Int(seconds)) s")
                + " · Ctrl-C ends the app · \(what)"
                .escapingControlCharacters, to: columns - 1)
        // A terminal that cannot address its cursor gets a line of its own.
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        let line =
            term.isEmpty || term == "dumb"
            ? "\r\n\(text)\r\n"
            : "\u{1B}7\u{1B}[999;1H\u{1B}[2K\u{1B}[7m\(text)\u{1B}[0m\u{1B}8"
        var bytes = Array(line.utf8)
        _ = Glibc.write(STDOUT_FILENO, &bytes, bytes.count)
    }

    /// The app is back: it draws its whole screen again (as for a resize), which
    /// covers the notice.
    private mutating func clearNotice() {
        guard noticedTurn != 0 else { return }
        noticedTurn = 0
        kill(pid, SIGWINCH)
    }

    /// How long a turn may last, in ns: what the app noted, else the terminal's.
    private static var limit: UInt64 {
        let noted = CrashRecord.load(.hangLimit)
        return noted == 0 ? terminalLimit.clampedNanoseconds : noted
    }

    /// What the supervisor says once the watchdog ended the app.
    func report() -> String {
        let record = CrashReport(signal: Self.reportSignal, stderr: "")
        let seconds = "\((stuckSeconds * 10).rounded() / 10)"
        let why: String
        switch reason {
        case .userQuit: why = "ended with Ctrl-C"
        case .signal(let signal): why = "ended by signal \(signal), which it could not act on"
        case .timedOut: why = "ended at the step's time-out (--timeout, or TRELLIS_HANG_SECONDS when set)"
        case nil: why = "ended"
        }
        var lines = ["trellis: the app stopped responding: its main thread had not returned for \(seconds) s, \(why)."]
        if !record.routePath.isEmpty { lines.append("  on screen:  \(record.routePath)") }
        if !record.activity.isEmpty { lines.append("  running:    \(record.activity)") }
        if let plugin = record.plugin {
            lines.append(
                "  plugin:     \(plugin.name) (\(plugin.file)), routes \(plugin.routes.joined(separator: ", "))")
        }
        if !record.pluginFrames.isEmpty {
            lines.append("  where the plugin is stuck:")
            lines += record.pluginFrames.map { "    \($0)" }
        } else if wasKilled {
            lines.append("  (it did not take the signal to report where it was stuck, and was killed)")
        }
        if record.hostFault?.isHost == true {
            // The host's own work (filtering, laying out): no screen's fault.
            lines.append(
                "  It was in trellis's own code, not a plugin's: trellis must do such work in steps. "
                    + "Run with TRELLIS_SUPERVISOR=off under a debugger, and report it.")
        } else {
            lines.append(
                "  A screen's code must return to the loop: move slow or blocking work into a Worker, "
                    + "offMainActor { } or a task.")
        }
        return lines.joined(separator: "\n").escapingControlCharacters
    }
}
