import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { MainScreenPlugin() }
}

/// Seed 000's Main screen: its title as a button that presents the `next` slot.
public final class MainScreenPlugin: TrellisPlugin {
    public init() {}

    public func makeBuilder() -> ScreenBuildable {
        MainBuilder(dependency: EmptyComponent())
    }
}
