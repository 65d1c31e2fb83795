import Glibc

/// What the host's signal handlers (and the fork handler) share with the code
/// they interrupt: the one place the host keeps such state.
///
/// A handler is a C function: it cannot capture a context, so what it reads or
/// writes is process-wide. Each owner names its part through a property of its
/// own (`TerminalState.isRaw`, `CrashRecord.wakeDescriptor`, …); this type only
/// holds the values, so that every piece of them, and why a handler needs it,
/// is listed here (Docs/Architecture.md, "The host's context").
///
/// The values are plain (integers, descriptors, pointers, `termios`) and set
/// before the handlers that read them are installed. A handler may interrupt
/// the main thread while it writes one field and read another: exclusivity is
/// not checked at run time, since that check would see the interrupted write
/// as an overlapping access and stop the app.
package struct SignalShared {
    // The crash record (CrashRecord): a crash handler writes the crashing frames
    // into the page it shares with the supervisor, and a signal to end notes
    // itself there.

    /// The page shared with the supervisor; `nil` when unsupervised.
    package var crashPage: UnsafeMutableRawPointer?
    /// Whether this process is the supervisor (which reads the page, never writes it).
    package var isSupervisor = false
    /// The supervisor's pid and a descriptor readable once it has ended.
    package var supervisor: (pid: pid_t, descriptor: Int32) = (0, -1)
    /// The app's end of the socket it hands its supervisor a descriptor down.
    package var listenerChannel: Int32 = -1
    /// The app's end of the pipe that wakes its supervisor, written by the
    /// handler of a signal to end.
    package var wakeDescriptor: Int32 = -1

    // The terminal (TerminalState): a crash handler gives the terminal back, and
    // the signals the loop handles are written down a pipe it reads.

    /// The terminal's settings before raw mode, put back by a crash handler.
    package var savedTerminal = termios()
    /// Whether the terminal is in raw mode, so a crash handler restores it.
    package var terminalIsRaw = false
    /// Whether the mouse is reported, so the terminal is given back as it was.
    package var terminalUsesMouse = true
    /// The pipe's end the reported signals are written to.
    package var signalWriteDescriptor: Int32 = -1
    /// The handlers installed before the host's, called after a crash is noted.
    package var previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
    /// Whether the crash handlers run on a stack of their own.
    package var hasAlternateStack = false

    // The app's process.

    /// Copies of the standard streams, put back when a plugin closes one (read
    /// at the loop's turn, and by the handler that ends the app for it).
    package var standardStreamCopies: [Int32] = []
    /// Set by the fork handler in the child of a plugin's `fork`.
    package var isForkedCopy: sig_atomic_t = 0
    /// Whether the fork handler is installed.
    package var watchesForks = false
    /// `serve`'s stop, set by SIGINT and SIGTERM.
    package var stopRequested: sig_atomic_t = 0

    // The supervisor.

    /// The app process, for the handlers that forward signals to it.
    package var child: pid_t = 0
    /// The pipe SIGCHLD's handler writes to.
    package var childSignal: [Int32] = [-1, -1]
    /// Set by a signal to end that arrives while the supervisor asks a question.
    package var promptInterrupted: sig_atomic_t = 0

    /// The values. Each field is read and written on its own, never through a
    /// `mutating` method or `inout` of the whole: that, not a run-time check, is
    /// what keeps a handler's access apart from the one it interrupts.
    @exclusivity(unchecked) package nonisolated(unsafe) static var current = SignalShared()

    /// Makes the values (a global is made at its first use, which must not be
    /// in a handler): the first thing an executable does, and what each place
    /// that installs a handler does first.
    package static func prepare() {
        _ = current.isSupervisor
    }
}
