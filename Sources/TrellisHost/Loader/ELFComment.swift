import Foundation

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

    /// The compiler lines of the Swift toolchain in `.comment`, or `nil` when the
    /// section is missing or names no Swift toolchain.
    static func swiftToolchain(ofFileAt path: String) throws(Failure) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { throw .truncated }
        return try swiftToolchain(in: [UInt8](data))
    }

    static func swiftToolchain(in bytes: [UInt8]) throws(Failure) -> String? {
        guard bytes.count >= 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46] else { throw .notELF }
        // ELFCLASS64, little-endian: the only kind this host runs on.
        guard bytes[4] == 2, bytes[5] == 1 else { throw .notELF }
        let sectionTable = Int(try read(bytes, at: 0x28, size: 8))
        let entrySize = Int(try read(bytes, at: 0x3A, size: 2))
        let count = Int(try read(bytes, at: 0x3C, size: 2))
        let namesIndex = Int(try read(bytes, at: 0x3E, size: 2))
        func section(_ index: Int) throws(Failure) -> (name: Int, offset: Int, size: Int) {
            let header = sectionTable + index * entrySize
            return (Int(try read(bytes, at: header, size: 4)),
                    Int(try read(bytes, at: header + 24, size: 8)),
                    Int(try read(bytes, at: header + 32, size: 8)))
        }
        guard count > 0, namesIndex < count else { return nil }
        let names = try section(namesIndex)
        for index in 0..<count {
            let candidate = try section(index)
            guard try string(bytes, at: names.offset + candidate.name) == ".comment" else { continue }
            guard candidate.offset + candidate.size <= bytes.count else { throw .truncated }
            let entries = bytes[candidate.offset..<candidate.offset + candidate.size]
                .split(separator: 0)
                .map { String(decoding: $0, as: UTF8.self) }
            return entries.first { $0.contains("swiftlang") || $0.contains("Swift") }
        }
        return nil
    }

    private static func read(_ bytes: [UInt8], at offset: Int, size: Int) throws(Failure) -> UInt64 {
        guard offset >= 0, offset + size <= bytes.count else { throw .truncated }
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    private static func string(_ bytes: [UInt8], at offset: Int) throws(Failure) -> String {
        guard offset < bytes.count else { throw .truncated }
        let end = bytes[offset...].firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}
