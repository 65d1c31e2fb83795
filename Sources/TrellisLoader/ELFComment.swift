import Glibc

/// Reads the `.comment` section of an ELF file without loading it.
///
/// Each object file records the compiler that made it there; a Swift image carries
/// the Swift toolchain's clang line with its llvm-project commit, which tells two
/// toolchains apart before any plugin code runs (Docs/PluginSystem.md).
package enum ELFComment {
    /// The compiler line of the Swift toolchain in `.comment`, or `nil` when the
    /// section is missing or names no Swift toolchain.
    ///
    /// Reads only the file's first page (the ELF header), the section headers, the
    /// section names and the section itself, so the check costs a few small reads
    /// whatever the file's size.
    package static func swiftToolchain(ofFileAt path: String) throws(ELFFile.Failure) -> String? {
        let file = try ELFFile(path: path)
        defer { file.close() }
        return try swiftToolchain(in: file)
    }

    package static func swiftToolchain(in file: ELFFile) throws(ELFFile.Failure) -> String? {
        guard let comment = try file.section(named: ".comment") else { return nil }
        // Searched as bytes, entry by entry without copying: String's Foundation
        // `contains` goes through NSString. This runs once per plugin at start-up.
        var start = comment.startIndex
        while start < comment.endIndex {
            let end = comment[start...].firstIndex(of: 0) ?? comment.endIndex
            let entry = comment[start..<end]
            if occurs(swiftlang, in: entry) || occurs(swift, in: entry) {
                return String(decoding: entry, as: UTF8.self)
            }
            start = end + 1
        }
        return nil
    }

    private static let swiftlang = Array("swiftlang".utf8)
    private static let swift = Array("Swift".utf8)

    private static func occurs(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { text in
            needle.withUnsafeBytes { pattern in
                (0...(text.count - pattern.count)).contains { start in
                    text[start] == pattern[0]
                        && memcmp(text.baseAddress! + start, pattern.baseAddress!, pattern.count) == 0
                }
            }
        }
    }
}
