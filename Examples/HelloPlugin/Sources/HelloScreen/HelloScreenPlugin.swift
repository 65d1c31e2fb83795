import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { HelloScreenPlugin() }
}

/// A greeting and a Close button; it fits any slot that its parent dismisses.
final class HelloScreenPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        HelloBuilder(dependency: EmptyComponent())
    }
}
