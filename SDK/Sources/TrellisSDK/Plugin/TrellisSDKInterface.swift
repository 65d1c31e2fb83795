/// The version of the SDK's interface, which host and plugins must share.
///
/// Swift has no stable ABI on Linux, so a plugin must be compiled against the same
/// SDK interface as the host (Docs/PluginSystem.md). Raise ``version`` and the entry
/// symbol's suffix together whenever a public declaration changes.
public enum TrellisSDKInterface {
    /// The interface version of the SDK the host has loaded.
    public static let version = 1

    /// The C symbol each plugin exports; the host looks it up before calling it.
    public static let entrySymbol = "trellis_plugin_entry_v1"

    /// The interface version the calling code was compiled against.
    @_alwaysEmitIntoClient
    public static var compiledVersion: Int { 1 }

    /// The Swift compiler the calling code was compiled with.
    @_alwaysEmitIntoClient
    public static var compiledCompiler: String {
        #if compiler(>=6.4)
        "Swift 6.4 or later"
        #elseif compiler(>=6.3)
        "Swift 6.3"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #else
        "Swift 6.1 or earlier"
        #endif
    }
}
