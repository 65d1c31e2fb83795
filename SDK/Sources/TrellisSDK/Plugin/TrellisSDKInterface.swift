/// The version of the SDK's interface, which host and plugins must share.
///
/// Swift has no stable ABI on Linux, so a plugin must be compiled against the same
/// SDK as the host (Docs/PluginSystem.md). What is checked is ``fingerprint``,
/// computed from the SDK's sources at build time; ``version`` is the human-readable
/// part and the entry symbol's suffix.
public enum TrellisSDKInterface {
    /// The interface version of the SDK the host has loaded.
    public static let version = 1

    /// The C symbol each plugin exports; the host looks it up before calling it.
    public static let entrySymbol = "trellis_plugin_entry_v\(version)"
}
