import Foundation
import TrellisHost

/// `trellis validate [CONFIG]`.
@MainActor
struct ValidateCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: "validate", flags: ["--deep"])
        if parsed.wantsHelp {
            print(Help.validate)
            return .success
        }
        let config = try Trellis.loadConfig(try parsed.singlePositional(command: "validate", name: "config"))
        var problems = Validator(config: config, loader: PluginLoader(config: config)).problems()
        if !problems.contains(where: { $0.severity == .error }) {
            // Plugin code runs only in child processes: every route with --deep,
            // else the root, which `run` builds first (its builder may refuse the
            // parameters, or the place: a screen that needs a parent).
            problems += DeepValidator.problems(config: config, onlyRoot: !parsed.has("--deep"))
        }
        problems.forEach { Trellis.printError($0.description) }
        let errors = problems.filter { $0.severity == .error }.count
        guard errors == 0 else {
            throw CommandError(message: "\(config.fileName): \(errors) error\(errors == 1 ? "" : "s"); fix \(errors == 1 ? "it" : "them") and run "
                + "`trellis validate` again.")
        }
        print("\(config.fileName): OK, \(config.routes.count) route\(config.routes.count == 1 ? "" : "s"), root \"\(config.root)\"."
            .escapingControlCharacters)
        return .success
    }
}
