import Foundation
import Glibc
import TrellisCore
import TrellisHost

/// `trellis run [CONFIG] [--headless] [--script FILE] [--size COLSxROWS] [--open URL] [--timeout SECONDS] [--eager] [--watch]`.
@MainActor
struct RunCommand {
    let arguments: [String]
    /// What the app's trees are told: the routes that crashed an earlier app process.
    let context: HostContext

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.run)
        if parsed.wantsHelp {
            print(Help.run)
            return .success
        }
        if parsed.has("--verbose") { Log.level = max(Log.level, .info) }
        let size = try parseSize(parsed.value("--size") ?? "80x24")
        let timeout = try parseTimeout(parsed.value("--timeout"))
        let script = try parsed.value("--script").map(readScript)
        // How long one turn of work may last before the supervisor's watchdog
        // steps in: a person at a terminal is told at 2 s; a script's step fails
        // at its time-out, and at least 5 s, so that a loaded machine's slow start
        // or plugin load is not taken for a screen that does not return.
        // TRELLIS_HANG_SECONDS, when set, is the limit in both.
        let isInteractive = script == nil && !parsed.has("--headless") && Terminal.drawsScreens
        let setLimit = ProcessInfo.processInfo.environment["TRELLIS_HANG_SECONDS"] != nil
        CrashRecord.noteHangLimit(
            isInteractive || setLimit ? try parseHangLimit() : max(timeout, HeadlessRunner.defaultTimeout))
        // Read by the session itself; a value it cannot use is said here, not ignored.
        if let text = ProcessInfo.processInfo.environment["TRELLIS_TYPEAHEAD_SECONDS"] {
            _ = try parseSeconds(text, of: "TRELLIS_TYPEAHEAD_SECONDS", from: 0, example: "1")
        }
        let configPath = try parsed.singlePositional(command: "run", name: "config")
        let (config, loader) = try Trellis.loadRunnableConfig(
            configPath, pluginFolders: parsed.allValues("--plugins"),
            isolating: parsed.has("--isolate-all") ? .all : .asConfigured)
        // TRELLIS_THEME is checked before the app starts, as the other settings read
        // from the environment, whether or not the run draws in a terminal.
        _ = try chooseTheme(config: config)
        let loop = EventLoop()
        let tree = RouteTree(config: config, loader: loader, context: context)
        do {
            // With --eager every plugin is mapped before the first frame.
            if parsed.has("--eager") { try tree.loadAllPlugins() }
            try tree.launch()
        } catch {
            throw CommandError(message: error.localizedDescription)
        }
        if let link = parsed.value("--open") {
            do {
                try tree.openLink(link)
            } catch {
                throw CommandError(message: "--open \(link): \(error.userMessage)")
            }
        }
        // Kept for the whole run: it swaps screens as their files change.
        var liveSwap: LiveSwap?
        if parsed.has("--watch") {
            do {
                liveSwap = try LiveSwap(tree: tree, loop: loop) {
                    try Trellis.reloadConfig(
                        configPath, pluginFolders: parsed.allValues("--plugins"),
                        isolating: parsed.has("--isolate-all") ? .all : .asConfigured, loader: loader)
                }
            } catch {
                throw CommandError(message: "--watch: \(error)")
            }
        }
        defer { withExtendedLifetime(liveSwap) {} }
        // A terminal that cannot address its cursor (TERM=dumb, or none named) gets
        // the headless session, which writes plain text only.
        if script == nil, !parsed.has("--headless"), Terminal.drawsScreens {
            let mouseOff =
                parsed.has("--no-mouse") || getenv("TRELLIS_MOUSE").map { String(cString: $0) == "off" } == true
            let keymap: Keymap
            let colours: UserTheme
            do {
                keymap = try Keymap.load(environment: ProcessInfo.processInfo.environment)
            } catch {
                throw CommandError(
                    message: "\(error.description); fix the file or move it away (Docs/Keys.md, \"Your own keys\")")
            }
            do {
                colours = try UserTheme.load(environment: ProcessInfo.processInfo.environment)
            } catch {
                throw CommandError(
                    message: "\(error.description); fix the file or move it away (Docs/Keys.md, \"Your own colours\")")
            }
            // NO_COLOR wins over the user's colours too.
            let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
            return try runInTerminal(
                tree, loop: loop, usesMouse: !mouseOff, theme: try chooseTheme(config: config, userBase: colours.base),
                styles: noColor ? [:] : colours.styles, keymap: keymap)
        }
        tree.onNotice = { Trellis.printError($0) }
        tree.leakDetector.onLeak = { leak in
            Trellis.printError(leak)
            // TRELLIS_LEAKS=fatal: a leak fails the run, as a failed step does.
            if tree.leakDetector.mode == .fatal { CrashRecord.exitAsHost(ExitStatus.failure.rawValue) }
        }
        let session = ScreenSession(tree: tree, window: Window(width: size.columns, height: size.rows))
        let runner = HeadlessRunner(session: session, loop: loop, timeout: timeout)
        let status =
            try script.map { try runScript($0, runner: runner) } ?? runStandardInput(runner: runner, loop: loop)
        // Routes detached near the end get their chance to go away, then are checked.
        loop.drain()
        tree.leakDetector.checkAll()
        return status
    }

    private func runScript(
        _ script: (file: String, commands: [(line: Int, command: ScriptCommand)]), runner: HeadlessRunner
    ) throws -> ExitStatus {
        for (line, command) in script.commands {
            if command == .quit { break }
            try execute(command, runner: runner, place: "\(script.file):\(line)")
            // `key q` quits as the key does in the terminal.
            if runner.session.quitRequested { break }
        }
        return .success
    }

    private func runInTerminal(
        _ tree: RouteTree, loop: EventLoop, usesMouse: Bool, theme: Theme, styles: [CellStyle: String], keymap: Keymap
    ) throws -> ExitStatus {
        let ending: TerminalApp.Ending
        do {
            ending = try TerminalApp.run(
                tree: tree, loop: loop, usesMouse: usesMouse, theme: theme, styles: styles, keymap: keymap)
        } catch {
            throw CommandError(message: "cannot use the terminal (\(error)); run with --headless instead.")
        }
        if case let .signal(number) = ending {
            // The terminal is restored; end the way the signal asked.
            signal(number, SIG_DFL)
            raise(number)
        }
        return .success
    }

    /// Reads commands line by line, so a test can drive a live host step by step;
    /// the app's own work runs while it waits for the next line. When a person
    /// types them (`--headless` at a terminal), the screen is shown after each
    /// command.
    private func runStandardInput(runner: HeadlessRunner, loop: EventLoop) throws -> ExitStatus {
        let isTerminal = isatty(STDIN_FILENO) == 1
        let reader = LineReader(descriptor: STDIN_FILENO, loop: loop)
        runner.session.takesCommands = isTerminal
        // Work that outlasted the settle after the last command: its screen is
        // shown again when it ends, with the prompt.
        var working = false
        func showScreen() {
            working = !runner.settle()
            print(runner.screenText())
            if working { print("(still working: the screen is shown again when the work is done)") }
        }
        func showScreenOnceWorkEnds() {
            guard working, !runner.isWorking else { return }
            print()
            showScreen()
            print("> ", terminator: "")
            fflush(nil)
        }
        if isTerminal { showScreen() }
        let whileWaiting: (() -> Void)? = isTerminal ? { showScreenOnceWorkEnds() } : nil
        while true {
            if isTerminal {
                print("> ", terminator: "")
                fflush(nil)
            }
            let line: String?
            do {
                line = try reader.nextLine(whileWaiting: whileWaiting)
            } catch {
                throw CommandError(
                    message: "standard input: line \(reader.lineNumber + 1) is longer than "
                        + "\(LineReader.maximumLineLength) bytes; split it into several commands.")
            }
            guard let line else { break }
            if isTerminal, line.trimmingCharacters(in: .whitespaces) == "help" {
                print("Commands (one a line):\n" + ScriptCommand.summary)
                continue
            }
            let command: ScriptCommand?
            do {
                command = try ScriptCommand.parse(line, line: reader.lineNumber)
            } catch {
                guard isTerminal else {
                    throw CommandError(
                        message:
                            "standard input:\(error.line): \(error.message). Run `trellis run --help` for the commands."
                    )
                }
                Trellis.printError(error.message)
                continue
            }
            guard let command else { continue }
            if command == .quit { break }
            do {
                try execute(command, runner: runner, place: "standard input:\(reader.lineNumber)")
            } catch let error as CommandError where isTerminal {
                Trellis.printError(error.message)
            }
            if runner.session.quitRequested { break }
            // The screen the command led to, its asynchronous result included.
            if isTerminal, command != .print { showScreen() }
            fflush(nil)
        }
        return .success
    }

    private func execute(_ command: ScriptCommand, runner: HeadlessRunner, place: String) throws {
        do {
            if let output = try runner.execute(command) {
                // `tree` names routes from the config: escaped like every message.
                print(output.escapingControlCharacters)
                fflush(nil)
            }
        } catch {
            throw CommandError(
                message: "\(place): \(error.localizedDescription)\n--- screen ---\n\(runner.screenText())\n---",
                status: .failure)
        }
    }

    private func readScript(_ path: String) throws -> (file: String, commands: [(line: Int, command: ScriptCommand)]) {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.readStream(path, limit: 64 << 20)
        } catch {
            throw CommandError(
                message: "\(path): cannot read the script: \(error). Give the path of a file of headless commands.")
        }
        var commands: [(line: Int, command: ScriptCommand)] = []
        // Split as bytes: "\r\n" is one Character, so a CRLF file would be one line.
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.count <= LineReader.maximumLineLength else {
                throw CommandError(
                    message: "\(path):\(index + 1): the line is longer than \(LineReader.maximumLineLength) bytes; "
                        + "split it into several commands.")
            }
            do {
                let text = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
                if let command = try ScriptCommand.parse(text, line: index + 1) {
                    commands.append((index + 1, command))
                }
            } catch {
                throw CommandError(
                    message: "\(path):\(error.line): \(error.message). Run `trellis run --help` for the commands.")
            }
        }
        return (path, commands)
    }

    /// `--timeout`, else `TRELLIS_TIMEOUT` (a default for every run: a slow or
    /// busy machine, CI), else ``HeadlessRunner/defaultTimeout``.
    private func parseTimeout(_ text: String?) throws -> Duration {
        if let text { return try parseSeconds(text, of: "--timeout", from: 0, example: "5 or 0.5") }
        guard let variable = ProcessInfo.processInfo.environment["TRELLIS_TIMEOUT"] else {
            return HeadlessRunner.defaultTimeout
        }
        return try parseSeconds(variable, of: "TRELLIS_TIMEOUT", from: 0, example: "5 or 60")
    }

    private func parseSeconds(_ text: String, of name: String, from lowest: Double, example: String) throws -> Duration
    {
        try Seconds.parse(text, of: name, from: lowest, example: example, help: "run")
    }

    /// The terminal's colours: none with `NO_COLOR` (no-color.org: the user's
    /// wish wins), else `TRELLIS_THEME`'s, else the user's theme file's base,
    /// else the config's, else the default. A `TRELLIS_THEME` this host does not
    /// know is refused even under `NO_COLOR`.
    private func chooseTheme(config: RouteConfig, userBase: Theme? = nil) throws -> Theme {
        let environment = ProcessInfo.processInfo.environment
        // Empty is unset, as for NO_COLOR.
        var chosen = userBase ?? config.theme ?? .default
        if let name = environment["TRELLIS_THEME"], !name.isEmpty {
            guard let theme = Theme(rawValue: name) else {
                throw CommandError.usage(
                    "TRELLIS_THEME must be one of \(Theme.names.joined(separator: ", ")); got \"\(name)\".",
                    help: "run")
            }
            chosen = theme
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        return chosen
    }

    /// `TRELLIS_HANG_SECONDS`: when a screen that does not return is said to be
    /// not responding in the terminal.
    private func parseHangLimit() throws -> Duration {
        guard let text = ProcessInfo.processInfo.environment["TRELLIS_HANG_SECONDS"] else {
            return Watchdog.terminalLimit
        }
        return try parseSeconds(text, of: "TRELLIS_HANG_SECONDS", from: 0.5, example: "2")
    }

    private func parseSize(_ text: String) throws -> (columns: Int, rows: Int) {
        let parts = text.lowercased().split(separator: "x")
        let largest = Canvas.maximumSide
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (20...largest).contains(columns), (5...largest).contains(rows)
        else {
            throw CommandError.usage(
                "--size must be COLSxROWS with 20 to \(largest) columns and 5 to \(largest) rows, "
                    + "for example 80x24; got \"\(text)\".", help: "run")
        }
        return (columns, rows)
    }
}
