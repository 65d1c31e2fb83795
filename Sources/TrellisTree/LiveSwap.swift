import Foundation
import Glibc
import TrellisConfig
import TrellisCore
import TrellisLoader
import TrellisLoop

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
    /// The trees to swap screens in: the app's one, or `serve`'s tabs.
    private let trees: () -> [RouteTree]
    private let loader: PluginLoader
    /// The config as last applied.
    private var config: RouteConfig
    private let watcher: FileWatcher
    private let loadConfig: () throws -> RouteConfig
    /// Where to say what happened when no tree is there to show it (a server
    /// with no tab open).
    private let say: (String) -> Void

    /// Called with each edited config applied: `serve` builds its next tabs from it.
    public var onApply: ((RouteConfig) -> Void)?

    /// Starts watching for `tree`, waking `loop`.
    ///
    /// - Parameters:
    ///   - loadConfig: Reads the config again as the command line asked for it
    ///     (its extra plugin folders included).
    /// - Throws: ``FileWatcher/Failure`` if the files cannot be watched.
    public convenience init(tree: RouteTree, loop: EventLoop, loadConfig: @escaping () throws -> RouteConfig)
        throws(FileWatcher.Failure)
    {
        try self.init(
            trees: { [weak tree] in tree.map { [$0] } ?? [] }, config: tree.config, loader: tree.loader, loop: loop,
            loadConfig: loadConfig, say: { [weak tree] in tree?.notify($0) })
    }

    /// Starts watching `config`'s files for the trees `trees` gives (each built
    /// from `config` with `loader`), waking `loop`.
    ///
    /// - Parameter say: Where what happened goes when `trees` gives none.
    /// - Throws: ``FileWatcher/Failure`` if the files cannot be watched.
    public init(
        trees: @escaping () -> [RouteTree], config: RouteConfig, loader: PluginLoader, loop: EventLoop,
        loadConfig: @escaping () throws -> RouteConfig, say: @escaping (String) -> Void
    ) throws(FileWatcher.Failure) {
        self.trees = trees
        self.config = config
        self.loader = loader
        self.loadConfig = loadConfig
        self.say = say
        watcher = try FileWatcher()
        let watcher = watcher
        loop.addSource(watcher.descriptor) { watcher.readEvents() }
        watcher.onChange = { [weak self] paths in self?.filesDidChange(paths) }
        watchFiles()
    }

    /// Says `notice` in every tree, or where ``say`` does when there is none.
    private func tell(_ notice: String) {
        let trees = trees()
        if trees.isEmpty { say(notice) }
        for tree in trees { tree.notify(notice) }
    }

    private func watchFiles() {
        for problem in watcher.watch([config.file.path] + RouteTree.pluginFiles(of: config, loader: loader)) {
            tell("--watch: cannot watch \(problem); changes there are not seen")
        }
    }

    private func filesDidChange(_ paths: [String]) {
        let configPath = config.file.path
        if paths.contains(configPath) { applyConfig() }
        let plugins = paths.filter { $0 != configPath }
        if !plugins.isEmpty {
            // A file removed (a build that deletes before it writes) is said, and
            // the screens built from it run on; its next version swaps in.
            let present = plugins.filter { access($0, F_OK) == 0 }
            for path in plugins where !present.contains(path) {
                tell(
                    "--watch: \(PluginFileSafety.fileName(of: path)) was removed; the screens built from it keep running"
                )
            }
            let names = present.map(PluginFileSafety.fileName(of:))
            let trees = trees()
            if trees.isEmpty {
                // No screen to swap: the files are mapped for the screens built next.
                let failures = RouteTree.reloadFiles(of: config, loader: loader)
                failures.forEach(say)
                if failures.isEmpty, !names.isEmpty { say("--watch: \(names.joined(separator: ", ")) changed") }
            }
            for tree in trees {
                let report = tree.reload()
                if report.lines.isEmpty, !names.isEmpty {
                    tree.notify(
                        "--watch: \(names.joined(separator: ", ")) changed; no screen on show was built from an older "
                            + "version")
                }
                tree.report(report)
            }
        }
        // A config edit may name other plugins; a folder may have been replaced.
        watchFiles()
    }

    private func applyConfig() {
        // The name, not the path: the terminal's status line is one row.
        let file = config.file.lastPathComponent
        let newConfig: RouteConfig
        do {
            newConfig = try loadConfig()
        } catch {
            tell("\(file) not applied, the app keeps running as it was: \(error.userMessage)")
            return
        }
        let loader = PluginLoader(config: newConfig)
        loader.startPrefetch(for: newConfig)
        let errors = Validator(config: newConfig, loader: loader).problems().filter {
            $0.severity == .error
        }
        guard let first = errors.first else {
            config = newConfig
            onApply?(newConfig)
            let trees = trees()
            if trees.isEmpty { say("applied \(file)") }
            for tree in trees {
                let report = tree.apply(newConfig)
                tree.notify("applied \(file)" + (report.lines.isEmpty ? ": no screen on show changed" : ""))
                tree.report(report)
            }
            return
        }
        // Each problem, then a summary with the first: the terminal's status line
        // shows the last notice.
        for error in errors.dropFirst() { tell(error.description) }
        tell(
            "\(file) not applied, the app keeps running as it was"
                + (errors.count > 1 ? " (\(errors.count) problems, the first:)" : "") + ": \(first.description)")
    }
}
