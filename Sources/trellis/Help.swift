import TrellisHost
import TrellisSDK

/// The text of `--help` for each command.
enum Help {
    static let version = "0.1.0"
    /// The SDK releases this host loads plugins of: its major, up to its minor.
    static var loadableSDKs: String {
        let sdk = TrellisSDKInterface.release
        return sdk.minor == 0 ? "\(sdk.major).0" : "\(sdk.major).0 to \(sdk.major).\(sdk.minor)"
    }

    static var overview: String {
        let commands = Commands.all.map { command in
            let form = command.forms[0].isEmpty ? command.options.map(\.usage).joined(separator: " ") : command.forms[0]
            return CommandSpec.twoColumns("\(command.name) \(form)", command.summary)
        }
        return """
            trellis: a plugin-based app shell. Screens are plugins (.so files) that a route
            config attaches into one RIBs-style router tree.

            USAGE: trellis <command> [options]

            COMMANDS:
            \(commands.joined(separator: "\n"))

            CONFIG defaults to ./config.json. Run `trellis <command> --help` for details.

            OPTIONS:
              -h, --help          show this help
              --version           show the version and the SDK release plugins are loaded for

            EXIT CODES:
              0 success; 1 a headless expectation failed; 2 bad usage, a bad config,
              or a plugin that cannot be used; 3 a plugin crashed the app.
            """
    }

    static var run: String { Commands.run.helpText }
    static var validate: String { Commands.validate.helpText }
    static var inspect: String { Commands.inspect.helpText }
    static var permissions: String { Commands.permissions.helpText }
    static var new: String { Commands.new.helpText }
    static var completion: String { Commands.completion.helpText }

    /// The manual page, in roff, made from the same texts as `--help`.
    static var manPage: String {
        func block(_ text: String) -> String {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                let escaped = line.replacingOccurrences(of: "\\", with: "\\e")
                return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
            }
            return ".nf\n" + lines.joined(separator: "\n") + "\n.fi"
        }
        return """
            .TH TRELLIS 1 "2026" "trellis \(version)" "User Commands"
            .SH NAME
            trellis \\- a plugin-based app shell: screens are .so plugins in one RIBs-style router tree
            .SH SYNOPSIS
            .B trellis
            .I command
            [options]
            .SH DESCRIPTION
            \(block(overview))
            .SH RUN
            \(block(run))
            .SH VALIDATE
            \(block(validate))
            .SH INSPECT
            \(block(inspect))
            .SH PERMISSIONS
            \(block(permissions))
            .SH NEW
            \(block(new))
            .SH COMPLETION
            \(block(completion))
            .SH ENVIRONMENT
            .TP
            .B TRELLIS_PLUGIN_PATH
            Folders, colon-separated, searched for plugins before a config's own.
            .TP
            .B TRELLIS_LOG
            info or debug: which file each plugin came from, what was refused and why.
            .TP
            .B TRELLIS_MOUSE
            off leaves the mouse to the terminal, as --no-mouse does.
            .TP
            .B TRELLIS_SUPERVISOR
            off runs the app in one process, for a debugger.
            .TP
            .B TRELLIS_LEAKS
            warn, fatal or off: what a route that outlives its detach does.
            .TP
            .B TRELLIS_HANG_SECONDS
            how long a screen's code may run before it is said to be not responding (2 in a terminal; headless, the step's --timeout, 5 at least; 10 for serve).
            .TP
            .B TRELLIS_THEME
            default, light, high-contrast or none: the terminal's colours (before a config's "theme").
            .TP
            .B NO_COLOR
            turns colour off, whatever the theme.
            """
    }
}
