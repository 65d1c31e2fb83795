import Glibc

/// `trellis validate --deep`: builds every reachable route once, each in a child
/// process of its own, and reports each whose builder throws or crashes.
///
/// A route is built the way the app would reach it: the routes from the root down
/// to it are built first in the same process, each the child of the one above,
/// with the parent's interactor as its listener and the dependencies the routes
/// above provide. Nothing is attached or shown. A crash is reported as the
/// supervisor reports one; a route below a failed one is not checked again.
@MainActor
public enum DeepValidator {
    /// The problems found, in route order.
    ///
    /// - Parameter onlyRoot: Builds the root route alone, as `run` does first.
    public static func problems(config: RouteConfig, onlyRoot: Bool = false) -> [ValidationProblem] {
        guard CrashRecord.createShared() else {
            return [ValidationProblem(severity: .error, message: "--deep could not set up its child processes.")]
        }
        var problems: [ValidationProblem] = []
        var failed: Set<String> = []
        let paths = onlyRoot ? [(config.root, [config.root])] : pathsFromRoot(config)
        for (route, path) in paths {
            if let broken = path.dropLast().first(where: failed.contains) {
                problems.append(
                    .init(
                        severity: .warning,
                        message: "route \"\(route)\" was not built: route \"\(broken)\" above it was not."))
                continue
            }
            if let problem = check(path, config: config) {
                problems.append(problem)
                failed.insert(route)
            }
        }
        return problems
    }

    /// How long loading and building one route may take before it is reported as
    /// not returning.
    static let buildTimeLimit: Duration = .seconds(5)

    /// Each reachable route with the routes from the root to it, shortest first.
    static func pathsFromRoot(_ config: RouteConfig) -> [(String, [String])] {
        var paths: [String: [String]] = [config.root: [config.root]]
        var order = [config.root]
        var next = 0
        while next < order.count {
            let id = order[next]
            next += 1
            for child in (config.routes[id]?.children.values.sorted() ?? []) where paths[child] == nil {
                paths[child] = paths[id]! + [child]
                order.append(child)
            }
        }
        return order.map { ($0, paths[$0]!) }
    }

    private static func check(_ path: [String], config: RouteConfig) -> ValidationProblem? {
        let route = path.last!
        guard let (pid, errors, wake, channel) = Supervisor.forkApp() else {
            return .init(severity: .error, message: "route \"\(route)\" could not be checked: fork failed.")
        }
        if pid == 0 {
            TerminalState.installCrashHandlers()
            // A builder that does not return is ended by the watchdog at this.
            CrashRecord.noteHangLimit(buildTimeLimit)
            let tree = RouteTree(config: config, loader: PluginLoader(config: config))
            guard let (index, error) = tree.buildChain(path) else { CrashRecord.exitChildAsHost(0) }
            let message = error.localizedDescription + "\n"
            message.withCString { _ = write(STDERR_FILENO, $0, strlen($0)) }
            if case let .missingDependency(_, _, dependency) = error {
                // Provided while the app runs (after a login, say), not at build time.
                "\(dependency)\n".withCString { _ = write(STDERR_FILENO, $0, strlen($0)) }
                CrashRecord.exitChildAsHost(5)
            }
            CrashRecord.exitChildAsHost(index == path.count - 1 ? 1 : 4)
        }
        var watchdog = Watchdog(pid: pid, isTerminal: false)
        let (status, stderr) = Supervisor.wait(
            for: pid, errors: errors, wake: wake, holdingOutput: true, watchdog: &watchdog)
        close(errors)
        if wake >= 0 { close(wake) }
        if channel >= 0 { close(channel) }
        if watchdog.reason != nil {
            let details = watchdog.report().split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")
            return .init(
                severity: .error,
                message: "route \"\(route)\": its plugin (\(pluginFile(of: route, config: config))) did not "
                    + "return within \(buildTimeLimit.components.seconds) s while it was loaded or built; a builder must return "
                    + "(move slow work into the RIB's interactor, a Worker or a task).\n" + details)
        }
        if WaitStatus.exited(status), !CrashRecord.hostExited(with: WaitStatus.exitCode(status)) {
            // Not the check's own end: the plugin's `exit`, or the dynamic loader's
            // (127 for a library it cannot link).
            let code = WaitStatus.exitCode(status)
            let activity = CrashRecord.read(.activity)
            let last = stderr.split(separator: "\n").last.map { ": \($0)" } ?? ""
            return .init(
                severity: .error,
                message: "route \"\(route)\": the process that built it exited with status \(code)"
                    + (activity.isEmpty ? "" : " while \(activity)")
                    + "\(last), which the check did not do: its plugin "
                    + "(\(pluginFile(of: route, config: config))) ended the process (`exit`), or its file is damaged. "
                    + "A plugin must not end the app; rebuild it if its file is damaged.")
        }
        if WaitStatus.exited(status) {
            switch WaitStatus.exitCode(status) {
            case 0: return nil
            case 4:
                return .init(severity: .warning, message: "route \"\(route)\" was not built: a route above it failed.")
            case 5:
                let dependency = stderr.split(separator: "\n").last.map(String.init) ?? "a dependency"
                return .init(
                    severity: .warning,
                    message: "route \"\(route)\" was not built: it needs \"\(dependency)\", which the routes "
                        + "above provide only while the app runs. Check it in a session (`trellis run --headless`).")
            case 1:
                let message = stderr.split(separator: "\n").last.map(String.init) ?? "its builder failed"
                return .init(severity: .error, message: message)
            case let code:
                // Not the check's own status: the dynamic loader's (127 for a
                // library it cannot link), or the plugin's `exit`.
                let last = stderr.split(separator: "\n").last.map { ": \($0)" } ?? ""
                return .init(
                    severity: .error,
                    message: "route \"\(route)\": the process that built it exited with status \(code)\(last). "
                        + "If its plugin file (\(pluginFile(of: route, config: config))) is damaged, rebuild it.")
            }
        }
        let report = CrashReport(signal: WaitStatus.signal(status), stderr: stderr)
        let details = report.text.split(separator: "\n").dropFirst().joined(separator: "\n")
        let culprit = report.route ?? route
        return .init(
            severity: .error,
            message: "route \"\(culprit)\": its plugin (\(pluginFile(of: culprit, config: config))) crashed "
                + "while it was loaded or built (\(CrashReport.name(of: report.signal))); fix its builder, or rebuild the file if it is "
                + "damaged.\n" + details)
    }

    /// The file of a route's plugin, for a message; the plugin's name if it has none.
    private static func pluginFile(of route: String, config: RouteConfig) -> String {
        guard let plugin = config.routes[route]?.plugin else { return "unknown" }
        let loader = PluginLoader(config: config)
        return (try? loader.path(of: plugin, relativeTo: config.file.deletingLastPathComponent())).flatMap { $0 }
            ?? plugin
    }
}
