import Glibc
import TrellisCore
import TrellisPlatform

/// Copies of the app's standard input, output and error, taken when its loop
/// starts. A plugin that closes one (a daemon's habit) is seen at the loop's next
/// turn: the streams are put back from the copies and the app ends with a message,
/// where a terminal run ended as if the terminal had hung up (129) and a headless
/// run lost its output with status 0.
enum StandardStreams {
    private static var copies: [Int32] {
        get { SignalShared.current.standardStreamCopies }
        set { SignalShared.current.standardStreamCopies = newValue }
    }

    /// Takes the copies, once (above descriptor 10, closed on exec).
    static func keepCopies() {
        guard copies.isEmpty else { return }
        copies = (0...2).map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
    }

    /// The standard streams closed since the copies were taken.
    package static func closed() -> [Int32] {
        copies.indices.filter { copies[$0] >= 0 && fcntl(Int32($0), F_GETFD) < 0 }.map(Int32.init)
    }

    /// Puts `streams` back from the copies, gives the terminal back, and ends the
    /// app with a message naming them and the screen.
    static func endForClosed(_ streams: [Int32]) -> Never {
        for stream in streams { dup2(copies[Int(stream)], stream) }
        TerminalState.restore()
        let names = streams.map { ["standard input", "standard output", "standard error"][Int($0)] }
        let screen = CrashRecord.read(.routePath)
        let message =
            "trellis: a plugin closed the app's \(names.joined(separator: " and "))"
            + (screen.isEmpty ? "" : " (on screen \(screen.escapingControlCharacters))")
            + "; the app cannot go on and ends. A plugin must close only the descriptors it opened.\n"
        message.withCString { _ = Glibc.write(STDERR_FILENO, $0, strlen($0)) }
        CrashRecord.exitChildAsHost(ExitStatus.crashed.rawValue)
    }
}
