import Foundation
import Glibc

extension ELFFile {
    /// Whether the file's dynamic symbol table defines `name` as a global or weak
    /// symbol: what `dlsym` would find, read without loading the file. Through the
    /// dynamic segment and its GNU hash table: a handful of small reads, not the
    /// whole table. `nil` when the file has no GNU hash table to say.
    package func definesDynamicSymbol(_ name: String) throws(Failure) -> Bool? {
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

    /// The file's dynamic segment, or `nil` when it has none.
    func dynamicSection() throws(Failure) -> DynamicSection? {
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
}
