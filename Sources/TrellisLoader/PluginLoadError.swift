import Foundation
import TrellisConfig
import TrellisSDK

/// Why a plugin cannot be used. Each case names the file and what to do.
public enum PluginLoadError: Error, Equatable, LocalizedError {
    case notFound(plugin: String, searched: [String])
    case fileMissing(path: String)
    case notAPlugin(path: String, reason: String)
    case incompatibleToolchain(path: String, plugin: String, host: String)
    case openFailed(path: String, reason: String)
    case missingEntry(path: String, expected: String, found: String?)
    case wrongEntryObject(path: String)
    case noManifest(path: String)
    /// The plugin's SDK release is not one this host loads: another major, a newer
    /// minor, or none (an SDK from before 1.0.0).
    case incompatibleSDK(path: String, plugin: SDKVersion?, host: SDKVersion)
    case outsideAllowedFolders(path: String, resolved: String, folders: [String])
    case unsafePermissions(path: String, offender: String, reason: UnsafeReason)
    case hashMismatch(path: String, pinned: String, actual: String)
    case pinUncheckable(path: String)
    /// A new build at a loaded plugin's path whose manifest names another plugin.
    case anotherPlugin(path: String, loaded: String, found: String)
    /// A library the plugin needs from its own folder (`$ORIGIN`) that is really
    /// elsewhere (`resolved`), or that others could have written (`reason`).
    case unsafeLibrary(path: String, library: String, resolved: String?, reason: UnsafeReason?)

    /// Why a plugin file's permissions are refused.
    public enum UnsafeReason: Equatable, Sendable {
        case foreignOwner(uid: Int)
        case writableByOthers
        case writableByGroup
    }

    public var errorDescription: String? {
        switch self {
        case let .notFound(plugin, searched):
            let place = searched.isEmpty ? "(no folders)" : searched.joined(separator: ", ")
            // Built as this host was: a release host needs release plugins.
            let release = BuildConfiguration.host == "release"
            // A slip of the name: the plugins that are in those folders.
            let present = searched.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
                .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") }.map { String($0.dropFirst(3).dropLast(3)) }
            if let near = Suggestion.closest(to: plugin, among: present) {
                return "plugin \"\(plugin)\" not found: looked in \(place). Did you mean \"\(near)\"? "
                    + "Fix the route's `plugin`."
            }
            return
                "plugin \"\(plugin)\" not found: looked in \(place). Build it (`swift build \(release ? "-c release " : "")--product \(plugin)`), "
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
                return
                    "\(path) was built against another SDK interface (it exports \(found), this host needs \(expected)). "
                    + "Rebuild the plugin against this SDK."
            }
            return "\(path) is not a Trellis plugin: it exports no \(expected) function. "
                + "A plugin exports it with `@_cdecl(\"\(expected)\")` (see Docs/PluginSystem.md)."
        case let .wrongEntryObject(path):
            return "\(path): the entry function returned an object that is not a TrellisPlugin. "
                + "Return `exportPlugin { YourPlugin() }` from it."
        case let .outsideAllowedFolders(path, resolved, folders):
            return
                "\(path) resolves to \(resolved), outside the folders plugins load from (\(folders.joined(separator: ", "))). "
                + "Move the plugin into one of them, add its folder to `plugins`, or set \"allowExternalPlugins\": true in the config."
        case let .unsafePermissions(path, offender, reason):
            let what = offender == path ? "the file" : "the folder \(offender) above it"
            switch reason {
            case let .foreignOwner(uid):
                return "\(path) is refused: \(what) belongs to user \(uid), not to you or root, so someone else could "
                    + "change the code you run. Take ownership (chown) or move the plugin."
            case .writableByOthers:
                return "\(path) is refused: other users can write \(what), so they could change the code you run. "
                    + "Fix it with chmod o-w \(offender)."
            case .writableByGroup:
                return "\(path) is refused: its group can write \(what), so others could change the code you run. "
                    + "Fix it with chmod g-w \(offender)."
            }
        case let .unsafeLibrary(path, library, resolved, reason):
            let why =
                switch reason {
                case let .foreignOwner(uid)?: "belongs to user \(uid), not to you or root"
                case .writableByOthers?: "can be written by other users (chmod o-w)"
                case .writableByGroup?: "can be written by its group (chmod g-w)"
                case nil: "is really \(resolved ?? "elsewhere"), outside the plugin's folder"
                }
            return "\(path) is refused: the library \(library), which it needs from its own folder, \(why), so "
                + "someone else could change the code you run. A library a plugin loads passes the plugin's checks."
        case let .hashMismatch(path, pinned, actual):
            return
                "\(path) does not match the route's \"sha256\" pin: the config pins \(pinned), the file hashes to \(actual). "
                + "If you rebuilt the plugin on purpose, pin the new hash (`trellis inspect` prints it)."
        case let .anotherPlugin(path, loaded, found):
            return
                "\(path) now holds the plugin \"\(found)\", not \"\(loaded)\", which its routes were built from: it is not "
                + "swapped in, and the routes keep \(loaded). Build \(loaded) there, or bind the routes to \(found)'s own file."
        case let .pinUncheckable(path):
            return
                "\(path) is pinned by \"sha256\", but this machine has no libcrypto.so.3 (OpenSSL 3) to check the pin with. "
                + "Install OpenSSL 3 (Debian: libssl3) or remove the pin."
        case let .noManifest(path):
            return "\(path) is not a Trellis plugin: it has no Trellis manifest note. A plugin built by an older SDK "
                + "(which wrote a trellis_manifest section) needs a rebuild; any other library needs this SDK's "
                + "TrellisManifest plugin and a trellis-plugin.json (see Docs/WritingPlugins.md)."
        case let .incompatibleSDK(path, plugin?, host) where plugin.major == host.major:
            return "\(path) was built against Trellis SDK \(plugin), newer than this host's SDK \(host): it may use "
                + "SDK features this host does not have. Update Trellis to SDK \(plugin.major).\(plugin.minor) or later, "
                + "or rebuild the plugin against SDK \(host)."
        case let .incompatibleSDK(path, plugin?, host):
            return "\(path) was built against Trellis SDK \(plugin), and this host has SDK \(host): a plugin runs only "
                + "with a host of its SDK's major version (\(plugin.major).x). Rebuild the plugin against SDK \(host.major).x, "
                + "or run it with a Trellis of SDK \(plugin.major).x."
        case let .incompatibleSDK(path, nil, host):
            return "\(path) was built by a Trellis SDK from before 1.0.0, which later SDKs cannot run; this host has "
                + "SDK \(host). Rebuild the plugin against SDK \(host.major).x (see Docs/Authoring.md, \"Upgrading\")."
        }
    }
}
