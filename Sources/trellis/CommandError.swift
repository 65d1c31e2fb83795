import Foundation
import TrellisHost

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
