import Foundation
import TrellisCore
import TrellisHost

/// Loads the config at `file`, builds its tree with the real plugins, and returns a
/// session over it at 80x24, as `trellis run --headless` would.
@MainActor
public func launchSession(configAt file: URL) throws -> ScreenSession {
    let config = try RouteConfig.load(from: file)
    let tree = RouteTree(config: config, loader: PluginLoader(config: config))
    try tree.launch()
    return ScreenSession(tree: tree, window: Window(width: 80, height: 24))
}

extension ScreenSession {
    /// Runs `command` inside an async test, which already runs on the main queue, so
    /// the host's poll loop cannot drain it: a step that does not hold yet suspends
    /// (letting the plugins' tasks run) and tries again, for up to 60 seconds (other
    /// tests may hold the main actor meanwhile), as
    /// ``HeadlessRunner`` does in `trellis run`.
    ///
    /// The 60 seconds are of this step's own waiting: a pause that another test
    /// stretched, holding the main actor, counts as at most 50 ms, so a step never
    /// fails for what other tests did meanwhile.
    @discardableResult
    public func step(_ command: ScriptCommand) async throws -> String? {
        var waited = Duration.zero
        while true {
            let failure: SessionFailure
            do {
                return try update(.command(command)).get()
            } catch {
                failure = error
            }
            guard failure.mayHoldLater, waited < .seconds(60) else { throw failure }
            let start = ContinuousClock.now
            await pauseOffTheCooperativePool(milliseconds: 5)
            waited += min(ContinuousClock.now - start, .milliseconds(50))
        }
    }
}
