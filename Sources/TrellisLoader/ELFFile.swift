import Glibc
import TrellisPlatform

/// A 64-bit little-endian ELF file read without loading it: the header and the
/// program headers from its first page, notes, and named sections, each read with
/// `pread` after its offset and size are checked against the file's length.
///
/// A plugin file is input like any other: a truncated, corrupt or hostile file is
/// a ``Failure``, never a trap, a hang or a huge allocation.
package struct ELFFile {
    /// Why the file cannot be read as an ELF library.
    package enum Failure: Error, Equatable {
        /// No file at the path.
        case missing
        /// Not a regular file, or not readable (the reason says which).
        case unreadable(String)
        /// No ELF magic, or another class or byte order than this host's.
        case notELF
        /// An ELF file whose headers point outside it or make no sense.
        case malformed(String)

        package var reason: String {
            switch self {
            case .missing: RegularFile.Failure.missing.description
            case let .unreadable(reason): reason
            case .notELF: "it is not an ELF shared library"
            case let .malformed(detail): "its ELF headers are corrupt (\(detail)); rebuild it"
            }
        }
    }

    /// Linux's `O_NOATIME`, which Glibc defines only for `_GNU_SOURCE`.
    static let noAccessTime: Int32 = 0o1000000

    /// The largest section, note segment or header table read; `.comment` and a
    /// manifest are a few kilobytes.
    static let maximumSectionSize = 1 << 20

    /// How much of the file is read at once when it is opened: the ELF header, and
    /// where linkers put them, the program headers and the notes (a plugin's
    /// manifest among them), so reading a manifest is one `pread`.
    static let headSize = 4096

    /// The open file.
    package let descriptor: Int32
    let fileSize: Int
    /// The open file's owner and mode, for the permission checks.
    package let status: stat
    /// Whether the path's last component is a symbolic link (then only
    /// ``resolvedPath`` says where the file really is).
    let isLink: Bool
    /// The file's first ``headSize`` bytes, or all of a shorter file.
    package let head: [UInt8]
    /// The ELF header's fields this reader uses, checked against the file's size.
    package let header: Header
    /// The program headers: the notes' segments are found through them.
    package let programHeaders: [UInt8]

    /// Opens `path` and reads its ELF header and program headers.
    ///
    /// Every table and loadable segment the header describes must lie inside the
    /// file, so a truncated library is refused here, not when mapping it faults.
    package init(path: String) throws(Failure) {
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
            throw .unreadable(
                errno == EACCES ? RegularFile.Failure.permissionDenied.description : String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        do {
            status = try RegularFile.status(ofOpen: descriptor)
            fileSize = Int(status.st_size)
        } catch {
            Glibc.close(descriptor)
            throw .unreadable(error.description)
        }
        do throws(Failure) {
            guard fileSize >= 64 else { throw .notELF }
            head = try Self.read(
                descriptor, offset: 0, count: min(fileSize, Self.headSize), fileSize: fileSize, what: "ELF header")
            header = try Header(head, fileSize: fileSize)
            programHeaders = try Self.bytes(
                at: header.programHeaders, from: head, descriptor: descriptor, fileSize: fileSize,
                what: "program header table")
            try Self.checkLoadableSegments(programHeaders, fileSize: fileSize)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// The open file's real path (links and `..` resolved), from `/proc/self/fd`.
    var resolvedPath: String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(PATH_MAX)) { buffer in
            let count = buffer.withMemoryRebound(to: CChar.self) {
                readlink("/proc/self/fd/\(descriptor)", $0.baseAddress!, $0.count)
            }
            return count > 0 ? String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self) : nil
        }
    }

    /// Closes the file.
    package func close() {
        Glibc.close(descriptor)
    }

    /// The ELF header's fields this reader uses, each table checked to lie inside
    /// the file.
    package struct Header {
        package let programHeaders: (offset: Int, size: Int)
        let programHeaderCount: Int
        let sectionHeadersOffset: Int
        let sectionCount: Int
        let namesIndex: Int

        package init(_ head: [UInt8], fileSize: Int) throws(Failure) {
            // `head` holds at least the 64 bytes of the header.
            guard head[0] == 0x7F, head[1] == 0x45, head[2] == 0x4C, head[3] == 0x46 else { throw .notELF }
            // ELFCLASS64, little-endian: the only kind this host runs on.
            guard head[4] == 2, head[5] == 1 else { throw .notELF }
            let fields = head.withUnsafeBytes { raw in
                (
                    programOffset: integer(raw, at: 0x20, size: 8), programEntrySize: integer(raw, at: 0x36, size: 2),
                    programCount: integer(raw, at: 0x38, size: 2), sectionOffset: integer(raw, at: 0x28, size: 8),
                    sectionEntrySize: integer(raw, at: 0x3A, size: 2), sectionCount: integer(raw, at: 0x3C, size: 2),
                    namesIndex: integer(raw, at: 0x3E, size: 2)
                )
            }
            programHeaderCount = fields.programCount
            sectionHeadersOffset = fields.sectionOffset
            sectionCount = fields.sectionCount
            namesIndex = fields.namesIndex
            if programHeaderCount > 0 {
                guard fields.programEntrySize == 56 else {
                    throw .malformed("program headers of \(fields.programEntrySize) bytes, not 56")
                }
            }
            programHeaders = (fields.programOffset, programHeaderCount * 56)
            try ELFFile.checkInside(programHeaders, fileSize: fileSize, what: "program header table")
            if sectionCount > 0 {
                guard fields.sectionEntrySize == 64 else {
                    throw .malformed("section headers of \(fields.sectionEntrySize) bytes, not 64")
                }
                guard namesIndex < sectionCount else {
                    throw .malformed("the section name table is section \(namesIndex) of \(sectionCount)")
                }
                try ELFFile.checkInside(
                    (sectionHeadersOffset, sectionCount * 64), fileSize: fileSize, what: "section header table")
            }
        }
    }

    /// The section headers and the section names, in one buffer, searched in place.
    struct SectionTable {
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

        package init(descriptor: Int32, header: Header, fileSize: Int) throws(Failure) {
            // The header's checks hold: 64-byte entries, inside the file.
            let (tableOffset, count, namesIndex) = (header.sectionHeadersOffset, header.sectionCount, header.namesIndex)
            self.count = count
            guard count > 0 else {
                (bytes, headersStart, names, namesStart, namesSize) = ([], 0, [], 0, 0)
                return
            }
            let lead = min(max(tableOffset, 0), Self.lead)
            bytes = try ELFFile.read(
                descriptor, offset: tableOffset - lead, count: count * 64 + lead, fileSize: fileSize,
                what: "section header table")
            headersStart = lead
            let (offset, size) = bytes.withUnsafeBytes { raw in
                (
                    integer(raw, at: lead + namesIndex * 64 + 24, size: 8),
                    integer(raw, at: lead + namesIndex * 64 + 32, size: 8)
                )
            }
            // A size past Int.max reads as -1: no file is that long.
            guard size >= 0 else {
                throw .malformed(
                    "the section name table lies outside the file of \(fileSize) bytes; it may be truncated")
            }
            guard size <= maximumSectionSize else { throw .malformed("the section name table has \(size) bytes") }
            let bufferStart = tableOffset - lead
            if offset >= bufferStart, offset - bufferStart <= lead - size {
                (names, namesStart, namesSize) = ([], offset - bufferStart, size)
            } else {
                names = try ELFFile.read(
                    descriptor, offset: offset, count: size, fileSize: fileSize, what: "section name table")
                (namesStart, namesSize) = (0, size)
            }
        }

        /// The offset and size of the first section called `name`.
        package func section(named name: String) -> (offset: Int, size: Int)? {
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
                                nameBytes[start + target.count] == 0
                            else { continue }
                            return (integer(raw, at: entry + 24, size: 8), integer(raw, at: entry + 32, size: 8))
                        }
                        return nil
                    }
                }
            }
        }
    }

    /// The entries of the dynamic segment this reader uses, and the loadable
    /// segments that place its addresses in the file.
    struct DynamicSection {
        package var loads: [(address: Int, offset: Int, size: Int)] = []
        var gnuHash: Int?, symbols: Int?, strings: Int?, stringsSize: Int?
        /// `DT_NEEDED`: offsets of library names in the string table.
        package var needed: [Int] = []

        /// An address in the file: inside the loadable segment that maps it.
        func fileOffset(_ address: Int?) -> Int? {
            guard let address, address >= 0 else { return nil }
            for load in loads where address >= load.address && address - load.address < load.size {
                return load.offset + (address - load.address)
            }
            return nil
        }
    }

    /// A path that opens the file this reader holds open, whatever its name
    /// names by then: what is mapped through it is what was checked.
    var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

    /// The file's SHA-256 (as `"sha256"` pins it), read through the open file, or
    /// `nil` without libcrypto or for a file over 1 GiB.
    package func sha256() -> String? {
        guard let bytes = try? contents(limit: 1 << 30) else { return nil }
        return SHA256.hex(of: bytes)
    }

    /// The whole file, read through the open file.
    ///
    /// - Throws: ``Failure/unreadable(_:)`` for a file over `limit` bytes.
    package func contents(limit: Int) throws(Failure) -> [UInt8] {
        guard fileSize <= limit else { throw .unreadable("it has \(fileSize) bytes, more than \(limit)") }
        return try Self.read(descriptor, offset: 0, count: fileSize, fileSize: fileSize, what: "file")
    }
}
