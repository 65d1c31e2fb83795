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

    static let overview = """
        trellis: a plugin-based app shell. Screens are plugins (.so files) that a route
        config attaches into one RIBs-style router tree.

        USAGE: trellis <command> [options]

        COMMANDS:
          run [CONFIG]        run the app a route config describes
          validate [CONFIG]   check a config and every plugin it names
          inspect PLUGIN.so   show a plugin's manifest, read from the file (or
                              list the plugins in a folder)
          new NAME            write a new plugin package (a RIB, a test, a config)
          completion SHELL    print a completion script for bash, zsh or fish
          help [--man]        show this help, or the manual page (roff)

        CONFIG defaults to ./config.json. Run `trellis <command> --help` for details.

        OPTIONS:
          -h, --help          show this help
          --version           show the version and the SDK release plugins are loaded for

        EXIT CODES:
          0 success; 1 a headless expectation failed; 2 bad usage, a bad config,
          or a plugin that cannot be used; 3 a plugin crashed the app.
        """

    static let run = """
        USAGE: trellis run [CONFIG] [--headless] [--script FILE] [--size COLSxROWS] [--open URL]
                           [--timeout SECONDS] [--eager] [--watch] [--plugins DIR]... [-v] [--no-mouse]

        Runs the app that CONFIG (default ./config.json) describes. The config and
        every route's plugin are checked first, from the plugin files' manifests; a
        problem stops the run with exit code 2. A plugin is loaded when its route is
        first built.

        OPTIONS:
          --headless          draw the screen as plain text and read commands instead
                              of keys (the default when standard output is not a
                              terminal)
          --script FILE       read headless commands from FILE (default: standard
                              input, one command a line)
          --size COLSxROWS    the screen size (default 80x24)
          --open URL          open a deep link once the app has started, for example
                              trellis://launchGame?gameId=ticTacToe
          --timeout SECONDS   how long a headless step waits for the screen to show
                              what it looks for (default 5; 0 does not wait)
          --eager             load every route's plugin before the first frame
          --watch             swap screens in place when their plugin is rebuilt
                              or the config is edited, keeping the screens above
                              them as they were (see README, Live swap)
          --no-mouse          leave the mouse to the terminal (TRELLIS_MOUSE=off too)
          --plugins DIR       search DIR for plugins before the config's folders
                              (repeatable)
          -v, --verbose       say which file each route's plugin came from, and
                              each plugin refused and why (TRELLIS_LOG=info|debug)
          -h, --help          show this help

        HEADLESS COMMANDS:
        \(ScriptCommand.summary.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

        PLUGINS:
          Found in the config's "plugins" folders; "@host" there means this trellis's
          own folder and ../lib beside it. Folders in TRELLIS_PLUGIN_PATH
          (colon-separated) are searched first.

        COLOURS:
          TRELLIS_THEME=default|light|high-contrast|none, or "theme" in the config,
          picks the terminal's colours (the variable wins); NO_COLOR turns colour off
          whatever the theme.

        SUPERVISOR:
          The app runs in a child process. If a plugin crashes it, the terminal is
          restored and a report names the route, the plugin, its message and its
          frames; in a terminal the app can start again with that route shown as an
          error. A screen whose code does not return for 2 s (TRELLIS_HANG_SECONDS)
          is said to be not responding, and Ctrl-C then ends the app with a report
          of where it is stuck; headless, a stuck step ends it at --timeout (at
          least 5 s). TRELLIS_SUPERVISOR=off runs in one process (for a debugger).

        EXIT CODES:
          0 the script ran to its end or `quit`; 1 a step failed (the screen is
          written to standard error); 2 bad usage, config, script or plugin;
          3 a plugin crashed the app or stopped responding (the report is on
          standard error).
        """

    static let validate = """
        USAGE: trellis validate [CONFIG] [--deep] [--json] [--plugins DIR]... [-v]

        Checks CONFIG (default ./config.json): the JSON and its keys, that every route
        a config names exists, that routes form no cycle, that every route's plugin
        loads and is compatible with this host, that every slot a plugin declares is
        bound and every binding names a declared slot, and that each dependency a
        plugin requires is provided above it. Routes that are never shown are warned
        about. The root route is built, as `run` would build it first.

        OPTIONS:
          --deep              build every route once, each in a process of its own,
                              and report each whose builder throws or crashes (for
                              a plugin author's CI)
          --json              print the result as one JSON object: ok, config,
                              root, routes, problems (severity and message)
          --plugins DIR       search DIR for plugins before the config's folders
          -v, --verbose       say which plugin files were read or refused, and why
          -h, --help          show this help

        EXIT CODES:
          0 no errors (warnings may be printed); 2 errors, each on its own line.
        """

    static let inspect = """
        USAGE: trellis inspect PLUGIN.so [--json]
               trellis inspect FOLDER [--json]

        Reads one plugin library's manifest from the file, without loading it (none
        of the plugin's code runs), and prints it: name, version, summary, the SDK
        release and toolchain it was built with, its slots, the dependencies it
        requires and provides, and the file's SHA-256 to pin it with.

        Given a folder, lists the plugins in it (each lib*.so with a manifest), a
        line each: name, version, file, and why this host cannot use it, if not.

        OPTIONS:
          --json              print the same as one JSON object
          -h, --help          show this help

        EXIT CODES:
          0 success; 2 the file is missing or not a usable plugin.
        """

    static let new = """
        USAGE: trellis new NAME [--in DIR] [--slot NAME]... [--viewless] [--sdk DIR]

        Writes DIR/NAME (default ./NAME), a Swift package for a plugin of its own: its
        Builder, Component, Interactor, Router and view, a test, a config.json that
        binds it as the root (each slot to a placeholder screen) and a README with
        its three commands: swift build, swift test, trellis run config.json.

        OPTIONS:
          --in DIR            the folder to write the package in (default: here)
          --slot NAME         a slot the plugin attaches a child to (repeatable); the
                              view gets an "Open NAME" button that presents it
          --viewless          a RIB with no view of its own, which shows its first
                              slot's child in its parent's view; a second target,
                              NAMEHost, shows it, as the config's root
          --sdk DIR           the Trellis SDK package to depend on (default: the
                              one installed with this trellis, PREFIX/share/trellis/SDK,
                              or the one in the repository it was built in)
          -h, --help          show this help
        """

    static let completion = """
        USAGE: trellis completion bash|zsh|fish

        Prints a completion script for the shell: commands, their options, and
        files where a command takes one.

          bash   eval "$(trellis completion bash)"   (in ~/.bashrc)
          zsh    trellis completion zsh > "${fpath[1]}/_trellis"
          fish   trellis completion fish > ~/.config/fish/completions/trellis.fish
        """

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
            how long a screen's code may run before it is said to be not responding (2).
            .TP
            .B TRELLIS_THEME
            default, light, high-contrast or none: the terminal's colours (before a config's "theme").
            .TP
            .B NO_COLOR
            turns colour off, whatever the theme.
            """
    }
}
