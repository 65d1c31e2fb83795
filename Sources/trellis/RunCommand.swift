import Foundation
import Glibc
import TrellisHost

/// `trellis run [CONFIG] [--headless] [--script FILE] [--size COLSxROWS] [--open URL]`.
@MainActor
struct RunCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: "run", flags: ["--headless"], options: ["--script", "--size", "--open"])
        if parsed.wantsHelp {
            print(Help.run)
            return .success
        }
        let size = try parseSize(parsed.value("--size") ?? "80x24")
        let script = try parsed.value("--script").map(readScript)
        let config = try Trellis.loadConfig(try parsed.singlePositional(command: "run", name: "config"))
        let loader = PluginLoader(searchPath: config.searchPath)
        let errors = Validator(config: config, loader: loader).problems().filter { $0.severity == .error }
        guard errors.isEmpty else {
            errors.forEach { Trellis.printError($0.description) }
            throw CommandError(message: "\(config.fileName) cannot run; `trellis validate` lists the same problems.")
        }
        let tree = RouteTree(config: config, loader: loader)
        do {
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
        if script == nil, !parsed.has("--headless"), Terminal.isAvailable {
            return try runInTerminal(tree)
        }
        let session = ScreenSession(tree: tree, window: Window(width: size.columns, height: size.rows))
        if let script {
            return try runScript(script, session: session)
        }
        return try runStandardInput(session: session)
    }

    private func runScript(_ script: (file: String, commands: [(line: Int, command: ScriptCommand)]), session: ScreenSession) throws -> ExitStatus {
        for (line, command) in script.commands {
            if command == .quit { break }
            try execute(command, session: session, place: "\(script.file):\(line)")
        }
        return .success
    }

    private func runInTerminal(_ tree: RouteTree) throws -> ExitStatus {
        let ending: TerminalApp.Ending
        do {
            ending = try TerminalApp.run(tree: tree)
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

    /// Reads commands line by line, so a test can drive a live host step by step.
    /// When a person types them (`--headless` at a terminal), the screen is shown
    /// after each command.
    private func runStandardInput(session: ScreenSession) throws -> ExitStatus {
        let isTerminal = isatty(STDIN_FILENO) == 1
        if isTerminal { print(session.frame().text) }
        var lineNumber = 0
        while true {
            if isTerminal { print("> ", terminator: ""); fflush(nil) }
            guard let line = readLine() else { break }
            lineNumber += 1
            let command: ScriptCommand?
            do {
                command = try ScriptCommand.parse(line, line: lineNumber)
            } catch {
                guard isTerminal else { throw CommandError(message: "standard input: \(error)") }
                Trellis.printError(error.message)
                continue
            }
            guard let command else { continue }
            if command == .quit { break }
            do {
                try execute(command, session: session, place: "standard input:\(lineNumber)")
            } catch let error as CommandError where isTerminal {
                Trellis.printError(error.message)
            }
            if isTerminal, command != .print { print(session.frame().text) }
            fflush(nil)
        }
        return .success
    }

    private func execute(_ command: ScriptCommand, session: ScreenSession, place: String) throws {
        do {
            if let output = try session.execute(command) {
                print(output)
                fflush(nil)
            }
        } catch {
            throw CommandError(message: "\(place): \(error.localizedDescription)\n--- screen ---\n\(session.frame().text)\n---",
                               status: .failure)
        }
    }

    private func readScript(_ path: String) throws -> (file: String, commands: [(line: Int, command: ScriptCommand)]) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CommandError(message: "\(path): cannot read the script file. Give the path of a file of headless commands.")
        }
        var commands: [(line: Int, command: ScriptCommand)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            do {
                if let command = try ScriptCommand.parse(String(line), line: index + 1) {
                    commands.append((index + 1, command))
                }
            } catch {
                throw CommandError(message: "\(path):\(error.line): \(error.message). Run `trellis run --help` for the commands.")
            }
        }
        return (path, commands)
    }

    private func parseSize(_ text: String) throws -> (columns: Int, rows: Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns >= 20, rows >= 5 else {
            throw CommandError.usage("--size must be COLSxROWS with at least 20 columns and 5 rows, for example 80x24; got \"\(text)\".",
                                     help: "run")
        }
        return (columns, rows)
    }
}
