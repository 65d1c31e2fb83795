import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// The `trellis` command line: picks the subcommand and turns errors into text and
/// exit codes, in this one place.
@MainActor
enum Trellis {
    /// Runs the command `arguments` name; `context` is what the app's trees are
    /// told (the routes that crashed an earlier app process).
    static func main(_ arguments: [String], context: HostContext = HostContext()) -> ExitStatus {
        do {
            switch arguments.first {
            case nil, "-h", "--help":
                print(Help.overview)
            case "help":
                let parsed = try Arguments(Array(arguments.dropFirst()), command: Commands.help)
                // `trellis help run` is `trellis run --help`, as git and swift do.
                if let name = try parsed.singlePositional(command: "help", name: "command") {
                    guard let command = Commands.all.first(where: { $0.name == name }), name != "help" else {
                        throw CommandError.usage(
                            "no command \"\(name)\"; commands are \(Commands.all.map(\.name).dropLast().joined(separator: ", ")).",
                            help: "help")
                    }
                    print(command.helpText)
                } else {
                    print(parsed.has("--man") ? Help.manPage : Help.overview)
                }
            case "--version":
                print(
                    "trellis \(Help.version) (SDK \(TrellisSDKInterface.release); loads plugins built against SDK \(Help.loadableSDKs))"
                )
            case "run":
                return try RunCommand(arguments: Array(arguments.dropFirst()), context: context).run()
            case "serve":
                return try ServeCommand(arguments: Array(arguments.dropFirst()), context: context).run()
            case "validate":
                return try ValidateCommand(arguments: Array(arguments.dropFirst())).run()
            case "inspect":
                return try InspectCommand(arguments: Array(arguments.dropFirst())).run()
            case "permissions":
                return try PermissionsCommand(arguments: Array(arguments.dropFirst())).run()
            case "new":
                return try NewCommand(arguments: Array(arguments.dropFirst())).run()
            case "plugin-host":
                // Not for people: the app starts it for a route with "isolation": "process".
                return try runPluginHost(Array(arguments.dropFirst()))
            case "completion":
                return try CompletionCommand(arguments: Array(arguments.dropFirst())).run()
            case let command?:
                throw CommandError(
                    message:
                        "unknown command \"\(command)\". Commands: \(Commands.all.map(\.name).joined(separator: ", ")).\n"
                        + "Run `trellis --help` for usage.")
            }
            return .success
        } catch let error as CommandError {
            printError(error.message)
            return error.status
        } catch {
            printError(error.userMessage)
            return .unusable
        }
    }

    /// Writes a message to standard error, its control characters escaped: names
    /// in it come from configs, scripts and plugins.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("trellis: \(message.escapingControlCharacters)\n".utf8))
    }

    /// Reads the config at `path` (default ./config.json), with `pluginFolders`
    /// (from `--plugins`) searched before its own.
    static func loadConfig(_ path: String?, pluginFolders: [String] = []) throws -> RouteConfig {
        let config = try readConfig(path, pluginFolders: pluginFolders)
        try commandError { () throws(ConfigError) in try config.checkRoutes() }
        return config
    }

    /// The config at `path` read, its routes not yet checked (``RouteConfig/read(from:searchingFirst:)``).
    private static func readConfig(_ path: String?, pluginFolders: [String]) throws -> RouteConfig {
        let file = URL(fileURLWithPath: path ?? "config.json").standardizedFileURL
        let folders = pluginFolders.map { URL(fileURLWithPath: $0).standardizedFileURL }
        return try commandError { () throws(ConfigError) in try RouteConfig.read(from: file, searchingFirst: folders) }
    }

    /// `body`'s result, or its config error as the command's.
    private static func commandError<T>(_ body: () throws(ConfigError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CommandError(message: error.localizedDescription)
        }
    }

    /// The config at `path` and its loader, once the validator found no error in
    /// them: what `run` and `serve` start from. Each error is printed first.
    static func loadRunnableConfig(
        _ path: String?, pluginFolders: [String], isolating isolated: IsolatedRoutes = .asConfigured
    ) throws -> (RouteConfig, PluginLoader) {
        // The host's own work, however large the file: no screen's hang.
        CrashRecord.noteHostWork("reading the config \(path ?? "config.json")")
        defer { CrashRecord.endHostWork() }
        var (config, loader) = try loadConfigReadingPlugins(path, pluginFolders: pluginFolders)
        sayKept(isolate(&config, isolated, loader: loader), by: isolated == .all ? "--isolate-all" : "serve")
        let errors = Validator(config: config, loader: loader).problems().filter { $0.severity == .error }
        guard errors.isEmpty else {
            errors.forEach { printError($0.description) }
            throw CommandError(message: "\(config.fileName) cannot run; `trellis validate` lists the same problems.")
        }
        return (config, loader)
    }

    /// ``loadConfig(_:pluginFolders:)``, and a loader for the config that starts
    /// reading the routes' plugin files on other threads while the routes are
    /// checked: the validator then finds them read (or waits for the rest) as it
    /// asks for each.
    /// - Parameter checksEntrySymbols: Whether each plugin file's entry symbol is
    ///   looked up in its dynamic symbol table as it is read (`validate`).
    static func loadConfigReadingPlugins(
        _ path: String?, pluginFolders: [String],
        checksEntrySymbols: Bool = false
    ) throws -> (RouteConfig, PluginLoader) {
        let config = try readConfig(path, pluginFolders: pluginFolders)
        let loader = PluginLoader(config: config)
        loader.checksEntrySymbols = checksEntrySymbols
        // The files are read on other threads while the routes are checked.
        loader.startPrefetch(for: config)
        try commandError { () throws(ConfigError) in try config.checkRoutes() }
        return (config, loader)
    }
}

extension Trellis {
    /// `trellis plugin-host CONFIG --route ID --channel FD [--plugins DIR]...`: the
    /// process of a route with `"isolation": "process"`, started by the app; or
    /// `trellis plugin-host --spare`, started ahead, which reads those arguments
    /// from descriptor 3.
    static func runPluginHost(_ arguments: [String]) throws -> ExitStatus {
        // Started ahead: its route's arguments come on its channel.
        if arguments == ["--spare"] {
            guard let launch = PluginHost.awaitLaunch(channel: 3) else { return .success }
            return try runPluginHost(launch)
        }
        var folders: [String] = []
        var route: String?
        var channel: Int32?
        var parameters = "{}"
        var data: String?
        var reads: [String] = []
        var writes: [String] = []
        var allowed: Set<String> = []
        var scratch: String?
        var state: String?
        var index = 1
        while index + 1 < arguments.count {
            switch arguments[index] {
            case "--route": route = arguments[index + 1]
            case "--channel": channel = Int32(arguments[index + 1])
            case "--plugins": folders.append(arguments[index + 1])
            case "--parameters": parameters = arguments[index + 1]
            case "--data": data = arguments[index + 1]
            case "--read": reads.append(arguments[index + 1])
            case "--write": writes.append(arguments[index + 1])
            case "--scratch": scratch = arguments[index + 1]
            case "--allow": allowed.insert(arguments[index + 1])
            case "--state": state = arguments[index + 1]
            default: throw CommandError(message: "plugin-host: unknown option \(arguments[index])")
            }
            index += 2
        }
        guard let path = arguments.first, let route, let channel, channel > 2, let data, index == arguments.count
        else {
            throw CommandError(
                message: "plugin-host is started by trellis itself for a route with \"isolation\": \"process\"; "
                    + "run `trellis run` instead.")
        }
        // Before the config is read or any thread starts: nothing the plugin runs is outside it.
        if let scratch {
            setenv("TMPDIR", scratch, 1)
            setenv("XDG_RUNTIME_DIR", scratch, 1)
        }
        let warnings = try PluginHost.sandbox(
            readable: [URL(fileURLWithPath: path).standardized.path] + reads,
            writable: writes + [scratch].compactMap(\.self),
            data: data,
            processes: allowed.contains("processes"), network: allowed.contains("network"))
        let config = try loadConfig(path, pluginFolders: folders)
        guard config.routes[route] != nil else {
            throw CommandError(message: "plugin-host: \(config.fileName) has no route \(route)")
        }
        return PluginHost.run(
            config: config, routeID: route, parameters: parameters, channel: channel, notices: warnings, state: state)
    }
}

extension Trellis {
    /// Which routes `run` and `serve` put in processes of their own.
    enum IsolatedRoutes {
        /// Those whose config says `"isolation": "process"` (`run`, `serve --in-process`).
        case asConfigured
        /// Those too whose config says nothing of where they run (`serve`).
        case unlessConfigured
        /// Every one that can be (`--isolate-all`).
        case all
    }

    /// `config` with `isolated` routes in processes of their own, and the routes
    /// that could not be, with why.
    static func isolate(_ config: inout RouteConfig, _ isolated: IsolatedRoutes, loader: PluginLoader) -> [String] {
        switch isolated {
        case .asConfigured: []
        case .unlessConfigured: isolateEveryRoute(of: &config, loader: loader, sparing: true)
        case .all: isolateEveryRoute(of: &config, loader: loader, sparing: false)
        }
    }

    /// The config at `path` read again for a live swap, its routes isolated as
    /// at the start: a route left out would be swapped into the app's process.
    static func reloadConfig(
        _ path: String?, pluginFolders: [String], isolating isolated: IsolatedRoutes, loader: PluginLoader
    ) throws -> RouteConfig {
        var config = try loadConfig(path, pluginFolders: pluginFolders)
        _ = isolate(&config, isolated, loader: loader)
        return config
    }

    /// `--isolate-all`: the root stays in the app, as its shell; each route
    /// below it runs in a process of its own with the routes below it, unless its
    /// plugin needs an object from the routes above: that one stays, is named
    /// with why, and the routes below it are tried in turn. `sparing` leaves a
    /// route whose config says where it runs as it is (`serve`'s default).
    static func isolateEveryRoute(of config: inout RouteConfig, loader: PluginLoader, sparing: Bool) -> [String] {
        let base = config.file.deletingLastPathComponent()
        var kept: [String] = []
        var seen: Set<String> = [config.root]
        var pending = config.routes[config.root].map { Array($0.children.values.sorted().reversed()) } ?? []
        while let id = pending.popLast() {
            guard seen.insert(id).inserted, let route = config.routes[id] else { continue }
            if sparing, route.saysIsolation {
                if route.isolation == .none { pending += route.children.values.sorted().reversed() }
                continue
            }
            let requires = (try? loader.describe(route.plugin, relativeTo: base, pin: route.sha256))?.manifest.requires
            if let requires, !requires.isEmpty {
                kept.append("\(id) (its plugin requires \(requires.sorted().joined(separator: ", ")) from above)")
                pending += route.children.values.sorted().reversed()
            } else {
                config.routes[id]!.isolation = .process
            }
        }
        return kept
    }

    /// Says which routes `by` (`serve` or `--isolate-all`) left in the app's process.
    static func sayKept(_ kept: [String], by: String) {
        guard !kept.isEmpty else { return }
        let listed = kept.prefix(10).joined(separator: "; ") + (kept.count > 10 ? "; and \(kept.count - 10) more" : "")
        printError("\(by): \(kept.count) route\(kept.count == 1 ? "" : "s") stay in the app's process: \(listed).")
    }
}
