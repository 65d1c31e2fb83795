import TrellisCore
import TrellisHost

/// Every command of `trellis`, with its options and texts: the one table that
/// parsing, `--help`, the manual page and the completion scripts read.
enum Commands {
    static var all: [CommandSpec] { [run, serve, validate, inspect, permissions, new, completion, help] }

    static let serve = CommandSpec(
        name: "serve", forms: ["[CONFIG]"], summary: "serve the app a route config describes to a web browser",
        description: """
            Runs the app that CONFIG (default ./config.json) describes, as `run`
            does, and serves it to web browsers over HTTP: it prints an address
            with a secret token (http://127.0.0.1:8765/?token=…). Opening it
            shows the app, its screens drawn as HTML controls; the page keeps
            the token in its own storage (never a cookie, which the browser
            would send to other local servers). Each browser tab is a session of
            its own, built from the root; a reload comes back to it (for --keep
            seconds). The address follows the route; add ?open=LINK to open a
            deep link (opened only with the token in the address). Each route
            below the root runs in a sandboxed process of its own, one per tab,
            unless the config says "isolation" for it or --in-process is given
            (a route whose plugin requires objects from above stays, and is
            named): a screen that crashes or hangs is that tab's alone, said in
            its place with a Restart. A crash in the app's own process is reported,
            and the app served again at the same address. Only the loopback
            address is bound unless --bind says otherwise; the app's socket and
            pictures need the token. A turn of work longer than 10 s
            (TRELLIS_HANG_SECONDS) ends the app, with a report of where it is
            stuck, and it is served again as after a crash. Ctrl-C stops
            serving.
            """,
        options: [
            .option("--port", "N", help: "the port to listen on (default 8765; 0: any free one)"),
            .option(
                "--bind", "ADDRESS",
                help: "the IP address to listen on (default 127.0.0.1); another prints a warning, and the token is "
                    + "still needed"),
            .flag("--open", help: "open the address in the desktop's browser (xdg-open)"),
            .option(
                "--keep", "SECONDS",
                help: "how long a tab's session outlives its page, so a reload comes back to it (default 60; 0 to "
                    + "3600)"),
            .flag(
                "--watch",
                help: "swap screens in every tab when their plugin is rebuilt or the config is edited; new tabs use "
                    + "the edited config (see Docs/LiveSwap.md)"),
            isolateAll,
            .flag(
                "--in-process",
                help: "run the routes in the app's process, as `run` does, except those the config isolates; a "
                    + "crash or hang in one tab then stops every tab"),
            plugins,
            .flag("-v", "--verbose", help: "say which file each route's plugin came from, and each plugin refused"),
        ],
        sections: """
            EXIT CODES:
              0 stopped with Ctrl-C or SIGTERM; 2 a bad config, address or port.
            """)

    static let isolateAll = OptionSpec.flag(
        "--isolate-all",
        help: "run every route that can be in a sandboxed process of its own, as \"isolation\": \"process\" does "
            + "(see Docs/Isolation.md); says which cannot, and why")

    static let plugins = OptionSpec.option(
        "--plugins", "DIR", help: "search DIR for plugins before the config's folders (repeatable)", repeats: true,
        takesPath: true)

    static var run: CommandSpec {
        CommandSpec(
            name: "run", forms: ["[CONFIG]"], summary: "run the app a route config describes",
            description: """
                Runs the app that CONFIG (default ./config.json) describes. The config and
                every route's plugin are checked first, from the plugin files' manifests; a
                problem stops the run with exit code 2. A plugin is loaded when its route is
                first built.
                """,
            options: [
                .flag(
                    "--headless",
                    help: "draw the screen as plain text and read commands instead of keys (the default when "
                        + "standard output is not a terminal)"),
                .option(
                    "--script", "FILE",
                    help: "read headless commands from FILE (default: standard input, one command a line)",
                    takesPath: true),
                .option("--size", "COLSxROWS", help: "the screen size (default 80x24)"),
                .option(
                    "--open", "URL",
                    help: "open a deep link once the app has started, for example trellis://launchGame?gameId=ticTacToe"
                ),
                .option(
                    "--timeout", "SECONDS",
                    help:
                        "how long a headless step waits for the screen to show what it looks for (default 5, or "
                        + "TRELLIS_TIMEOUT for every run, as on a slow or busy machine; 0 does not wait)"
                ),
                .flag("--eager", help: "load every route's plugin before the first frame"),
                isolateAll,
                .flag(
                    "--watch",
                    help: "swap screens in place when their plugin is rebuilt or the config is edited, keeping the "
                        + "screens above them as they were (see Docs/LiveSwap.md)"),
                plugins,
                .flag(
                    "-v", "--verbose",
                    help: "say which file each route's plugin came from, and each plugin refused and why "
                        + "(TRELLIS_LOG=info|debug)"),
                .flag("--no-mouse", help: "leave the mouse to the terminal (TRELLIS_MOUSE=off too)"),
            ],
            sections: """
                HEADLESS COMMANDS:
                \(ScriptCommand.summary.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

                PLUGINS:
                  Found in the config's "plugins" folders; "@host" there means this trellis's
                  own folder and ../lib beside it. Folders in TRELLIS_PLUGIN_PATH
                  (colon-separated) are searched first.

                COLOURS:
                  TRELLIS_THEME=default|light|high-contrast|none, or "theme" in the config,
                  picks the terminal's colours (the variable wins); your own colours come
                  from $XDG_CONFIG_HOME/trellis/theme.json (TRELLIS_THEME_FILE names another
                  file; Docs/Keys.md); NO_COLOR turns colour off whatever the theme.

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
                """)
    }

    static let validate = CommandSpec(
        name: "validate", forms: ["[CONFIG]"], summary: "check a config and every plugin it names",
        description: """
            Checks CONFIG (default ./config.json): the JSON and its keys, that every route
            a config names exists, that routes form no cycle, that every route's plugin
            loads and is compatible with this host, that every slot a plugin declares is
            bound and every binding names a declared slot, and that each dependency a
            plugin requires is provided above it. Routes that are never shown are warned
            about. The root route is built, as `run` would build it first.
            """,
        options: [
            .flag(
                "--deep",
                help: "build every route once, each in a process of its own, and report each whose builder throws "
                    + "or crashes (for a plugin author's CI)"),
            .flag(
                "--json",
                help: "print the result as one JSON object: ok, config, root, routes, problems (severity and message)"),
            plugins,
            .flag("-v", "--verbose", help: "say which plugin files were read or refused, and why"),
        ],
        sections: """
            EXIT CODES:
              0 no errors (warnings may be printed); 2 errors, each on its own line.
            """)

    static let inspect = CommandSpec(
        name: "inspect", forms: ["PLUGIN.so", "FOLDER"],
        summary: "show a plugin's manifest, read from the file (or list the plugins in a folder)",
        description: """
            Reads one plugin library's manifest from the file, without loading it (none
            of the plugin's code runs), and prints it: name, version, summary, the SDK
            release and toolchain it was built with, its slots, the dependencies it
            requires and provides, and the file's SHA-256 to pin it with.

            Given a folder, lists the plugins in it (each lib*.so with a manifest), a
            line each: name, version, file, and why this host cannot use it, if not.
            """,
        options: [.flag("--json", help: "print the same as one JSON object")],
        sections: """
            EXIT CODES:
              0 success; 2 the file is missing or not a usable plugin.
            """)

    static let permissions = CommandSpec(
        name: "permissions", forms: [""],
        summary: "list the answers given to plugins' permission asks, or revoke one",
        description: """
            A plugin whose route runs in a process of its own ("isolation": "process")
            may ask, in its manifest, to read or write files outside its own, to use the
            network or to start processes. The first time its screen opens, the app asks
            you in its place; the answer is kept for that build of the plugin (its
            SHA-256) in $XDG_CONFIG_HOME/trellis/permissions.json (~/.config when
            unset), and a new build asks again. A route's "permissions" in the config
            answer for it instead. This lists the answers kept; --revoke forgets a
            plugin's, so it asks again when it next opens.
            """,
        options: [
            .option("--revoke", "PLUGIN", help: "forget the answers given to PLUGIN (its name, as listed)"),
            .flag("--json", help: "print the answers as one JSON object"),
        ],
        sections: """
            EXIT CODES:
              0 success; 2 no answer kept for the plugin given, or a file that cannot be read.
            """)

    static let new = CommandSpec(
        name: "new", forms: ["NAME"], summary: "write a new plugin package (a RIB, a test, a config)",
        description: """
            Writes DIR/NAME (default ./NAME), a Swift package for a plugin of its own: its
            Builder, Component, Interactor, Router and view, a test, a config.json that
            binds it as the root (each slot to a placeholder screen) and a README with
            its three commands: swift build, swift test, trellis run config.json.

            With --plugins A,B,..., NAME is an app's package of several plugins, each
            with its test: A is the root, with a slot for each other plugin, named
            after it (ExpenseForm's is expenseForm), and a button that opens it; the
            config wires them. --contracts C adds C, a package of its own that every
            plugin links, holding a NAMEStore the root provides and the others
            require (Docs/Authoring.md, "Dependencies across plugins"):

              trellis new Expenses --plugins ExpenseList,ExpenseForm --contracts ExpensesContracts
            """,
        options: [
            .option("--in", "DIR", help: "the folder to write the package in (default: here)", takesPath: true),
            .option(
                "--slot", "NAME",
                help: "a slot the plugin attaches a child to (repeatable); the view gets an \"Open NAME\" button that "
                    + "presents it", repeats: true),
            .flag(
                "--viewless",
                help: "a RIB with no view of its own, which shows its first slot's child in its parent's view; a "
                    + "second target, NAMEHost, shows it, as the config's root"),
            .option(
                "--plugins", "A,B...",
                help: "an app's plugins, the root first, each other one in a slot of the root (repeatable)",
                repeats: true),
            .option(
                "--contracts", "NAME",
                help: "with --plugins: a package of the store the plugins share (the root provides it)"),
            .option(
                "--sdk", "DIR",
                help: "the Trellis SDK package to depend on (default: $TRELLIS_SDK, else the one installed with "
                    + "this trellis, PREFIX/share/trellis/SDK, or the one in the repository it was built in)",
                takesPath: true),
        ])

    static let completion = CommandSpec(
        name: "completion", forms: ["bash|zsh|fish"], summary: "print a completion script for bash, zsh or fish",
        description: """
            Prints a completion script for the shell: commands, their options, and
            files where a command takes one.

              bash   eval "$(trellis completion bash)"   (in ~/.bashrc)
              zsh    trellis completion zsh > "${fpath[1]}/_trellis"
              fish   trellis completion fish > ~/.config/fish/completions/trellis.fish
            """,
        options: [])

    static let help = CommandSpec(
        name: "help", forms: ["[COMMAND]"],
        summary: "show this help, a command's (help run), or the manual page (roff)",
        description:
            "Shows the overview of the commands, a command's help, or with --man the manual page in roff (man -l -).",
        options: [.flag("--man", help: "print the manual page, in roff")])
}
