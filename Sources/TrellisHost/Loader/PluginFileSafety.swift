import Glibc

/// Where a plugin file may come from and who may have written it, checked before
/// the file is mapped: a plugin runs with the user's rights.
///
/// - Place: a file found on the search path must really be in that folder (after
///   resolving links), and a `.so` path in the config must stay in the config's
///   folder or a search folder, unless the config sets `allowExternalPlugins`.
/// - Permissions, as ssh's StrictModes: the file and every folder above it must be
///   owned by the user or root and not writable by other users. A folder writable
///   by all but sticky (`/tmp`) is fine above the plugin's own folder; a folder
///   writable by the user's private group (Debian's user groups) is fine too.
struct PluginFileSafety {
    /// Folders already checked, with the failure found, if any.
    private var checkedFolders: [String: PluginLoadError.UnsafeReason?] = [:]

    /// The real path of `path` (links and `..` resolved), or `nil` if it has none.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` lies inside `folder` (both real paths).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path.hasPrefix("/") : path.hasPrefix(folder + "/")
    }

    /// Checks the owner and modes of the file at the real path `path` and of
    /// every folder above it.
    mutating func checkPermissions(ofFileAt path: String) throws(PluginLoadError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if let reason = Self.problem(with: status, isFolder: false, isAboveOwnFolder: false) {
            throw .unsafePermissions(path: path, offender: path, reason: reason)
        }
        var folder = path
        var depth = 0
        while folder != "/", let slash = folder.lastIndex(of: "/") {
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            let isAboveOwnFolder = depth > 0
            depth += 1
            let key = folder + (isAboveOwnFolder ? "" : "\u{0}own")
            if let known = checkedFolders[key] {
                if let reason = known { throw .unsafePermissions(path: path, offender: folder, reason: reason) }
                continue
            }
            var folderStatus = stat()
            guard stat(folder, &folderStatus) == 0 else { continue }
            let reason = Self.problem(with: folderStatus, isFolder: true, isAboveOwnFolder: isAboveOwnFolder)
            checkedFolders[key] = reason
            if let reason { throw .unsafePermissions(path: path, offender: folder, reason: reason) }
        }
    }

    private static func problem(with status: stat, isFolder: Bool, isAboveOwnFolder: Bool) -> PluginLoadError.UnsafeReason? {
        let user = getuid()
        guard status.st_uid == user || status.st_uid == 0 else { return .foreignOwner(uid: Int(status.st_uid)) }
        let mode = status.st_mode
        if mode & S_IWOTH != 0 {
            let isSticky = mode & S_ISVTX != 0
            if !(isFolder && isSticky && isAboveOwnFolder) { return .writableByOthers }
        }
        if mode & S_IWGRP != 0, !isPrivateGroup(status.st_gid) { return .writableByGroup }
        return nil
    }

    /// Whether `group` is the user's own private group (named after the user).
    private static func isPrivateGroup(_ group: gid_t) -> Bool {
        guard group == getgid(), let entry = getgrgid(group), let user = getpwuid(getuid()) else { return false }
        return strcmp(entry.pointee.gr_name, user.pointee.pw_name) == 0
    }
}
