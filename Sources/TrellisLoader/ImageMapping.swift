import CTerminal
import Foundation

/// Maps a checked plugin file with `dlopen` through the descriptor its checks
/// read, so that what runs is what was checked: a file renamed over the path in
/// between is never mapped.
///
/// `dlopen` is given `/proc/self/fd/N`, which opens the open file whatever its
/// name names by now. The dynamic loader takes a path it has mapped before for
/// that image, so `N` is a copy of the descriptor kept open as long as the image
/// is mapped (forever: images are never closed), numbered from
/// ``keptDescriptorFloor`` up, away from the numbers code opens and closes all
/// the time. A handle the loader has returned before for another file is taken
/// for what it is, a reused number (a plugin closed a kept descriptor), and the
/// file is mapped through a link instead.
///
/// `$ORIGIN` is the given path's folder, so a file that needs a library from
/// its own folder (one not loaded yet) is reached through a link to
/// `/proc/self/fd/N` instead, in a folder of this process's own (mode 0700, one
/// for each plugin folder, in memory where it can be: ``temporaryFolder``),
/// beside links to the libraries it needs, as `$ORIGIN` would find them. The
/// link's name has a count, so no two images share a name; it is removed once
/// the file is mapped. The folders go when the process exits (or, if it ends
/// without exit handlers, when its supervisor sees it end).
@MainActor
package enum ImageMapping {
    /// What this process has mapped so far. One per process: the dynamic loader
    /// maps each image once, whichever route tree asked for it.
    private struct Mapped {
        /// This process's folder of link folders, made at the first mapping through a link.
        var root: String?
        /// The link folder of each plugin folder, and the libraries linked in it.
        var linkFolders: [String: (folder: String, linked: Set<String>)] = [:]
        /// The links made, which numbers the next link's name.
        var count = 0
        /// The file (device and inode) of every handle returned so far.
        var handles: [UnsafeMutableRawPointer: FileKey] = [:]
        /// The soft limit on descriptors when last asked.
        var roomyLimit: rlim_t?
        /// Libraries known to be loaded: images are never closed, so once loaded,
        /// always loaded; asking the dynamic loader walks every image, hundreds in a
        /// process that loaded many plugins.
        var loaded: Set<String> = []
    }

    private static var mapped = Mapped()

    private struct FileKey: Equatable {
        let device: UInt64, inode: UInt64
        init(_ file: ELFFile) { (device, inode) = (UInt64(file.status.st_dev), UInt64(file.status.st_ino)) }
    }

    /// The lowest number a kept descriptor takes.
    static let keptDescriptorFloor: Int32 = 256

    /// Maps `file`, opened from `path`, telling `willMap` first the name the
    /// image will have (what `dladdr` and a crash's frames will say).
    ///
    /// - Throws: ``PluginLoadError/openFailed(path:reason:)`` with the dynamic
    ///   loader's reason, which names `path`.
    /// - Parameter checkBeside: Checks the libraries it needs from its folder, by
    ///   path, before any is linked for the dynamic loader to find.
    package static func map(
        _ file: ELFFile, path: String, flags: Int32,
        checkBeside: ([String]) throws(PluginLoadError) -> Void = { _ throws(PluginLoadError) in },
        willMap: (String) -> Void
    ) throws(PluginLoadError)
        -> UnsafeMutableRawPointer
    {
        // The hooks are the host's before any plugin's code can run.
        HostKey.claim()
        let ownFolder = PluginFileSafety.folder(
            of: path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        var beside: [String] = []
        var needsFolder = false
        let linked = mapped.linkFolders[ownFolder]?.linked ?? []
        // One already loaded (the SDK, the Swift runtime) is matched by its name.
        for name in (try? file.neededLibraries()) ?? [] where !isLoaded(name) {
            if linked.contains(name) {
                needsFolder = true
            } else if !name.utf8.contains(UInt8(ascii: "/")), name != "..", name != ".",
                access(ownFolder + "/" + name, F_OK) == 0
            {
                beside.append(name)
                needsFolder = true
            }
        }
        try checkBeside(beside.map { ownFolder + "/" + $0 })
        if !needsFolder, let handle = try mapThroughDescriptor(file, path: path, flags: flags, willMap: willMap) {
            return handle
        }
        return try mapThroughLink(
            file, path: path, ownFolder: ownFolder, beside: beside, flags: flags, willMap: willMap)
    }

    /// Maps the file as `/proc/self/fd/N`; `nil` when the number was an earlier
    /// image's (a plugin closed a kept descriptor and the number was reused).
    private static func mapThroughDescriptor(_ file: ELFFile, path: String, flags: Int32, willMap: (String) -> Void)
        throws(PluginLoadError) -> UnsafeMutableRawPointer?
    {
        roomForKeptDescriptors()
        var kept = fcntl(file.descriptor, F_DUPFD_CLOEXEC, keptDescriptorFloor)
        if kept < 0 { kept = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0) }
        guard kept >= 0 else { return nil }
        let name = "/proc/self/fd/\(kept)"
        willMap(name)
        guard let handle = dlopen(name, flags) else {
            close(kept)
            throw failure(path: path, mappedName: name)
        }
        guard let known = mapped.handles[handle] else {
            mapped.handles[handle] = FileKey(file)
            return handle
        }
        // The dynamic loader gave an image it had: the same file loaded again (by
        // another loader), which takes the name as one more of its names, or
        // another file's whose name this was. Either way the name is that image's
        // now, so the descriptor stays open: the number is never given again.
        return known == FileKey(file) ? handle : nil
    }

    private static func mapThroughLink(
        _ file: ELFFile, path: String, ownFolder: String, beside: [String], flags: Int32,
        willMap: (String) -> Void
    ) throws(PluginLoadError) -> UnsafeMutableRawPointer {
        let folder = try linkFolder(for: ownFolder, reportingFor: path)
        for name in beside where symlink(ownFolder + "/" + name, folder + "/" + name) == 0 {
            mapped.linkFolders[ownFolder]?.linked.insert(name)
        }
        mapped.count += 1
        let name = folder + "/\(mapped.count)-" + PluginFileSafety.fileName(of: path)
        guard symlink(file.descriptorPath, name) == 0 else {
            throw .openFailed(
                path: path, reason: "no link to it could be made in \(folder) (\(String(cString: strerror(errno))))")
        }
        defer { unlink(name) }
        willMap(name)
        guard let handle = dlopen(name, flags) else { throw failure(path: path, mappedName: name) }
        mapped.handles[handle] = FileKey(file)
        return handle
    }

    /// Raises the soft limit on open files to the hard one when the descriptors
    /// kept for images come near it (hundreds of plugins loaded), so that the
    /// app's own files still open; as Go's runtime does at start.
    private static func roomForKeptDescriptors() {
        let wanted = rlim_t(Int(keptDescriptorFloor) + 2 * mapped.handles.count + 64)
        // The limit last seen, asked again only when it may be too low: a system
        // call less on every load.
        if let roomyLimit = mapped.roomyLimit, wanted <= roomyLimit { return }
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        if limit.rlim_cur < limit.rlim_max, wanted > limit.rlim_cur {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        mapped.roomyLimit = limit.rlim_cur
    }

    /// The dynamic loader's reason, naming `path` where it names the mapping.
    private static func failure(path: String, mappedName: String) -> PluginLoadError {
        let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
        return .openFailed(path: path, reason: reason.replacingOccurrences(of: mappedName, with: path))
    }

    private static func isLoaded(_ name: String) -> Bool {
        if mapped.loaded.contains(name) { return true }
        guard trellis_is_loaded(name) != 0 else { return false }
        mapped.loaded.insert(name)
        return true
    }

    /// The link folder for plugins of `ownFolder`, made the first time.
    private static func linkFolder(for ownFolder: String, reportingFor path: String) throws(PluginLoadError) -> String {
        if let known = mapped.linkFolders[ownFolder] { return known.folder }
        let root = try rootFolder(reportingFor: path)
        let folder = root + "/\(mapped.linkFolders.count + 1)"
        guard mkdir(folder, 0o700) == 0 else {
            throw .openFailed(
                path: path,
                reason: "no folder to map it from could be made in \(root) (\(String(cString: strerror(errno))))")
        }
        mapped.linkFolders[ownFolder] = (folder, [])
        return folder
    }

    /// The folder of link folders, created once with mode 0700 (no one else can
    /// put a link in it).
    private static func rootFolder(reportingFor path: String) throws(PluginLoadError) -> String {
        if let root = mapped.root { return root }
        var template = Array("\(temporaryFolder)/\(prefix(of: getpid()))XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .openFailed(
                path: path,
                reason: "no private folder to map it from could be made in \(temporaryFolder) "
                    + "(\(String(cString: strerror(errno))))")
        }
        let made = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        mapped.root = made
        atexit { ImageMapping.removeFolders(ofProcess: getpid()) }
        removeFoldersOfEndedProcesses()
        return made
    }

    /// Removes the folders that processes of this user which have ended left
    /// (an app run without a supervisor that crashed while mapping).
    private static func removeFoldersOfEndedProcesses() {
        let common = "trellis-images-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? []
        where entry.hasPrefix(common) {
            var status = stat()
            guard let pid = Int32(entry.dropFirst(common.count).prefix { $0 != "-" }), pid > 0,
                kill(pid, 0) != 0, errno == ESRCH,
                lstat(temporaryFolder + "/" + entry, &status) == 0, status.st_uid == geteuid()
            else { continue }
            removeFolders(ofProcess: pid)
        }
    }

    /// Where the folders of links are made: in memory where there is a place
    /// for it (the user's runtime folder, else `/dev/shm`), since a folder made
    /// on a disk's file system costs about twice a `dlopen`; else the temporary
    /// folder.
    private nonisolated static let temporaryFolder: String = {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["XDG_RUNTIME_DIR"], "/dev/shm"].compactMap { $0 }
        candidates.append(environment["TMPDIR"] ?? "/tmp")
        return candidates.first { folder in
            var status = stat()
            return folder.hasPrefix("/") && stat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                && access(folder, W_OK | X_OK) == 0
        } ?? "/tmp"
    }()

    private nonisolated static func prefix(of pid: pid_t) -> String { "trellis-images-\(pid)-" }

    /// Removes the folders of links the process `pid` made: at its exit (in the
    /// process that made them, not in a child a plugin forked), and by the
    /// supervisor once the app ended, for an app that ended without exit handlers.
    nonisolated package static func removeFolders(ofProcess pid: pid_t) {
        let prefix = prefix(of: pid)
        let fileManager = FileManager.default
        for entry in (try? fileManager.contentsOfDirectory(atPath: temporaryFolder)) ?? [] where entry.hasPrefix(prefix)
        {
            let root = temporaryFolder + "/" + entry
            for folder in (try? fileManager.contentsOfDirectory(atPath: root)) ?? [] {
                for link in (try? fileManager.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] {
                    unlink(root + "/" + folder + "/" + link)
                }
                rmdir(root + "/" + folder)
            }
            rmdir(root)
        }
    }
}
