import Foundation
import TrellisConfig

/// What starts an isolated route's process: `trellis plugin-host`.
package struct IsolatedLaunch {
    package let config: RouteConfig
    package let routeID: String
    package let plugin: String
    /// What its parent passed its build, as JSON.
    package let parameters: String
    package let permissions: Route.Permissions
    /// Its plugins' files (its route's and those below it), whose rebuild
    /// starts it again (``PluginFileStamps``).
    package let pluginFiles: [URL]
    /// The folders of its plugins' files (where a link leads, too), which it may read.
    package var pluginFolders: [String] {
        Set(
            pluginFiles.flatMap {
                [$0.deletingLastPathComponent().path, $0.resolvingSymlinksInPath().deletingLastPathComponent().path]
            }
        ).sorted()
    }
    /// What its plugin asks for, and the answers so far.
    package var asks: PermissionAsks?

    package init(
        config: RouteConfig, routeID: String, plugin: String, parameters: String, permissions: Route.Permissions,
        pluginFiles: [URL], asks: PermissionAsks?
    ) {
        self.config = config
        self.routeID = routeID
        self.plugin = plugin
        self.parameters = parameters
        self.permissions = permissions
        self.pluginFiles = pluginFiles
        self.asks = asks
    }

    /// The trellis that runs the process: this one, or the one
    /// `TRELLIS_PLUGIN_HOST` names, for a program that embeds the host (the
    /// benchmark does).
    package static var executable: String {
        ProcessInfo.processInfo.environment["TRELLIS_PLUGIN_HOST"] ?? "/proc/self/exe"
    }

    /// Why ``executable`` cannot run a route's process, if it cannot: this
    /// program is not `trellis` (a test runner, say, which would run itself
    /// again) and `TRELLIS_PLUGIN_HOST` names none.
    static var executableProblem: String? {
        guard ProcessInfo.processInfo.environment["TRELLIS_PLUGIN_HOST"] == nil else { return nil }
        let name = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().lastPathComponent
        guard name != "trellis" else { return nil }
        return "this program (\(name)) is not trellis, which runs a route's process; "
            + "set TRELLIS_PLUGIN_HOST to a trellis binary"
    }

    /// The arguments of `trellis plugin-host`: the config, every folder it
    /// searches, the route, its data folder, the folders of its plugins, and
    /// its permissions.
    package var arguments: [String] {
        var arguments = [config.file.path, "--route", routeID, "--channel", "3"]
        arguments += ["--parameters", parameters, "--data", Sandbox.dataFolder(plugin: plugin)]
        arguments += config.searchPath.flatMap { ["--plugins", $0.path] }
        let permissions = permissions.adding(asks?.granted ?? [])
        arguments += permissions.read.flatMap { ["--read", $0] } + permissions.write.flatMap { ["--write", $0] }
        if permissions.network { arguments += ["--allow", "network"] }
        if permissions.processes { arguments += ["--allow", "processes"] }
        arguments += pluginFolders.flatMap { ["--read", $0] }
        return arguments
    }
}
