import Dispatch
import Glibc
import TrellisLoader

/// Watches files through inotify, by their folders: a file rebuilt by writing a
/// new one and renaming it over the old is seen, as one written in place is.
///
/// A change is reported once writing has stopped: after each write, close, rename
/// into place or removal, the watcher waits ``settleTime`` for more, then calls
/// ``onChange`` with every watched file changed meanwhile. A linker writes in
/// pieces; what the watcher reports is a file at rest, which the caller still
/// checks before trusting.
@MainActor
public final class FileWatcher {
    /// How long the files must stay quiet before a change is reported.
    public static let settleTime: Duration = .milliseconds(100)

    /// The inotify descriptor, for the event loop to wait on.
    public let descriptor: Int32

    /// Called with the watched paths that changed, sorted.
    public var onChange: (([String]) -> Void)?

    /// The watched files in each watched folder, by watch descriptor, then folder,
    /// then file name, to the path the caller gave: two paths of one folder
    /// (through a link) share a descriptor.
    private var watched: [Int32: [String: [String: String]]] = [:]
    private var changed: Set<String> = []
    /// Counts quiet periods, so only the last one started reports.
    private var settleCount = 0

    /// What is wrong with the watch.
    public struct Failure: Error, CustomStringConvertible {
        /// What the system said.
        public let description: String
    }

    /// Starts inotify.
    ///
    /// - Throws: ``Failure`` if the system refuses (too many instances).
    public init() throws(Failure) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "cannot watch files: inotify_init1 failed (\(String(cString: strerror(errno))))")
        }
    }

    isolated deinit {
        close(descriptor)
    }

    /// Watches `paths` (absolute), replacing what was watched: each one's folder
    /// is watched for that name being written, renamed into place or removed. A
    /// folder watched already keeps its watch, so no change to it is lost.
    ///
    /// - Returns: The folders that could not be watched, with why.
    @discardableResult
    public func watch(_ paths: [String]) -> [String] {
        var byFolder: [String: [String: String]] = [:]
        for path in paths {
            byFolder[PluginFileSafety.folder(of: path), default: [:]][PluginFileSafety.fileName(of: path)] = path
        }
        for (wd, folders) in watched where !folders.keys.contains(where: { byFolder[$0] != nil }) {
            inotify_rm_watch(descriptor, wd)
            watched[wd] = nil
        }
        var kept: [Int32: [String: [String: String]]] = [:]
        var problems: [String] = []
        // Each write too, so that a file written in place is reported once it is quiet.
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for (folder, names) in byFolder.sorted(by: { $0.key < $1.key }) {
            // Adding a folder watched already returns its watch, unchanged.
            let wd = inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, mask)
            guard wd >= 0 else {
                problems.append("\(folder): \(String(cString: strerror(errno)))")
                continue
            }
            kept[wd, default: [:]][folder] = names
        }
        watched = kept
        return problems
    }

    /// Reads the events waiting; the event loop calls this when ``descriptor``
    /// can be read.
    public func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var sawWatched = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            sawWatched = parse(buffer[..<count]) || sawWatched
        }
        guard sawWatched else { return }
        settleCount += 1
        let mine = settleCount
        let seconds = Double(Self.settleTime.components.attoseconds) / 1e18 + Double(Self.settleTime.components.seconds)
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.settleCount == mine, !self.changed.isEmpty else { return }
                let paths = self.changed.sorted()
                self.changed = []
                self.onChange?(paths)
            }
        }
    }

    /// Notes the watched files that `bytes`' events name.
    ///
    /// - Returns: Whether any did.
    private func parse(_ bytes: ArraySlice<UInt8>) -> Bool {
        // struct inotify_event: wd, mask, cookie, len (each 4 bytes, in this
        // machine's byte order), then `len` bytes of name, NUL-padded. Every length
        // is checked against the buffer.
        let header = 16
        var offset = bytes.startIndex
        var sawWatched = false
        while bytes.endIndex - offset >= header {
            let wd = Int32(bitPattern: word(bytes, at: offset))
            let length = word(bytes, at: offset + 12)
            let nameStart = offset + header
            guard UInt64(length) <= UInt64(bytes.endIndex - nameStart) else { break }
            let nameEnd = nameStart + Int(length)
            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            offset = nameEnd
            guard let folders = watched[wd], !nameBytes.isEmpty else { continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            for files in folders.values {
                guard let path = files[name] else { continue }
                changed.insert(path)
                sawWatched = true
            }
        }
        return sawWatched
    }

    /// The 4-byte word at `offset`, in this machine's byte order, as the kernel wrote it.
    private func word(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
}
