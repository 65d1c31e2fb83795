import Glibc

/// Reads whole files given on the command line or in a config, refusing what is
/// not a regular file before opening it (a FIFO would block `open`, a device never
/// ends) and saying why a read failed in words a user can act on.
public enum RegularFile {
    /// Why a file could not be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case directory
        case notRegular(kind: String)
        case permissionDenied
        case tooLarge(size: Int, limit: Int)
        case readFailed(reason: String)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .directory: "it is a folder, not a file"
            case let .notRegular(kind): "it is \(kind), not a regular file"
            case .permissionDenied: "permission denied (check the file's mode with ls -l)"
            case let .tooLarge(size, limit): "it has \(size) bytes, more than the \(limit) accepted"
            case let .readFailed(reason): reason
            }
        }
    }

    /// Checks that `path` names a regular file and returns its size.
    public static func size(of path: String) throws(Failure) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR
                ? .missing
                : errno == EACCES
                    ? .permissionDenied
                    : .readFailed(reason: String(cString: strerror(errno)))
        }
        return try size(from: status)
    }

    /// Checks that the open `descriptor` is a regular file and returns its size.
    public static func size(ofOpen descriptor: Int32) throws(Failure) -> Int {
        try size(from: status(ofOpen: descriptor))
    }

    /// The status of the regular file open as `descriptor`.
    ///
    /// - Throws: ``Failure`` if it is a folder, a device or another special file.
    package static func status(ofOpen descriptor: Int32) throws(Failure) -> stat {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .readFailed(reason: String(cString: strerror(errno))) }
        _ = try size(from: status)
        return status
    }

    private static func size(from status: stat) throws(Failure) -> Int {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Int(status.st_size)
        case S_IFDIR: throw .directory
        case S_IFIFO: throw .notRegular(kind: "a FIFO (named pipe)")
        case S_IFCHR, S_IFBLK: throw .notRegular(kind: "a device")
        case S_IFSOCK: throw .notRegular(kind: "a socket")
        default: throw .notRegular(kind: "a special file")
        }
    }

    /// The bytes of the file or pipe at `path` (a script may come from
    /// `<(command)`), at most `limit` of them; a folder or a device is refused.
    public static func readStream(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        do {
            return try read(path, limit: limit)
        } catch .notRegular(kind: "a FIFO (named pipe)") {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .readFailed(reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = SystemCall.retrying { Glibc.read(descriptor, &chunk, chunk.count) }
                guard count > 0 else { return bytes }
                bytes += chunk.prefix(count)
                guard bytes.count <= limit else { throw .tooLarge(size: bytes.count, limit: limit) }
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let size = try size(of: path)
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw errno == EACCES ? .permissionDenied : .readFailed(reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = SystemCall.retrying {
                bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, size - filled) }
            }
            guard count > 0 else { break }
            filled += count
        }
        // A file that shrank while it was read is read as it now is.
        bytes.removeSubrange(filled...)
        return bytes
    }
}
