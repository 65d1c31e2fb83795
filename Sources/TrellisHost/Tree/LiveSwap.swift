import Foundation
import Glibc
import TrellisCore

/// `trellis run --watch`: swaps screens in the running app when a plugin file is
/// rebuilt or the config is edited.
///
/// It watches the config and every plugin file the config can reach, through a
/// ``FileWatcher`` that wakes the app's one event loop. A rebuilt plugin is
/// checked from its file and swapped in with ``RouteTree/reload(route:)``; an
/// edited config is read and validated as at start, then applied with
/// ``RouteTree/apply(_:)``, or refused with its problems while the app keeps
/// running. What happened is said where the tree's notices go.
@MainActor
public final class LiveSwap {
    private let tree: RouteTree
    private let watcher: FileWatcher
    private let loadConfig: () throws -> RouteConfig

    /// Starts watching for `tree`, waking `loop`.
    ///
    /// - Parameters:
    ///   - loadConfig: Reads the config again as the command line asked for it
    ///     (its extra plugin folders included).
    /// - Throws: ``FileWatcher/Failure`` if the files cannot be watched.
    public init(tree: RouteTree, loop: EventLoop, loadConfig: @escaping () throws -> RouteConfig) throws(FileWatcher
        .Failure)
    {
        self.tree = tree
        self.loadConfig = loadConfig
        watcher = try FileWatcher()
        let watcher = watcher
        loop.addSource(watcher.descriptor) { watcher.readEvents() }
        watcher.onChange = { [weak self] paths in self?.filesDidChange(paths) }
        watchFiles()
    }

    private func watchFiles() {
        for problem in watcher.watch([tree.config.file.path] + tree.pluginFiles) {
            tree.notify("--watch: cannot watch \(problem); changes there are not seen")
        }
    }

    private func filesDidChange(_ paths: [String]) {
        let configPath = tree.config.file.path
        if paths.contains(configPath) { applyConfig() }
        let plugins = paths.filter { $0 != configPath }
        if !plugins.isEmpty {
            // A file removed (a build that deletes before it writes) is said, and
            // the screens built from it run on; its next version swaps in.
            let present = plugins.filter { access($0, F_OK) == 0 }
            for path in plugins where !present.contains(path) {
                tree.notify(
                    "--watch: \(PluginFileSafety.fileName(of: path)) was removed; the screens built from it keep running"
                )
            }
            let report = tree.reload()
            let names = present.map(PluginFileSafety.fileName(of:))
            if report.lines.isEmpty, !names.isEmpty {
                tree.notify(
                    "--watch: \(names.joined(separator: ", ")) changed; no screen on show was built from an older version"
                )
            }
            tree.report(report)
        }
        // A config edit may name other plugins; a folder may have been replaced.
        watchFiles()
    }

    private func applyConfig() {
        // The name, not the path: the terminal's status line is one row.
        let file = tree.config.file.lastPathComponent
        let config: RouteConfig
        do {
            config = try loadConfig()
        } catch {
            tree.notify("\(file) not applied, the app keeps running as it was: \(error.userMessage)")
            return
        }
        let errors = Validator(config: config, loader: PluginLoader(config: config)).problems().filter {
            $0.severity == .error
        }
        guard let first = errors.first else {
            let report = tree.apply(config)
            tree.notify("applied \(file)" + (report.lines.isEmpty ? ": no screen on show changed" : ""))
            tree.report(report)
            return
        }
        // Each problem, then a summary with the first: the terminal's status line
        // shows the last notice.
        for error in errors.dropFirst() { tree.notify(error.description) }
        tree.notify(
            "\(file) not applied, the app keeps running as it was"
                + (errors.count > 1 ? " (\(errors.count) problems, the first:)" : "") + ": \(first.description)")
    }
}
