import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// `trellis validate [CONFIG]`.
@MainActor
struct ValidateCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.validate)
        if parsed.wantsHelp {
            print(Help.validate)
            return .success
        }
        if parsed.has("--verbose") { Log.level = max(Log.level, .info) }
        Log.info(
            "trellis \(Help.version), SDK \(TrellisSDKInterface.release): loads plugins built against SDK \(Help.loadableSDKs)"
        )
        let (config, loader) = try Trellis.loadConfigReadingPlugins(
            try parsed.singlePositional(command: "validate", name: "config"),
            pluginFolders: parsed.allValues("--plugins"),
            checksEntrySymbols: true)
        var problems = Validator(config: config, loader: loader).problems()
        if !problems.contains(where: { $0.severity == .error }) {
            // Plugin code runs only in child processes: every route with --deep,
            // else the root, which `run` builds first (its builder may refuse the
            // parameters, or the place: a screen that needs a parent).
            problems += DeepValidator.problems(config: config, onlyRoot: !parsed.has("--deep"))
        }
        let errors = problems.filter { $0.severity == .error }.reduce(0) { $0 + $1.count }
        if parsed.has("--json") {
            let report: JSONValue = [
                "config": .string(config.file.path), "ok": .bool(errors == 0),
                "routes": .number(Double(config.routes.count)),
                "root": .string(config.root),
                "isolated": .array(
                    config.routes.values.filter { $0.isolation == .process }.map(\.id).sorted().map(JSONValue.string)),
                "problems": .array(
                    problems.map {
                        [
                            "severity": .string($0.severity == .error ? "error" : "warning"),
                            "message": .string($0.message),
                        ]
                    }),
            ]
            print(String(decoding: try JSONEncoder.sorted.encode(report), as: UTF8.self))
            return errors == 0 ? .success : .unusable
        }
        problems.forEach { Trellis.printError($0.description) }
        guard errors == 0 else {
            throw CommandError(
                message:
                    "\(config.fileName): \(errors) error\(errors == 1 ? "" : "s"); fix \(errors == 1 ? "it" : "them") and run "
                    + "`trellis validate` again.")
        }
        print(
            "\(config.fileName): OK, \(config.routes.count) route\(config.routes.count == 1 ? "" : "s"), root \"\(config.root)\"."
                .escapingControlCharacters)
        printIsolated(config)
        for line in config.permissionLines(loader: loader) { print(line.escapingControlCharacters) }
        return .success
    }
}

extension ValidateCommand {
    /// Says what `"isolation": "process"` means for the routes that have it.
    private func printIsolated(_ config: RouteConfig) {
        let isolated = config.routes.values.filter { $0.isolation == .process }.sorted { $0.id < $1.id }
        guard !isolated.isEmpty else { return }
        let listed = isolated.prefix(20).map { "\($0.id) (plugin \($0.plugin))" }.joined(separator: ", ")
        let more = isolated.count > 20 ? " and \(isolated.count - 20) more" : ""
        print(
            ("In a process of their own (\"isolation\": \"process\"): \(listed)\(more). Each is started when its screen "
                + "is shown; its screen and the user's actions cross as data, and its crash or exit is shown in its "
                + "place while the rest of the app goes on.").escapingControlCharacters)
    }
}
