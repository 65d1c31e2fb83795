import Foundation

/// Maps a checked plugin file with `dlopen` through the descriptor its checks
/// read, so that what runs is what was checked: a file renamed over the path in
/// between is never mapped.
///
/// `dlopen` takes a path and `$ORIGIN` (where plugins find the libraries beside
/// them) is that path's folder, so the file is reached through a link to
/// `/proc/self/fd/N` in a new folder of this process's own (mode 0700, named
/// with the process and a count, so no two mappings share a name): the dynamic
/// loader opens the link's target, which is the open file whatever its name
/// names by now. Beside the link are links to the libraries the file needs from
/// its own folder, as `$ORIGIN` finds them. The folder is removed once the file
/// is mapped; the image keeps the link's path as its name (``mappedName``).
@MainActor
struct ImageMapping {
    private static var count = 0

    /// The name the image will have (what `dladdr` and the crash frames say).
    let mappedName: String
    private let folder: String
    private var links: [String] = []

    /// Prepares the links that map `file`, opened from `path`.
    ///
    /// - Throws: ``PluginLoadError/openFailed(path:reason:)`` when the links
    ///   cannot be made.
    init(_ file: ELFFile, path: String) throws(PluginLoadError) {
        Self.count += 1
        let temporary = Self.temporaryFolder
        var template = Array("\(temporary)/\(Self.prefix(of: getpid()))\(Self.count)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .openFailed(path: path, reason: "no private folder could be made in \(temporary) to map it "
                                                + "(\(String(cString: strerror(errno)))); set TMPDIR to a writable folder")
        }
        folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        mappedName = folder + "/" + PluginFileSafety.fileName(of: path)
        guard symlink(file.descriptorPath, mappedName) == 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(folder)
            throw .openFailed(path: path, reason: "no link to it could be made in \(temporary) (\(reason))")
        }
        links.append(mappedName)
        // The libraries it needs that sit beside it, found as `$ORIGIN` would. One
        // already loaded (the SDK, the Swift runtime) is matched by its name first.
        let ownFolder = PluginFileSafety.folder(of: path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        for name in (try? file.neededLibraries()) ?? [] where !name.contains("/") && name != ".." && name != "." {
            let beside = ownFolder + "/" + name
            guard access(beside, F_OK) == 0 else { continue }
            let link = folder + "/" + name
            if symlink(beside, link) == 0 { links.append(link) }
        }
    }

    /// Maps the file; the links and their folder are gone when it returns.
    func open(flags: Int32) -> UnsafeMutableRawPointer? {
        let handle = dlopen(mappedName, flags)
        for link in links { unlink(link) }
        rmdir(folder)
        return handle
    }

    private nonisolated static var temporaryFolder: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    private nonisolated static func prefix(of pid: pid_t) -> String { "trellis-image-\(pid)-" }

    /// Removes the folders of links the process `pid` left: it ended while a
    /// file's constructors ran. For the supervisor, once the app has ended.
    nonisolated static func removeFolders(ofProcess pid: pid_t) {
        let prefix = prefix(of: pid)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? [] where entry.hasPrefix(prefix) {
            let folder = temporaryFolder + "/" + entry
            for link in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { unlink(folder + "/" + link) }
            rmdir(folder)
        }
    }
}
