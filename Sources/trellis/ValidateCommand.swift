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
        let loader = PluginLoader(config: config)
        var problems = Validator(config: config, loader: loader).problems()
        if parsed.has("--deep"), !problems.contains(where: { $0.severity == .error }) {
            // Every route built once, each in a process of its own.
            problems += DeepValidator.problems(config: config)
        } else if !problems.contains(where: { $0.severity == .error }) {
            // What `run` does first: build the root. Its builder may refuse the
            // parameters or the place (a screen that needs a parent as root).
            do {
                try RouteTree(config: config, loader: loader).launch()
            } catch {
                problems.append(ValidationProblem(severity: .error, message: "\(config.fileName): \(error.localizedDescription)"))
            }
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
