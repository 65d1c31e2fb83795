import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { NextScreenPlugin() }
}

/// Seed 000's Next screen: the title its parent passes, and a Close button.
public final class NextScreenPlugin: TrellisPlugin {
    public init() {}

    public func makeBuilder() -> ScreenBuildable {
        NextBuilder(dependency: EmptyComponent())
    }
}
