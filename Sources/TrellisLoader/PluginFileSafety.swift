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
package struct PluginFileSafety {
    /// What the checks need of a file's status.
    package struct Status: Sendable {
        package let owner: uid_t
        package let group: gid_t
        package let mode: mode_t

        package init(_ status: stat) {
            (owner, group, mode) = (status.st_uid, status.st_gid, status.st_mode)
        }
    }

    /// Files' folders whose chain up to `/` was checked, with the first failure.
    private var checkedChains: [String: (String, PluginLoadError.UnsafeReason)?] = [:]
    /// Folders already checked, with the failure found, if any.
    private var checkedFolders: [String: PluginLoadError.UnsafeReason?] = [:]

    /// The real path of `path` (links and `..` resolved), or `nil` if it has none.
    package static func realPath(_ path: String) -> String? {
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
    ///
    /// - Parameter status: The file's status, if it was just taken from the open
    ///   file; `nil` to take it now.
    mutating func checkPermissions(ofFileAt path: String, status known: Status?) throws(PluginLoadError) {
        let status: Status
        if let known {
            status = known
        } else {
            var taken = stat()
            guard stat(path, &taken) == 0 else { return }
            status = Status(taken)
        }
        if let reason = Self.problem(with: status, isFolder: false, isAboveOwnFolder: false) {
            throw .unsafePermissions(path: path, offender: path, reason: reason)
        }
        // Most plugins share a folder: its whole chain's verdict is kept under it.
        let ownFolder = Self.folder(of: path)
        if let known = checkedChains[ownFolder] {
            if let (offender, reason) = known {
                throw .unsafePermissions(path: path, offender: offender, reason: reason)
            }
            return
        }
        let problem = checkFolders(above: path)
        checkedChains[ownFolder] = problem
        if let (offender, reason) = problem { throw .unsafePermissions(path: path, offender: offender, reason: reason) }
    }

    /// The first folder above `path` whose owner or modes are unsafe, and why.
    private mutating func checkFolders(above path: String) -> (String, PluginLoadError.UnsafeReason)? {
        var folder = path
        var depth = 0
        while folder != "/", folder.utf8.contains(UInt8(ascii: "/")) {
            folder = Self.folder(of: folder)
            let isAboveOwnFolder = depth > 0
            depth += 1
            let key = folder + (isAboveOwnFolder ? "" : "\u{0}own")
            if let known = checkedFolders[key] {
                if let reason = known { return (folder, reason) }
                continue
            }
            var folderStatus = stat()
            guard stat(folder, &folderStatus) == 0 else { continue }
            let reason = Self.problem(with: Status(folderStatus), isFolder: true, isAboveOwnFolder: isAboveOwnFolder)
            checkedFolders[key] = reason
            if let reason { return (folder, reason) }
        }
        return nil
    }

    /// The folder part of a path: what comes before its last `/`.
    package static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The file name part of a path: what comes after its last `/`.
    package static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static let user = getuid()

    private static func problem(with status: Status, isFolder: Bool, isAboveOwnFolder: Bool) -> PluginLoadError
        .UnsafeReason?
    {
        guard status.owner == user || status.owner == 0 else { return .foreignOwner(uid: Int(status.owner)) }
        let mode = status.mode
        if mode & S_IWOTH != 0 {
            let isSticky = mode & S_ISVTX != 0
            if !(isFolder && isSticky && isAboveOwnFolder) { return .writableByOthers }
        }
        if mode & S_IWGRP != 0, !isPrivateGroup(status.group) { return .writableByGroup }
        return nil
    }

    /// Whether `group` is the user's own private group (named after the user).
    private static func isPrivateGroup(_ group: gid_t) -> Bool {
        group == privateGroup
    }

    /// The user's own private group, if their group is one: read once, since it
    /// reads the group and user databases (`/etc/group`, `/etc/passwd`), which
    /// every plugin under a group-writable folder (`/tmp`) paid for at each load.
    private static let privateGroup: gid_t? = {
        let group = getgid()
        guard let entry = getgrgid(group), let user = getpwuid(getuid()),
            strcmp(entry.pointee.gr_name, user.pointee.pw_name) == 0
        else { return nil }
        return group
    }()
}
