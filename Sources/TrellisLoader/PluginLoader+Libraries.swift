import CTerminal
import Glibc

extension PluginLoader {
    /// The libraries the plugin file `elf`, opened from `path`, needs from its
    /// own folder, as its `$ORIGIN` finds them (a contracts package beside it):
    /// their paths. One already loaded (the SDK, the Swift runtime) is matched by
    /// its name and never read from the folder, so it is not one of them.
    nonisolated package static func librariesBeside(_ elf: ELFFile, path: String) -> [String] {
        let folder = PluginFileSafety.folder(of: path)
        return ((try? elf.neededLibraries()) ?? []).compactMap { name in
            guard !name.utf8.contains(UInt8(ascii: "/")), name != ".", name != "..", trellis_is_loaded(name) == 0
            else { return nil }
            let library = (folder.isEmpty ? "." : folder) + "/" + name
            return access(library, F_OK) == 0 ? library : nil
        }
    }

    /// Checks `libraries` (``librariesBeside(_:path:)``) of the plugin at `path`,
    /// really at `realPath`, as the plugin itself is checked: really in the
    /// plugin's folder after links, owned by the user or root, and not writable by
    /// others. `run` checks each as it maps it, `validate` as it reads the plugin.
    ///
    /// - Throws: ``PluginLoadError/unsafeLibrary(path:library:resolved:reason:)``.
    func checkLibraries(_ libraries: [String], of path: String, realPath: String) throws(PluginLoadError) {
        let realFolder = PluginFileSafety.folder(of: realPath)
        for library in libraries {
            guard let resolved = PluginFileSafety.realPath(library), PluginFileSafety.isInside(resolved, realFolder)
            else {
                throw .unsafeLibrary(
                    path: path, library: library, resolved: PluginFileSafety.realPath(library), reason: nil)
            }
            do {
                try safety.checkPermissions(ofFileAt: resolved, status: nil)
            } catch .unsafePermissions(_, _, let reason) {
                throw .unsafeLibrary(path: path, library: library, resolved: resolved, reason: reason)
            }
        }
    }
}
