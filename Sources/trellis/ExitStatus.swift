import Foundation

/// The exit codes of `trellis`, as `--help` documents them.
enum ExitStatus: Int32 {
    case success = 0
    /// A headless expectation or step did not hold.
    case failure = 1
    /// Bad usage, a bad config, or a plugin that cannot be used.
    case unusable = 2
}

/// An error that ends the command: its message goes to stderr, its status is the
/// exit code.
struct CommandError: Error {
    var message: String
    var status: ExitStatus = .unusable

    static func usage(_ message: String, help command: String) -> CommandError {
        CommandError(message: "\(message)\nRun `trellis \(command) --help` for usage.")
    }
}

extension CommandError: LocalizedError {
    var errorDescription: String? { message }
}
