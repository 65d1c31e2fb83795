import Glibc
import TrellisCore

/// What the supervisor does at the terminal: gives it back, writes, asks.
extension Supervisor {
    static func restoreTerminal(_ saved: termios) {
        var settings = saved
        let sequence = TerminalState.restoreSequence
        sequence.withUnsafeBytes { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }

    static func writeError(_ text: String) {
        guard !text.isEmpty else { return }
        var text = text
        if !text.hasSuffix("\n") { text += "\n" }
        text.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Asks at the terminal whether to start again; Enter alone says yes. End of
    /// input (Ctrl-D), Ctrl-C and a signal to end (SIGINT, SIGTERM, SIGHUP) say no,
    /// as does any other answer.
    static func askToRestart(route: String) -> Bool {
        writeError(
            "Press Enter to start the app again with route \(route) shown as an error, or q then Enter "
                + "(or Ctrl-C) to quit.")
        // The child is gone, so nothing is forwarded: a signal to end interrupts
        // the read (no SA_RESTART) and is the answer.
        let endSignals = [SIGINT, SIGTERM, SIGHUP]
        SignalShared.prepare()
        for signal in endSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in Supervisor.promptInterrupted = 1 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        defer { forwardSignals() }
        var byte: UInt8 = 0
        var answer: [UInt8] = []
        while promptInterrupted == 0 {
            let count = read(STDIN_FILENO, &byte, 1)
            // Not SystemCall.retrying: Ctrl-C interrupts the read, and the loop's
            // condition is what sees it.
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return false }
            if byte == UInt8(ascii: "\n") { return answer.isEmpty }
            answer.append(byte)
        }
        writeError("\n")
        return false
    }

    /// Set by a signal to end that arrives while ``askToRestart(route:)`` waits.
    static var promptInterrupted: sig_atomic_t {
        get { SignalShared.current.promptInterrupted }
        set { SignalShared.current.promptInterrupted = newValue }
    }
}
