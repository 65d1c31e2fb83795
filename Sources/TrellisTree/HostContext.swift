import TrellisIsolation

/// What the app's process knows that its route trees need, handed to each tree
/// by the composition root (`trellis run`, `trellis serve`) rather than read
/// from a global.
///
/// It holds what the supervisor knows when it starts the app again after a
/// crash, and the route processes the app starts (Docs/Architecture.md, "The
/// host's context").
public struct HostContext: Sendable {
    /// Routes to show as errors instead of building them: those that crashed an
    /// earlier app process of this run, with what to say.
    public var crashedRoutes: [String: String]
    /// The processes of the routes that run in one of their own, and the spare
    /// started ahead for the next: the trees of one context share them.
    package let pluginHosts: PluginHosts

    /// A context with no route crashed: a run's first app process, a tool's tree.
    public init(crashedRoutes: [String: String] = [:]) {
        self.crashedRoutes = crashedRoutes
        pluginHosts = PluginHosts()
    }
}
