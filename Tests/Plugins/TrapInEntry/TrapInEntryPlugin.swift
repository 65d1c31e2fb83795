import TrellisSDK

/// The plugin's entry traps: loading this plugin is the crash. The host must know
/// it from its file (inspect, validate) without ever calling this.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    fatalError("TrapInEntry's entry was called")
}
