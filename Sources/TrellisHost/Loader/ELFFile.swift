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
        /// Not a regular file, or not readable (the reason says which).
        case unreadable(String)
        /// No ELF magic, or another class or byte order than this host's.
        case notELF
        /// An ELF file whose headers point outside it or make no sense.
        case malformed(String)

        var reason: String {
            switch self {
            case let .unreadable(reason): reason
            case .notELF: "it is not an ELF shared library"
            case let .malformed(detail): "its ELF headers are corrupt (\(detail)); rebuild it"
            }
        }
    }

    /// The largest section read; `.comment` and a manifest are a few kilobytes.
    static let maximumSectionSize = 1 << 20

    private let descriptor: Int32
    private let fileSize: Int
    private let sections: [(name: Int, offset: Int, size: Int)]
    private let names: [UInt8]

    /// Opens `path` and reads its section headers and section names.
    init(path: String) throws(Failure) {
        // Opened without blocking (a FIFO would block a plain open), then checked
        // through the descriptor: one path lookup.
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .unreadable(errno == EACCES ? RegularFile.Failure.permissionDenied.description
                : errno == ENOENT ? RegularFile.Failure.missing.description : String(cString: strerror(errno)))
        }
        do {
            fileSize = try RegularFile.size(ofOpen: descriptor)
        } catch {
            Glibc.close(descriptor)
            throw .unreadable(error.description)
        }
        do {
            (sections, names) = try Self.readSections(descriptor: descriptor, fileSize: fileSize)
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
        let wanted = Array(name.utf8) + [0]
        // memcmp on the name table: this runs for every plugin at start-up.
        let index = names.withUnsafeBytes { table in
            wanted.withUnsafeBytes { target in
                sections.firstIndex { section in
                    section.name >= 0 && section.name <= table.count - target.count
                        && memcmp(table.baseAddress! + section.name, target.baseAddress!, target.count) == 0
                }
            }
        }
        if let index {
            let section = sections[index]
            guard section.size <= Self.maximumSectionSize else {
                throw .malformed("section \(name) has \(section.size) bytes, more than \(Self.maximumSectionSize)")
            }
            return try Self.read(descriptor, offset: section.offset, count: section.size, fileSize: fileSize, what: name)
        }
        return nil
    }

    private static func readSections(descriptor: Int32, fileSize: Int) throws(Failure) -> ([(name: Int, offset: Int, size: Int)], [UInt8]) {
        guard fileSize >= 64 else { throw .notELF }
        let header = try read(descriptor, offset: 0, count: 64, fileSize: fileSize, what: "ELF header")
        guard header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]) else { throw .notELF }
        // ELFCLASS64, little-endian: the only kind this host runs on.
        guard header[4] == 2, header[5] == 1 else { throw .notELF }
        let tableOffset = integer(header, at: 0x28, size: 8)
        let entrySize = integer(header, at: 0x3A, size: 2)
        let count = integer(header, at: 0x3C, size: 2)
        let namesIndex = integer(header, at: 0x3E, size: 2)
        guard count > 0 else { return ([], []) }
        guard entrySize == 64 else { throw .malformed("section headers of \(entrySize) bytes, not 64") }
        guard namesIndex < count else { throw .malformed("the section name table is section \(namesIndex) of \(count)") }
        // One read from a little before the table to its end: the section name table
        // usually sits just before the section headers, so it comes along.
        let tableSize = count * entrySize
        let lead = min(max(tableOffset, 0), 4096)
        let tail = try read(descriptor, offset: tableOffset - lead, count: tableSize + lead, fileSize: fileSize, what: "section header table")
        let table = Array(tail[lead...])
        let sections = (0..<count).map { index in
            let start = index * entrySize
            return (name: integer(table, at: start, size: 4), offset: integer(table, at: start + 24, size: 8),
                    size: integer(table, at: start + 32, size: 8))
        }
        let namesSection = sections[namesIndex]
        guard namesSection.size <= maximumSectionSize else {
            throw .malformed("the section name table has \(namesSection.size) bytes")
        }
        let tailStart = tableOffset - lead
        let names: [UInt8]
        if namesSection.offset >= tailStart, namesSection.size >= 0, namesSection.offset - tailStart <= lead - namesSection.size {
            names = Array(tail[(namesSection.offset - tailStart)..<(namesSection.offset - tailStart + namesSection.size)])
        } else {
            names = try read(descriptor, offset: namesSection.offset, count: namesSection.size, fileSize: fileSize,
                             what: "section name table")
        }
        return (sections, names)
    }

    /// `count` bytes at `offset`, after checking both against the file's size.
    private static func read(_ descriptor: Int32, offset: Int, count: Int, fileSize: Int, what: String) throws(Failure) -> [UInt8] {
        guard offset >= 0, count >= 0, count <= fileSize, offset <= fileSize - count else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw .malformed("the \(what) could not be read; the file may be truncated") }
            filled += read
        }
        return bytes
    }

    /// A little-endian unsigned integer of 2, 4 or 8 bytes (the caller keeps
    /// `offset + size` inside `bytes`); values past `Int.max` become -1, which every
    /// bounds check refuses.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            switch size {
            case 2: Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
            case 4: Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            default: Int(exactly: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) ?? -1
            }
        }
    }
}
