/// What the app's process knows that its route trees need, handed to each tree
/// by the composition root (`trellis run`, `trellis serve`) rather than read
/// from a global.
///
/// It starts with what the supervisor knows when it starts the app again after a
/// crash; the rest of the host's wiring moves here in steps (issue 39,
/// Docs/Architecture.md, "The host's context").
public struct HostContext: Sendable {
    /// Routes to show as errors instead of building them: those that crashed an
    /// earlier app process of this run, with what to say.
    public var crashedRoutes: [String: String]

    /// A context with no route crashed: a run's first app process, a tool's tree.
    public init(crashedRoutes: [String: String] = [:]) {
        self.crashedRoutes = crashedRoutes
    }
}
