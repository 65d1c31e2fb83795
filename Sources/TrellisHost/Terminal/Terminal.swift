import CTerminal
import Glibc

/// The controlling terminal in raw mode, on the alternate screen, with the cursor
/// hidden; restored on every way out.
///
/// Restoring is done by ``restore()`` on a normal exit, by the main loop when
/// SIGTERM, SIGHUP or SIGINT arrive (delivered through a pipe), and directly from
/// the handlers of crash signals, which then re-raise the signal.
@MainActor
public final class Terminal {
    /// What a signal handler tells the main loop.
    public enum Event: Equatable {
        /// The window changed size (SIGWINCH).
        case resized
        /// Something asked the app to suspend (SIGTSTP sent with `kill`; the Ctrl-Z
        /// key arrives as a key in raw mode).
        case suspended
        /// The process was continued after a stop (SIGCONT): redraw everything.
        case continued
        /// A signal that ends the app; re-raise it once the terminal is restored.
        case terminated(signal: Int32)
    }

    /// The file descriptor signals are reported on, for `poll`.
    public let signalDescriptor: Int32

    /// Whether standard input and output are both a terminal.
    public nonisolated static var isAvailable: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Whether the terminal can address its cursor, so the app can draw screens
    /// on it: one is named in `TERM`, and it is not `dumb`. Otherwise a person at
    /// it gets the line session (commands typed, the screen as plain text).
    public nonisolated static var drawsScreens: Bool {
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        return isAvailable && !term.isEmpty && term != "dumb"
    }

    /// Enters raw mode and the alternate screen, and installs the signal handlers.
    ///
    /// - Throws: ``TerminalError`` if the terminal's settings cannot be read or set.
    public init() throws(TerminalError) {
        var pipeDescriptors: [Int32] = [0, 0]
        guard pipe(&pipeDescriptors) == 0 else { throw .setupFailed("cannot create a pipe") }
        signalDescriptor = pipeDescriptors[0]
        TerminalState.signalWriteDescriptor = pipeDescriptors[1]
        _ = fcntl(pipeDescriptors[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(pipeDescriptors[1], F_SETFL, O_NONBLOCK)
        guard tcgetattr(STDIN_FILENO, &TerminalState.saved) == 0 else {
            throw .setupFailed("cannot read the terminal's settings")
        }
        try enterRawMode()
        TerminalState.installHandlers()
    }

    private func enterRawMode() throws(TerminalError) {
        let wasRaw = TerminalState.isRaw
        var raw = TerminalState.saved
        cfmakeraw(&raw)
        // Keep output processing, so "\n" still returns the carriage.
        raw.c_oflag |= tcflag_t(OPOST)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            throw .setupFailed("cannot put the terminal in raw mode")
        }
        TerminalState.isRaw = true
        // Entering the alternate screen again would clear it: only when it was left.
        // Bracketed paste on: a paste arrives marked, as text, not as keys. The
        // window title is saved, to be given back; mouse clicks and the wheel are
        // reported (SGR form) unless turned off.
        if !wasRaw {
            write(
                "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[22;0t"
                    + (TerminalState.usesMouse ? "\u{1B}[?1000h\u{1B}[?1006h" : ""))
        }
    }

    /// Gives the terminal back and stops the process, as Ctrl-Z does to any
    /// program; when the shell continues it, takes the terminal again. The caller
    /// redraws the whole screen.
    public func suspend() {
        TerminalState.restore()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Stopped here until SIGCONT.
        TerminalState.reinstallSuspendHandler()
        try? enterRawMode()
    }

    /// Puts the terminal back in raw mode after the process was stopped and
    /// continued (the shell resets the terminal's modes while a job is stopped).
    public func resume() {
        try? enterRawMode()
    }

    /// The terminal's size in columns and rows, or 80x24 if it cannot tell.
    public var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes `text` in one `write` call (or as few as the kernel allows).
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = SystemCall.retrying {
                bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            }
            guard written >= 0 else { return }
            offset += written
        }
        bytes.removeAll()
    }

    /// The signals reported since the last call, as events. Call it when
    /// ``signalDescriptor`` can be read.
    public func takeSignals() -> [Event] {
        var signals = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(signalDescriptor, &signals, signals.count)
        return signals.prefix(max(count, 0)).map { byte in
            switch Int32(byte) {
            case SIGWINCH: .resized
            case SIGTSTP: .suspended
            case SIGCONT: .continued
            case let signal: .terminated(signal: signal)
            }
        }
    }

    /// Leaves the alternate screen, shows the cursor and restores the settings
    /// the terminal had. Safe to call more than once.
    public func restore() {
        TerminalState.restore()
        TerminalState.removeHandlers()
    }
}

/// Why the terminal could not be set up.
public enum TerminalError: Error, Equatable {
    case setupFailed(String)
}

/// What the signal handlers need: plain globals, since a handler cannot capture.
enum TerminalState {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var isRaw = false
    /// Whether the mouse is reported (`--no-mouse` or `TRELLIS_MOUSE=off` turn it off).
    nonisolated(unsafe) static var usesMouse = true
    nonisolated(unsafe) static var signalWriteDescriptor: Int32 = -1
    nonisolated(unsafe) static var previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))

    /// Signals the main loop handles: resizing, suspending, and every signal
    /// whose default action ends the process and that a program may be sent.
    /// (SIGTTIN and SIGTTOU keep their default: touching the terminal from the
    /// background stops the app until `fg`, which SIGCONT then redraws.)
    static let reportedSignals = [
        SIGWINCH, SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGINT, SIGQUIT,
        SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPIPE,
    ]
    /// Signals of a crash, handled in the handler itself: the loop may never run again.
    /// A resource limit's signals (RLIMIT_CPU, RLIMIT_FSIZE) are crashes too: the
    /// kernel sends them to the code that passed the limit.
    static let crashSignals = Supervisor.crashSignals
    nonisolated(unsafe) private static var hasAlternateStack = false
    static let restoreSequence: [UInt8] = Array(
        "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t".utf8)

    static func installHandlers() {
        for signal in reportedSignals { install(reportSignal, for: signal) }
        installCrashHandlers()
        // A parent may have started us with these blocked; the app needs them.
        Signals.unblock(reportedSignals)
    }

    /// Handlers for the crash signals: restore the terminal if it is raw, and
    /// under a supervisor record the crashing frames for its report.
    static func installCrashHandlers() {
        // On a stack of their own: a plugin's unbounded recursion exhausts the
        // thread's stack, and a handler there could not run.
        if !hasAlternateStack { hasAlternateStack = trellis_use_alternate_signal_stack() == 0 }
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = restoreAndReraise
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigaction(signal, &action, previousActions + Int(signal))
        }
        // A parent (a test runner) may have started us with them blocked: a
        // resource limit's signal would then wait, unseen, until the hard limit.
        Signals.unblock(crashSignals)
        guard CrashRecord.isSupervised else { return }
        // The supervisor's watchdog ends a stuck app with this signal, sent to the
        // main thread: its frames say where the plugin is stuck.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            CrashRecord.recordFrames()
            TerminalState.restore()
            CrashRecord.exitAsHung()
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(Watchdog.reportSignal, &action, nil)
        Signals.unblock([Watchdog.reportSignal])
    }

    static func removeHandlers() {
        for signal in reportedSignals + crashSignals { sigaction(signal, previousActions + Int(signal), nil) }
    }

    /// Handles Ctrl-Z again after a suspend reset it to the default.
    static func reinstallSuspendHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = reportSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGTSTP, &action, nil)
    }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, previousActions + Int(signal))
    }

    /// Restores the terminal using only async-signal-safe calls.
    static func restore() {
        guard isRaw else { return }
        isRaw = false
        restoreSequence.withUnsafeBytes { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }
}

private func reportSignal(_ signal: Int32) {
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(TerminalState.signalWriteDescriptor, &byte, 1)
    // If the loop is stuck in a plugin, the supervisor's watchdog acts on it.
    if signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGQUIT {
        CrashRecord.notePendingEnd(signal)
    }
}

/// Restores the terminal and ends the process with the signal. Under a supervisor
/// the crashing frames are recorded for its report. Otherwise a real crash first
/// goes to the handler from before (Swift's backtracer, which prints where it
/// happened); a signal sent with `kill` ends the process at once, since there is
/// no crash to explain, and the backtracer would return and let the app run on.
private func restoreAndReraise(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    TerminalState.restore()
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    let isOwn = isOwnSignal(info)
    if CrashRecord.isSupervised {
        // Frames only for a real crash; one sent with `kill` is noted as such.
        if !isOwn {
            CrashRecord.noteFault(.sent)
        } else {
            if signal == SIGSEGV || signal == SIGBUS, trellis_fault_is_stack_overflow(info, context) != 0 {
                CrashRecord.noteFault(.stackExhausted)
            }
            CrashRecord.recordFrames()
        }
    } else if isOwn {
        sigaction(signal, TerminalState.previousActions + Int(signal), nil)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signal)
    }
    Glibc.signal(signal, SIG_DFL)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(signal)
    _exit(128 + signal)
}

/// Whether a signal is the process's own doing, not one another process sent: a
/// fault (`si_code` above 0), or one it raised itself (`abort()`, a failed
/// `assert`, glibc's "double free or corruption" raise SIGABRT with `SI_TKILL`,
/// with the process's own pid as the sender).
func isOwnSignal(_ info: UnsafeMutablePointer<siginfo_t>?) -> Bool {
    guard let info else { return false }
    return info.pointee.si_code > 0 || info.pointee._sifields._kill.si_pid == getpid()
}

/// Crash handling for an app process that has no terminal to restore.
public enum CrashHandlers {
    /// Under a supervisor, records a crash's frames for the report and ends the
    /// process at once (Swift's backtracer would wait at a terminal).
    public static func installIfSupervised() {
        guard CrashRecord.isSupervised else { return }
        TerminalState.installCrashHandlers()
    }
}
