import CTerminal
import Glibc
import TrellisPlatform

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
