import Glibc

/// A 64-bit little-endian ELF file read without loading it: the header and the
/// program headers from its first page, notes, and named sections, each read with
/// `pread` after its offset and size are checked against the file's length.
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

    /// The largest section, note segment or header table read; `.comment` and a
    /// manifest are a few kilobytes.
    static let maximumSectionSize = 1 << 20

    /// How much of the file is read at once when it is opened: the ELF header, and
    /// where linkers put them, the program headers and the notes (a plugin's
    /// manifest among them), so reading a manifest is one `pread`.
    private static let headSize = 4096

    /// The open file.
    let descriptor: Int32
    private let fileSize: Int
    /// The open file's owner and mode, for the permission checks.
    let status: stat
    /// Whether the path's last component is a symbolic link (then only
    /// ``resolvedPath`` says where the file really is).
    let isLink: Bool
    /// The file's first ``headSize`` bytes, or all of a shorter file.
    private let head: [UInt8]
    /// The ELF header's fields this reader uses, checked against the file's size.
    private let header: Header
    /// The program headers: the notes' segments are found through them.
    private let programHeaders: [UInt8]

    /// Opens `path` and reads its ELF header and program headers.
    ///
    /// Every table and loadable segment the header describes must lie inside the
    /// file, so a truncated library is refused here, not when mapping it faults.
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
    func close() {
        Glibc.close(descriptor)
    }

    /// The description of the first note from `owner` of `type`, or `nil` if the
    /// file's note segments hold none. Notes sit in the file's first page, where
    /// linkers put them, so this usually reads nothing more.
    func note(owner: String, type: Int) throws(Failure) -> [UInt8]? {
        let wanted = Array(owner.utf8) + [0]
        for index in 0..<header.programHeaderCount {
            let entry = index * 56
            let fields = programHeaders.withUnsafeBytes { raw in
                (
                    Self.integer(raw, at: entry, size: 4), Self.integer(raw, at: entry + 8, size: 8),
                    Self.integer(raw, at: entry + 32, size: 8), Self.integer(raw, at: entry + 48, size: 8)
                )
            }
            let (kind, offset, size, alignment) = fields
            // PT_NOTE.
            guard kind == 4 else { continue }
            let notes = try Self.bytes(
                at: (offset, size), from: head, descriptor: descriptor, fileSize: fileSize, what: "note segment")
            // Notes are padded to their segment's alignment; a linker that puts
            // 4-aligned notes in an 8-aligned segment (beside a GNU property note)
            // leaves them padded to 4, so the other alignment is tried too. Only a
            // walk with the segment's own alignment calls the segment corrupt.
            let alignments = alignment == 8 ? [8, 4] : [4, 8]
            var failure: Failure?
            for candidate in alignments {
                do throws(Failure) {
                    if let found = try Self.note(in: notes, owner: wanted, type: type, alignment: candidate) {
                        return found
                    }
                } catch {
                    if candidate == alignments[0] { failure = error }
                }
            }
            if let failure { throw failure }
        }
        return nil
    }

    /// The description of the note from `owner` (with its terminating zero) of
    /// `type` among `notes`: each a size of name, a size of description and a type,
    /// then the name and the description, each ending on a multiple of `alignment`
    /// from the note's start (as binutils reads them).
    private static func note(in notes: [UInt8], owner: [UInt8], type: Int, alignment: Int) throws(Failure) -> [UInt8]? {
        func padded(_ size: Int) -> Int { (size + alignment - 1) / alignment * alignment }
        var start = 0
        while notes.count - start >= 12 {
            let (nameSize, descriptionSize, noteType) = notes.withUnsafeBytes { raw in
                (
                    integer(raw, at: start, size: 4), integer(raw, at: start + 4, size: 4),
                    integer(raw, at: start + 8, size: 4)
                )
            }
            // Sizes of at most 4 GiB each, so the sums cannot overflow.
            let nameStart = start + 12
            let descriptionStart = start + padded(12 + nameSize)
            guard descriptionStart + descriptionSize <= notes.count else {
                throw .malformed("a note of \(descriptionSize) bytes lies outside its segment of \(notes.count) bytes")
            }
            if noteType == type, nameSize == owner.count, notes[nameStart..<nameStart + nameSize].elementsEqual(owner) {
                return Array(notes[descriptionStart..<descriptionStart + descriptionSize])
            }
            start += padded(descriptionStart - start + descriptionSize)
        }
        return nil
    }

    /// The bytes of the first section called `name`, or `nil` if there is none.
    func section(named name: String) throws(Failure) -> [UInt8]? {
        guard
            let (offset, size) = try SectionTable(descriptor: descriptor, header: header, fileSize: fileSize).section(
                named: name)
        else {
            return nil
        }
        guard size <= Self.maximumSectionSize else {
            throw .malformed("section \(name) has \(size) bytes, more than \(Self.maximumSectionSize)")
        }
        return try Self.read(descriptor, offset: offset, count: size, fileSize: fileSize, what: name)
    }

    /// The ELF header's fields this reader uses, each table checked to lie inside
    /// the file.
    private struct Header {
        let programHeaders: (offset: Int, size: Int)
        let programHeaderCount: Int
        let sectionHeadersOffset: Int
        let sectionCount: Int
        let namesIndex: Int

        init(_ head: [UInt8], fileSize: Int) throws(Failure) {
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

    /// Refuses a loadable segment that lies outside the file: mapping it would
    /// fault on the first touch past the end, in the middle of `dlopen`.
    private static func checkLoadableSegments(_ programHeaders: [UInt8], fileSize: Int) throws(Failure) {
        for entry in stride(from: 0, to: programHeaders.count, by: 56) {
            let (kind, offset, size) = programHeaders.withUnsafeBytes { raw in
                (
                    integer(raw, at: entry, size: 4), integer(raw, at: entry + 8, size: 8),
                    integer(raw, at: entry + 32, size: 8)
                )
            }
            // PT_LOAD.
            if kind == 1 { try checkInside((offset, size), fileSize: fileSize, what: "loadable segment") }
        }
    }

    /// Refuses a range that is not inside the file.
    private static func checkInside(_ range: (offset: Int, size: Int), fileSize: Int, what: String) throws(Failure) {
        // Values past Int.max read as -1, which these refuse.
        guard range.offset >= 0, range.size >= 0, range.size <= fileSize, range.offset <= fileSize - range.size else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
    }

    /// The bytes of `range`: from `head` when they are in it, else read.
    private static func bytes(
        at range: (offset: Int, size: Int), from head: [UInt8], descriptor: Int32, fileSize: Int,
        what: String
    ) throws(Failure) -> [UInt8] {
        try checkInside(range, fileSize: fileSize, what: what)
        guard range.size <= maximumSectionSize else { throw .malformed("the \(what) has \(range.size) bytes") }
        if range.offset <= head.count - range.size { return Array(head[range.offset..<range.offset + range.size]) }
        return try read(descriptor, offset: range.offset, count: range.size, fileSize: fileSize, what: what)
    }

    /// The section headers and the section names, in one buffer, searched in place.
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

        init(descriptor: Int32, header: Header, fileSize: Int) throws(Failure) {
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

    /// `count` bytes at `offset`, after checking both against the file's size.
    private static func read(_ descriptor: Int32, offset: Int, count: Int, fileSize: Int, what: String) throws(Failure)
        -> [UInt8]
    {
        guard count >= 0, count <= fileSize else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(Failure) {
                try read(
                    descriptor, into: UnsafeMutableRawBufferPointer(buffer), offset: offset, fileSize: fileSize,
                    what: what)
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
    private static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, offset: Int, fileSize: Int,
        what: String
    ) throws(Failure) {
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
        case 1: Int(raw[offset])
        case 2: Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        default: Int(exactly: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) ?? -1
        }
    }

    /// Whether the file's dynamic symbol table defines `name` as a global or weak
    /// symbol: what `dlsym` would find, read without loading the file. Through the
    /// dynamic segment and its GNU hash table: a handful of small reads, not the
    /// whole table. `nil` when the file has no GNU hash table to say.
    func definesDynamicSymbol(_ name: String) throws(Failure) -> Bool? {
        guard let dynamic = try dynamicSection() else { return nil }
        guard let hashTable = dynamic.fileOffset(dynamic.gnuHash) else { return nil }
        guard let symbolTable = dynamic.fileOffset(dynamic.symbols),
            let stringTable = dynamic.fileOffset(dynamic.strings),
            let stringsSize = dynamic.stringsSize, stringsSize >= 0
        else {
            throw .malformed("its dynamic segment names no symbol or string table")
        }
        func word(at offset: Int, what: String) throws(Failure) -> Int {
            let bytes = try Self.read(descriptor, offset: offset, count: 4, fileSize: fileSize, what: what)
            return bytes.withUnsafeBytes { Self.integer($0, at: 0, size: 4) }
        }
        let header = try Self.read(descriptor, offset: hashTable, count: 16, fileSize: fileSize, what: "GNU hash table")
        let (bucketCount, firstSymbol, bloomWords) = header.withUnsafeBytes { raw in
            (Self.integer(raw, at: 0, size: 4), Self.integer(raw, at: 4, size: 4), Self.integer(raw, at: 8, size: 4))
        }
        guard bucketCount > 0, bucketCount < 1 << 24, bloomWords < 1 << 24 else {
            throw .malformed("its GNU hash table is corrupt")
        }
        var hash: UInt32 = 5381
        for byte in name.utf8 { hash = hash &* 33 &+ UInt32(byte) }
        let buckets = hashTable + 16 + bloomWords * 8
        let chains = buckets + bucketCount * 4
        var index = try word(at: buckets + Int(hash % UInt32(bucketCount)) * 4, what: "GNU hash table")
        guard index != 0 else { return false }
        guard index >= firstSymbol else { throw .malformed("its GNU hash table is corrupt") }
        let wanted = Array(name.utf8) + [0]
        // A chain ends at a value with its lowest bit set; a corrupt one is cut off.
        for _ in 0..<(1 << 16) {
            let chain = try word(at: chains + (index - firstSymbol) * 4, what: "GNU hash table")
            if UInt32(truncatingIfNeeded: chain) | 1 == hash | 1 {
                let symbol = try Self.read(
                    descriptor, offset: symbolTable + index * 24, count: 24, fileSize: fileSize, what: "symbol table")
                let (nameOffset, info, section) = symbol.withUnsafeBytes { raw in
                    (
                        Self.integer(raw, at: 0, size: 4), Self.integer(raw, at: 4, size: 1),
                        Self.integer(raw, at: 6, size: 2)
                    )
                }
                let binding = info >> 4
                if section != 0, binding == 1 || binding == 2, nameOffset <= stringsSize - wanted.count {
                    let found = try Self.read(
                        descriptor, offset: stringTable + nameOffset, count: wanted.count, fileSize: fileSize,
                        what: "string table")
                    if found == wanted { return true }
                }
            }
            if chain & 1 != 0 { return false }
            index += 1
        }
        throw .malformed("its GNU hash table is corrupt")
    }

    /// The names of the libraries the file links (its `DT_NEEDED` entries), as
    /// the dynamic loader will look them up; empty for a file that links none.
    func neededLibraries() throws(Failure) -> [String] {
        guard let dynamic = try dynamicSection() else { return [] }
        guard !dynamic.needed.isEmpty else { return [] }
        guard let stringTable = dynamic.fileOffset(dynamic.strings), let stringsSize = dynamic.stringsSize,
            stringsSize >= 0
        else {
            throw .malformed("its dynamic segment names no string table")
        }
        // The names sit together near the table's start, where linkers put them:
        // one read from the first to 256 bytes past the last (a library's name is
        // a file name: more than 255 bytes is no name).
        let offsets = dynamic.needed.prefix(256)
        guard let first = offsets.min(), let last = offsets.max(), first >= 0, last < stringsSize else {
            throw .malformed("a needed library's name lies outside its string table")
        }
        let end = min(stringsSize, last + 256)
        guard end - first <= Self.maximumSectionSize else {
            throw .malformed("its needed libraries' names are spread too far apart")
        }
        let names = try Self.read(
            descriptor, offset: stringTable + first, count: end - first, fileSize: fileSize, what: "string table")
        return try offsets.map { (offset) throws(Failure) -> String in
            let start = offset - first
            guard let terminator = names[start...].prefix(256).firstIndex(of: 0) else {
                throw .malformed("a needed library's name is not terminated")
            }
            return String(decoding: names[start..<terminator], as: UTF8.self)
        }
    }

    /// The entries of the dynamic segment this reader uses, and the loadable
    /// segments that place its addresses in the file.
    private struct DynamicSection {
        var loads: [(address: Int, offset: Int, size: Int)] = []
        var gnuHash: Int?, symbols: Int?, strings: Int?, stringsSize: Int?
        /// `DT_NEEDED`: offsets of library names in the string table.
        var needed: [Int] = []

        /// An address in the file: inside the loadable segment that maps it.
        func fileOffset(_ address: Int?) -> Int? {
            guard let address, address >= 0 else { return nil }
            for load in loads where address >= load.address && address - load.address < load.size {
                return load.offset + (address - load.address)
            }
            return nil
        }
    }

    /// The file's dynamic segment, or `nil` when it has none.
    private func dynamicSection() throws(Failure) -> DynamicSection? {
        var section = DynamicSection()
        var dynamicRange: (offset: Int, size: Int)?
        for entry in stride(from: 0, to: programHeaders.count, by: 56) {
            let (kind, offset, address, size) = programHeaders.withUnsafeBytes { raw in
                (
                    Self.integer(raw, at: entry, size: 4), Self.integer(raw, at: entry + 8, size: 8),
                    Self.integer(raw, at: entry + 16, size: 8), Self.integer(raw, at: entry + 32, size: 8)
                )
            }
            // PT_LOAD and PT_DYNAMIC.
            if kind == 1, address >= 0, offset >= 0, size >= 0 { section.loads.append((address, offset, size)) }
            if kind == 2 { dynamicRange = (offset, size) }
        }
        guard let dynamicRange else { return nil }
        let dynamic = try Self.bytes(
            at: dynamicRange, from: head, descriptor: descriptor, fileSize: fileSize, what: "dynamic segment")
        for entry in stride(from: 0, to: dynamic.count - 15, by: 16) {
            let (tag, value) = dynamic.withUnsafeBytes { raw in
                (Self.integer(raw, at: entry, size: 8), Self.integer(raw, at: entry + 8, size: 8))
            }
            switch tag {
            case 0: return section
            case 1: section.needed.append(value)
            case 0x6FFF_FEF5: section.gnuHash = value
            case 6: section.symbols = value
            case 5: section.strings = value
            case 10: section.stringsSize = value
            default: continue
            }
        }
        return section
    }

    /// A path that opens the file this reader holds open, whatever its name
    /// names by then: what is mapped through it is what was checked.
    var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

    /// The file's SHA-256 (as `"sha256"` pins it), read through the open file, or
    /// `nil` without libcrypto or for a file over 1 GiB.
    func sha256() -> String? {
        guard let bytes = try? contents(limit: 1 << 30) else { return nil }
        return SHA256.hex(of: bytes)
    }

    /// The whole file, read through the open file.
    ///
    /// - Throws: ``Failure/unreadable(_:)`` for a file over `limit` bytes.
    func contents(limit: Int) throws(Failure) -> [UInt8] {
        guard fileSize <= limit else { throw .unreadable("it has \(fileSize) bytes, more than \(limit)") }
        return try Self.read(descriptor, offset: 0, count: fileSize, fileSize: fileSize, what: "file")
    }
}
