import Foundation
import TrellisCore
import TrellisHost

/// `trellis permissions [--revoke PLUGIN] [--json]`: the answers kept for
/// plugins' permission asks (Docs/Isolation.md, "Permissions").
@MainActor
struct PermissionsCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.permissions)
        if parsed.wantsHelp {
            print(Help.permissions)
            return .success
        }
        if let extra = parsed.positional.first {
            throw CommandError.usage(
                "permissions takes options only, not \"\(extra.escapingControlCharacters)\".", help: "permissions")
        }
        let store = PermissionStore()
        let answers: [String: PermissionStore.Answer]
        do {
            answers = try store.answers()
        } catch {
            throw CommandError(message: error.message)
        }
        if let plugin = parsed.value("--revoke") {
            guard answers[plugin] != nil else {
                let kept = answers.keys.sorted().map { $0.escapingControlCharacters }
                throw CommandError(
                    message: "no answer is kept for \"\(plugin.escapingControlCharacters)\" in \(store.file.path)"
                        + (kept.isEmpty ? "." : "; answers are kept for \(kept.joined(separator: ", ")).")
                )
            }
            do {
                try store.keep(nil, for: plugin)
            } catch {
                throw CommandError(message: error.message)
            }
            print(
                "Forgot the answers given to \(plugin.escapingControlCharacters): it asks again when its screen next opens."
            )
            return .success
        }
        if parsed.has("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            // Names and paths from plugins' manifests: escaped for the terminal.
            print(String(decoding: try encoder.encode(answers), as: UTF8.self).escapingControlCharacters)
            return .success
        }
        guard !answers.isEmpty else {
            print("No answers kept in \(store.file.path).")
            return .success
        }
        print("Answers kept in \(store.file.path):")
        for (plugin, answer) in answers.sorted(by: { $0.key < $1.key }) {
            // From a file the user or a plugin's manifest wrote: escaped for the terminal.
            let granted = answer.granted.map(Route.Permissions.words).joined(separator: "; ")
            let denied = answer.denied.map(Route.Permissions.words).joined(separator: "; ")
            print(
                """
                  \(plugin.escapingControlCharacters) (build \(answer.sha256.prefix(12).escapingControlCharacters), \
                \(answer.answered.escapingControlCharacters))
                    granted: \(granted.isEmpty ? "nothing" : granted)
                    denied:  \(denied.isEmpty ? "nothing" : denied)
                """)
        }
        return .success
    }
}
