import Glibc

/// What tells one version of a file from the next: its device, inode, size,
/// modification time and status-change time. A rebuilt library differs in at
/// least one (a linker that writes a new file gets a new inode; one that rewrites
/// in place, new times). The change time is what no one can set back: a file
/// rewritten in place with its modification time restored (`touch -r`) still
/// differs, so a pin checked before is checked again.
package struct FileIdentity: Equatable, Sendable {
    private let device: UInt
    private let inode: UInt
    private let size: Int
    private let modified: timespec
    private let changed: timespec

    /// The identity of the file at `path`, links followed; `nil` if there is none.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status: status)
    }

    /// The identity of a file from its status (`stat`, `fstat`).
    package init(status: stat) {
        device = UInt(status.st_dev)
        inode = UInt(status.st_ino)
        size = Int(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }

    package static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
