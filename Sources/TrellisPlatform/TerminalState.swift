import CTerminal
import Glibc

/// What the signal handlers need (held in ``SignalShared``, since a handler cannot capture).
package enum TerminalState {
    package static var saved: termios {
        get { SignalShared.current.savedTerminal }
        set { SignalShared.current.savedTerminal = newValue }
    }
    package static var isRaw: Bool {
        get { SignalShared.current.terminalIsRaw }
        set { SignalShared.current.terminalIsRaw = newValue }
    }
    /// Whether the mouse is reported (`--no-mouse` or `TRELLIS_MOUSE=off` turn it off).
    package static var usesMouse: Bool {
        get { SignalShared.current.terminalUsesMouse }
        set { SignalShared.current.terminalUsesMouse = newValue }
    }
    package static var signalWriteDescriptor: Int32 {
        get { SignalShared.current.signalWriteDescriptor }
        set { SignalShared.current.signalWriteDescriptor = newValue }
    }
    static var previousActions: UnsafeMutablePointer<sigaction> { SignalShared.current.previousActions }

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
    package static let crashSignals = Signals.crashSignals
    private static var hasAlternateStack: Bool {
        get { SignalShared.current.hasAlternateStack }
        set { SignalShared.current.hasAlternateStack = newValue }
    }
    package static let restoreSequence: [UInt8] = Array(
        "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t".utf8)

    package static func installHandlers() {
        for signal in reportedSignals { install(reportSignal, for: signal) }
        installCrashHandlers()
        // A parent may have started us with these blocked; the app needs them.
        Signals.unblock(reportedSignals)
    }

    /// Handlers for the crash signals: restore the terminal if it is raw, and
    /// under a supervisor record the crashing frames for its report.
    package static func installCrashHandlers() {
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
        sigaction(Signals.watchdogSignal, &action, nil)
        Signals.unblock([Signals.watchdogSignal])
    }

    package static func removeHandlers() {
        for signal in reportedSignals + crashSignals { sigaction(signal, previousActions + Int(signal), nil) }
    }

    /// Handles Ctrl-Z again after a suspend reset it to the default.
    package static func reinstallSuspendHandler() {
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
    package static func restore() {
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
package func isOwnSignal(_ info: UnsafeMutablePointer<siginfo_t>?) -> Bool {
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
