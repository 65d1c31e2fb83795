import Foundation
import TrellisPlatform
import TrellisSDK

extension PluginLoader {
    /// The file a route's `plugin` names: a path ending in `.so` (relative to
    /// `base`), or a library name looked up as `lib<name>.so` on the search path.
    ///
    /// - Throws: ``PluginLoadError/notFound(plugin:searched:)`` or
    ///   ``PluginLoadError/fileMissing(path:)``.
    public func locate(_ reference: String, relativeTo base: URL) throws(PluginLoadError) -> URL {
        URL(fileURLWithPath: try locatePath(reference, relativeTo: path(of: base)), isDirectory: false)
    }

    /// `base.path`, remembered for the last folder asked: every route of a config
    /// is relative to the same one, and a URL's path costs more than a system call.
    package func path(of base: URL) -> String {
        if let (url, path) = lastBase, url == base { return path }
        let path = base.path
        lastBase = (base, path)
        return path
    }

    /// ``locate(_:relativeTo:)`` as a path. Plain strings, no URLs and no system
    /// call for a path: this runs once per route at start-up, where each costs
    /// against dlopen's floor. Whether the file exists, and where it really is
    /// (through `..` and links), is asked of the file when it is opened to be read.
    func locatePath(_ reference: String, relativeTo base: String) throws(PluginLoadError) -> String {
        // On the bytes: Foundation's `contains` on strings goes through NSString,
        // and this runs for every build of a route.
        if reference.hasSuffix(".so") || reference.utf8.contains(UInt8(ascii: "/")) {
            return reference.hasPrefix("/") ? reference : base + "/" + reference
        }
        if let path = located[reference] { return path }
        let fileName = "lib\(reference).so"
        for folder in searchPath {
            let path = folder.path + "/" + fileName
            if access(path, F_OK) == 0 {
                Log.debug("plugin \(reference): found \(path)")
                located[reference] = path
                return path
            }
            Log.debug("plugin \(reference): not in \(folder.path)")
        }
        throw .notFound(plugin: reference, searched: searchPath.map(\.path))
    }

    /// ``locate(_:relativeTo:)``, then the file's `pin`, if the route has one.
    package func locate(_ reference: String, relativeTo base: URL, pin: String?) throws(PluginLoadError) -> String {
        let path = try locatePath(reference, relativeTo: path(of: base))
        if let pin { try check(path, against: pin) }
        return path
    }

    /// The real paths of the folders `paths` are in, by folder, resolved once each.
    func realFolders(of paths: [String]) -> [String: String] {
        for path in paths {
            let folder = PluginFileSafety.folder(of: path)
            if resolvedFolders[folder] == nil { resolvedFolders[folder] = PluginFileSafety.realPath(folder) ?? "" }
        }
        return resolvedFolders
    }

    /// The real paths of the folders `.so` paths may be in, resolved once.
    func allowedFolders(_ configFolder: URL) -> [String] {
        if let resolvedAllowedFolders { return resolvedAllowedFolders }
        let folders = ([configFolder] + searchPath).compactMap { PluginFileSafety.realPath($0.path) }
        resolvedAllowedFolders = folders
        return folders
    }

    /// The path of the file a route's `plugin` names, or `nil` for a plugin linked
    /// into the executable, which cannot be reloaded.
    public func path(of reference: String, relativeTo base: URL) throws(PluginLoadError) -> String? {
        linkedPlugins[reference] == nil ? try locatePath(reference, relativeTo: path(of: base)) : nil
    }
}
