import Foundation
import TrellisPlatform
import TrellisSDK

/// A plugin file as the host knows it before loading it: its manifest and the
/// toolchain that built it, both read from the file.
public final class PluginFile: Sendable {
    /// The file's path, as the config or the search path gave it.
    public let path: String
    /// The file.
    public var file: URL { URL(fileURLWithPath: path, isDirectory: false) }
    /// What the plugin says about itself.
    public let manifest: PluginManifest
    /// The Swift toolchain line recorded in the file, if any.
    public let toolchain: String?
    /// Where the file really is, links resolved, when the loader asked.
    package let realPath: String?
    /// The file's owner and mode when it was read, for the permission checks.
    package let status: PluginFileSafety.Status?
    /// Which file it was when it was read, to see that it changed before it is loaded.
    let identity: FileIdentity?
    /// The libraries it needs from its own folder, read when the entry symbol is
    /// (`validate`); `run` checks them as it maps them.
    let librariesBeside: [String]

    package init(
        path: String, manifest: PluginManifest, toolchain: String?, realPath: String?, status: PluginFileSafety.Status?,
        identity: FileIdentity? = nil, librariesBeside: [String] = []
    ) {
        (self.path, self.manifest, self.toolchain, self.realPath, self.status) = (
            path, manifest, toolchain, realPath, status
        )
        self.identity = identity
        self.librariesBeside = librariesBeside
    }
}

/// A plugin loaded into the process, with what the host checked about it.
@MainActor
public struct LoadedPlugin {
    /// The file the plugin was loaded from.
    public let file: URL
    /// What the plugin says about itself.
    public let manifest: PluginManifest
    /// The Swift toolchain line recorded in the file, if any.
    public let toolchain: String?
    /// The plugin object its entry returned.
    public let plugin: TrellisPlugin
    /// How many times the file was loaded: 1 at first, one more for each new build
    /// a live swap loaded (``PluginLoader/reload(path:pin:)``).
    public var generation = 1
}
