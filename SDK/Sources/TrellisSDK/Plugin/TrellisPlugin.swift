/// The object a plugin's entry symbol returns: the maker of its builder.
///
/// What the plugin is (its name, slots and dependencies) is not here: it is in the
/// plugin's `trellis-plugin.json`, which the `TrellisManifest` build tool plugin
/// compiles into the library, where the host reads it before loading any code.
@MainActor
public protocol TrellisPlugin: AnyObject {
    /// Makes the builder the host builds the plugin's screens with.
    func makeBuilder() -> ScreenBuildable
}

/// Builds a plugin's RIB for a route.
@MainActor
public protocol ScreenBuildable: AnyObject {
    /// Builds the RIB for the route `context` describes.
    ///
    /// - Parameter context: The route's parameters, the listener, and the slots the
    ///   RIB attaches its children through.
    /// - Returns: The RIB's router: a ``ViewableRouting`` unless the RIB has no view.
    /// - Throws: Any error; the host shows it in place of the screen.
    func build(with context: ScreenContext) throws -> Routing
}

/// Makes the pointer a plugin's entry symbol returns.
///
/// A plugin exports exactly one C function, named ``TrellisSDKInterface/entrySymbol``:
/// ```swift
/// @_cdecl("trellis_plugin_entry_v1")
/// public func trellisPluginEntry() -> UnsafeMutableRawPointer {
///     exportPlugin { MainScreenPlugin() }
/// }
/// ```
///
/// - Parameter makePlugin: Makes the plugin object, on the main actor.
/// - Returns: A ``PluginExport`` holding the plugin, retained once; the host takes
///   ownership.
public func exportPlugin(_ makePlugin: @MainActor () -> TrellisPlugin) -> UnsafeMutableRawPointer {
    // The host calls the entry on the main thread; the pointer is not Sendable, so it
    // leaves the isolated closure as its bit pattern.
    let address = MainActor.assumeIsolated {
        UInt(bitPattern: Unmanaged.passRetained(PluginExport(makePlugin())).toOpaque())
    }
    return UnsafeMutableRawPointer(bitPattern: address)!
}

/// What an entry symbol returns: the plugin, already typed as ``TrellisPlugin``.
///
/// The host checks the returned object with a class cast to this SDK class. Casting
/// a bare object to the protocol instead would make the Swift runtime search the
/// conformance records of every loaded image, a cost that grows with each plugin.
public final class PluginExport {
    /// The plugin.
    public let plugin: TrellisPlugin

    init(_ plugin: TrellisPlugin) {
        self.plugin = plugin
    }
}
