/// What a plugin says about itself: the host reads it before building anything.
public struct PluginManifest: Codable, Equatable, Sendable {
    /// The plugin's name, usually its library name (`MainScreen`).
    public var name: String
    /// The plugin's own version.
    public var version: String
    /// A line saying what the screen is.
    public var summary: String
    /// The SDK interface the plugin was compiled against.
    public var sdkInterface: Int
    /// The Swift compiler the plugin was compiled with.
    public var compiler: String
    /// The slot names the plugin may attach children to; the route config binds each.
    public var slots: [String]
    /// The dependency names the plugin needs from the routes above it.
    public var requires: [String]
    /// The dependency names the plugin provides to the routes below it.
    public var provides: [String]

    /// Creates a manifest. The SDK interface and compiler are those the plugin is
    /// compiled with, filled in by the compiler.
    ///
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - version: The plugin's own version.
    ///   - summary: A line saying what the screen is.
    ///   - slots: The slot names the plugin may attach children to.
    ///   - requires: Dependency names needed from the routes above.
    ///   - provides: Dependency names provided to the routes below.
    @_alwaysEmitIntoClient
    public init(
        name: String,
        version: String = "1.0.0",
        summary: String = "",
        slots: [String] = [],
        requires: [String] = [],
        provides: [String] = []
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        // Compiled into the plugin, so these are the plugin's values, not the host's.
        self.sdkInterface = TrellisSDKInterface.compiledVersion
        self.compiler = TrellisSDKInterface.compiledCompiler
        self.slots = slots
        self.requires = requires
        self.provides = provides
    }
}
