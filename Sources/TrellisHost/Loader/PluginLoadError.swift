import Foundation

/// Why a plugin cannot be used. Each case names the file and what to do.
public enum PluginLoadError: Error, Equatable, LocalizedError {
    case notFound(plugin: String, searched: [String])
    case fileMissing(path: String)
    case notAPlugin(path: String, reason: String)
    case incompatibleToolchain(path: String, plugin: String, host: String)
    case openFailed(path: String, reason: String)
    case missingEntry(path: String, expected: String, found: String?)
    case wrongEntryObject(path: String)
    case incompatibleInterface(path: String, plugin: Int, host: Int)

    public var errorDescription: String? {
        switch self {
        case let .notFound(plugin, searched):
            let place = searched.isEmpty ? "(no folders)" : searched.joined(separator: ", ")
            return "plugin \"\(plugin)\" not found: looked in \(place). Build it (`swift build --product \(plugin)`), "
                + "or fix the config's `plugins` search path or the route's `plugin`."
        case let .fileMissing(path):
            return "no plugin file at \(path). Fix the route's `plugin` path (it is relative to the config), "
                + "or build the plugin."
        case let .notAPlugin(path, reason):
            return "\(path) is not a plugin: \(reason). Point the route at a .so built as a Trellis plugin."
        case let .incompatibleToolchain(path, plugin, host):
            return "\(path) was built by another Swift toolchain (\(plugin)) than the host (\(host)). "
                + "Swift has no stable ABI on Linux: rebuild the plugin with the host's toolchain."
        case let .openFailed(path, reason):
            return "\(path) cannot be loaded: \(reason)."
        case let .missingEntry(path, expected, found):
            if let found {
                return "\(path) was built against another SDK interface (it exports \(found), this host needs \(expected)). "
                    + "Rebuild the plugin against this SDK."
            }
            return "\(path) is not a Trellis plugin: it exports no \(expected) function. "
                + "A plugin exports it with `@_cdecl(\"\(expected)\")` (see Docs/PluginSystem.md)."
        case let .wrongEntryObject(path):
            return "\(path): the entry function returned an object that is not a TrellisPlugin. "
                + "Return `exportPlugin { YourPlugin() }` from it."
        case let .incompatibleInterface(path, plugin, host):
            return "\(path) was compiled against SDK interface \(plugin); this host has interface \(host). "
                + "Rebuild the plugin against this SDK."
        }
    }
}
