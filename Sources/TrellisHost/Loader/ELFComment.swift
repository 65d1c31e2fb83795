import Glibc

/// Reads the `.comment` section of an ELF file without loading it.
///
/// Each object file records the compiler that made it there; a Swift image carries
/// the Swift toolchain's clang line with its llvm-project commit, which tells two
/// toolchains apart before any plugin code runs (Docs/PluginSystem.md).
enum ELFComment {
    enum Failure: Error, Equatable {
        case notELF
        case truncated
    }

    /// The compiler line of the Swift toolchain in `.comment`, or `nil` when the
    /// section is missing or names no Swift toolchain.
    ///
    /// Reads only the ELF header, the section headers, the section names and the
    /// section itself, so the check costs a few small reads whatever the file's size.
    static func swiftToolchain(ofFileAt path: String) throws(Failure) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .truncated }
        defer { close(descriptor) }
        return try swiftToolchain { offset, count throws(Failure) in
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            guard read == count else { throw .truncated }
            return bytes
        }
    }

    private static func swiftToolchain(reading read: (Int, Int) throws(Failure) -> [UInt8]) throws(Failure) -> String? {
        let header: [UInt8]
        do { header = try read(0, 64) } catch { throw .notELF }
        guard header[0..<4] == [0x7F, 0x45, 0x4C, 0x46] else { throw .notELF }
        // ELFCLASS64, little-endian: the only kind this host runs on.
        guard header[4] == 2, header[5] == 1 else { throw .notELF }
        let sectionTable = integer(header, at: 0x28, size: 8)
        let entrySize = integer(header, at: 0x3A, size: 2)
        let count = integer(header, at: 0x3C, size: 2)
        let namesIndex = integer(header, at: 0x3E, size: 2)
        guard count > 0, namesIndex < count, entrySize >= 40 else { return nil }
        let table = try read(sectionTable, count * entrySize)
        func section(_ index: Int) -> (name: Int, offset: Int, size: Int) {
            let start = index * entrySize
            return (integer(table, at: start, size: 4), integer(table, at: start + 24, size: 8), integer(table, at: start + 32, size: 8))
        }
        let names = section(namesIndex)
        let nameBytes = try read(names.offset, names.size)
        // Compared as bytes: this runs for every plugin at start-up.
        let wanted: [UInt8] = Array(".comment".utf8) + [0]
        for index in 0..<count {
            let candidate = section(index)
            guard candidate.name + wanted.count <= nameBytes.count,
                  nameBytes[candidate.name..<candidate.name + wanted.count].elementsEqual(wanted) else { continue }
            // Searched as bytes too: String's Foundation `contains` goes through
            // NSString, and the generic `firstRange(of:)` is slower still.
            let swiftMarks = [Array("swiftlang".utf8), Array("Swift".utf8)]
            let entry = try read(candidate.offset, candidate.size).split(separator: 0).first { entry in
                swiftMarks.contains { occurs($0, in: entry) }
            }
            return entry.map { String(decoding: $0, as: UTF8.self) }
        }
        return nil
    }

    private static func occurs(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var start = haystack.startIndex
        while start + needle.count <= haystack.endIndex {
            var matched = 0
            while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
            start += 1
        }
        return false
    }

    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return Int(truncatingIfNeeded: value)
    }
}
