import Glibc
import TrellisCore

/// What `trellis` says about its own work, on standard error: with `-v` or
/// `TRELLIS_LOG=info`, which file each route's plugin came from and each plugin
/// refused, with why; with `TRELLIS_LOG=debug`, also where plugins were looked for
/// and each manifest read.
public enum Log {
    /// How much is said.
    public enum Level: Int, Comparable, Sendable {
        case off, info, debug

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The level set by `TRELLIS_LOG` (`info`, `debug`, or `off`, the default);
    /// commands raise it with `-v`. Set at start, before any other thread runs.
    nonisolated(unsafe) public static var level: Level = {
        switch getenv("TRELLIS_LOG").map({ String(cString: $0).lowercased() }) {
        case "info"?: .info
        case "debug"?: .debug
        default: .off
        }
    }()

    /// Says `message` at the info level.
    public static func info(_ message: @autoclosure () -> String) {
        if level >= .info { write("info", message()) }
    }

    /// Says `message` at the debug level.
    public static func debug(_ message: @autoclosure () -> String) {
        if level >= .debug { write("debug", message()) }
    }

    private static func write(_ label: String, _ message: String) {
        // Names in it come from configs and plugin files: escaped for the terminal.
        let line = "trellis: \(label): \(message.escapingControlCharacters)\n"
        line.withCString { _ = Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }
}
