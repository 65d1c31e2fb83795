import Glibc

/// A 64-bit little-endian ELF file read without loading it: the header, the
/// section header table and named sections, each read with `pread` after its
/// offset and size are checked against the file's length.
///
/// A plugin file is input like any other: a truncated, corrupt or hostile file is
/// a ``Failure``, never a trap, a hang or a huge allocation.
struct ELFFile {
    /// Why the file cannot be read as an ELF library.
    enum Failure: Error, Equatable {
        /// No file at the path.
        case missing
        /// Not a regular file, or not readable (the reason says which).
        case unreadable(String)
        /// No ELF magic, or another class or byte order than this host's.
        case notELF
        /// An ELF file whose headers point outside it or make no sense.
        case malformed(String)

        var reason: String {
            switch self {
            case .missing: RegularFile.Failure.missing.description
            case let .unreadable(reason): reason
            case .notELF: "it is not an ELF shared library"
            case let .malformed(detail): "its ELF headers are corrupt (\(detail)); rebuild it"
            }
        }
    }

    /// Linux's `O_NOATIME`, which Glibc defines only for `_GNU_SOURCE`.
    private static let noAccessTime: Int32 = 0o1000000

    /// The largest section read; `.comment` and a manifest are a few kilobytes.
    static let maximumSectionSize = 1 << 20

    private let descriptor: Int32
    private let fileSize: Int
    /// The open file's owner and mode, for the permission checks.
    let status: stat
    /// Whether the path's last component is a symbolic link (then only
    /// ``resolvedPath`` says where the file really is).
    let isLink: Bool
    /// The section header table, and the section name table, both read at once
    /// when the one lies just before the other (where linkers put it).
    private let table: SectionTable

    /// Opens `path` and reads its section headers and section names.
    init(path: String) throws(Failure) {
        // Opened without blocking (a FIFO would block a plain open), then checked
        // through the descriptor: one path lookup. Not through a link at first, so
        // that a file that is not one is known to be where its folder is.
        // Without updating its access time, where the user owns it: reading a
        // manifest is not a use of the plugin.
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | ELFFile.noAccessTime
        var descriptor = open(path, flags | O_NOFOLLOW)
        if descriptor < 0, errno == EPERM {
            flags &= ~ELFFile.noAccessTime
            descriptor = open(path, flags | O_NOFOLLOW)
        }
        isLink = descriptor < 0 && errno == ELOOP
        if isLink { descriptor = open(path, flags) }
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing }
            throw .unreadable(errno == EACCES ? RegularFile.Failure.permissionDenied.description : String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        do {
            status = try RegularFile.status(ofOpen: descriptor)
            fileSize = Int(status.st_size)
        } catch {
            Glibc.close(descriptor)
            throw .unreadable(error.description)
        }
        do {
            table = try SectionTable(descriptor: descriptor, fileSize: fileSize)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// The open file's real path (links and `..` resolved), from `/proc/self/fd`.
    var resolvedPath: String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(PATH_MAX)) { buffer in
            let count = buffer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/fd/\(descriptor)", $0.baseAddress!, $0.count) }
            return count > 0 ? String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self) : nil
        }
    }

    /// Closes the file.
    func close() {
        Glibc.close(descriptor)
    }

    /// The bytes of the first section called `name`, or `nil` if there is none.
    func section(named name: String) throws(Failure) -> [UInt8]? {
        guard let (offset, size) = table.section(named: name) else { return nil }
        guard size <= Self.maximumSectionSize else {
            throw .malformed("section \(name) has \(size) bytes, more than \(Self.maximumSectionSize)")
        }
        return try Self.read(descriptor, offset: offset, count: size, fileSize: fileSize, what: name)
    }

    /// The section headers and the section names, in one buffer, searched in place:
    /// this runs for every plugin at start-up.
    private struct SectionTable {
        /// The bytes read: the headers start at `headersStart`; the names are at
        /// `namesStart`, in the same buffer or in `names`.
        private let bytes: [UInt8]
        private let headersStart: Int
        private let count: Int
        private let names: [UInt8]
        private let namesStart: Int
        private let namesSize: Int

        /// How far before the section headers the name table is looked for; it
        /// usually ends just where they start.
        private static let lead = 1024

        init(descriptor: Int32, fileSize: Int) throws(Failure) {
            guard fileSize >= 64 else { throw .notELF }
            var header = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            try withUnsafeMutableBytes(of: &header) { raw throws(Failure) in
                try ELFFile.read(descriptor, into: raw, offset: 0, fileSize: fileSize, what: "ELF header")
            }
            let (tableOffset, entrySize, count, namesIndex) = try withUnsafeBytes(of: header) { raw throws(Failure) in
                guard raw[0] == 0x7F, raw[1] == 0x45, raw[2] == 0x4C, raw[3] == 0x46 else { throw .notELF }
                // ELFCLASS64, little-endian: the only kind this host runs on.
                guard raw[4] == 2, raw[5] == 1 else { throw .notELF }
                return (integer(raw, at: 0x28, size: 8), integer(raw, at: 0x3A, size: 2), integer(raw, at: 0x3C, size: 2),
                        integer(raw, at: 0x3E, size: 2))
            }
            self.count = count
            guard count > 0 else {
                (bytes, headersStart, names, namesStart, namesSize) = ([], 0, [], 0, 0)
                return
            }
            guard entrySize == 64 else { throw .malformed("section headers of \(entrySize) bytes, not 64") }
            guard namesIndex < count else { throw .malformed("the section name table is section \(namesIndex) of \(count)") }
            let lead = min(max(tableOffset, 0), Self.lead)
            bytes = try ELFFile.read(descriptor, offset: tableOffset - lead, count: count * 64 + lead, fileSize: fileSize,
                                     what: "section header table")
            headersStart = lead
            let (offset, size) = bytes.withUnsafeBytes { raw in
                (integer(raw, at: lead + namesIndex * 64 + 24, size: 8), integer(raw, at: lead + namesIndex * 64 + 32, size: 8))
            }
            // A size past Int.max reads as -1: no file is that long.
            guard size >= 0 else { throw .malformed("the section name table lies outside the file of \(fileSize) bytes; it may be truncated") }
            guard size <= maximumSectionSize else { throw .malformed("the section name table has \(size) bytes") }
            let bufferStart = tableOffset - lead
            if offset >= bufferStart, offset - bufferStart <= lead - size {
                (names, namesStart, namesSize) = ([], offset - bufferStart, size)
            } else {
                names = try ELFFile.read(descriptor, offset: offset, count: size, fileSize: fileSize, what: "section name table")
                (namesStart, namesSize) = (0, size)
            }
        }

        /// The offset and size of the first section called `name`.
        func section(named name: String) -> (offset: Int, size: Int)? {
            var wanted = name
            return wanted.withUTF8 { target in
                let nameTable = names.isEmpty ? bytes : names
                return nameTable.withUnsafeBytes { nameBytes in
                    bytes.withUnsafeBytes { raw in
                        for index in 0..<count {
                            let entry = headersStart + index * 64
                            let nameOffset = integer(raw, at: entry, size: 4)
                            // The name and its terminating zero lie inside the name table.
                            guard nameOffset <= namesSize - target.count - 1 else { continue }
                            let start = namesStart + nameOffset
                            guard memcmp(nameBytes.baseAddress! + start, target.baseAddress!, target.count) == 0,
                                  nameBytes[start + target.count] == 0 else { continue }
                            return (integer(raw, at: entry + 24, size: 8), integer(raw, at: entry + 32, size: 8))
                        }
                        return nil
                    }
                }
            }
        }
    }

    /// `count` bytes at `offset`, after checking both against the file's size.
    private static func read(_ descriptor: Int32, offset: Int, count: Int, fileSize: Int, what: String) throws(Failure) -> [UInt8] {
        guard count >= 0, count <= fileSize else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(Failure) {
                try read(descriptor, into: UnsafeMutableRawBufferPointer(buffer), offset: offset, fileSize: fileSize, what: what)
                initialized = count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Fills `buffer` from `offset`, after checking both against the file's size.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, offset: Int, fileSize: Int,
                             what: String) throws(Failure) {
        let count = buffer.count
        guard offset >= 0, count <= fileSize, offset <= fileSize - count else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
        var filled = 0
        while filled < count {
            let read = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw .malformed("the \(what) could not be read; the file may be truncated") }
            filled += read
        }
    }

    /// A little-endian unsigned integer of 2, 4 or 8 bytes (the caller keeps
    /// `offset + size` inside `bytes`); values past `Int.max` become -1, which every
    /// bounds check refuses.
    private static func integer(_ raw: UnsafeRawBufferPointer, at offset: Int, size: Int) -> Int {
        switch size {
        case 2: Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        default: Int(exactly: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) ?? -1
        }
    }
}
