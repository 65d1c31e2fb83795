/// The SDK as the host and plugins see it: its release and the entry symbol.
///
/// A plugin's manifest records the release of the SDK it was built against; the
/// host loads it when that release has the host's major version and a minor no
/// newer than the host's (``SDKVersion/loads(pluginBuiltAgainst:)``). The SDK is
/// built with library evolution, so additive changes keep older plugins working
/// (Docs/PluginSystem.md, "Compatibility"). The release is written once, in the
/// SDK's `VERSION` file, and compiled in as ``release`` by the `TrellisManifest`
/// build tool plugin.
public enum TrellisSDKInterface {
    /// The C symbol each plugin exports, named after the SDK's major version: a
    /// plugin of another major has another entry, so it is never called.
    public static let entrySymbol = "trellis_plugin_entry_v\(release.major)"
}
