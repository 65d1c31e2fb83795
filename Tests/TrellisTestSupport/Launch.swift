import Foundation
import TrellisHost

/// Loads the config at `file`, builds its tree with the real plugins, and returns a
/// session over it at 80x24, as `trellis run --headless` would.
@MainActor
public func launchSession(configAt file: URL) throws -> ScreenSession {
    let config = try RouteConfig.load(from: file)
    let tree = RouteTree(config: config, loader: PluginLoader(searchPath: config.searchPath))
    try tree.launch()
    return ScreenSession(tree: tree, window: Window(width: 80, height: 24))
}
