/// Reads the `.comment` section of an ELF file without loading it.
///
/// Each object file records the compiler that made it there; a Swift image carries
/// the Swift toolchain's clang line with its llvm-project commit, which tells two
/// toolchains apart before any plugin code runs (Docs/PluginSystem.md).
enum ELFComment {
    /// The compiler line of the Swift toolchain in `.comment`, or `nil` when the
    /// section is missing or names no Swift toolchain.
    ///
    /// Reads only the ELF header, the section headers, the section names and the
    /// section itself, so the check costs a few small reads whatever the file's size.
    static func swiftToolchain(ofFileAt path: String) throws(ELFFile.Failure) -> String? {
        let file = try ELFFile(path: path)
        defer { file.close() }
        return try swiftToolchain(in: file)
    }

    static func swiftToolchain(in file: ELFFile) throws(ELFFile.Failure) -> String? {
        guard let comment = try file.section(named: ".comment") else { return nil }
        // Searched as bytes: String's Foundation `contains` goes through NSString,
        // and the generic `firstRange(of:)` is slower still. This runs per plugin.
        let swiftMarks = [Array("swiftlang".utf8), Array("Swift".utf8)]
        let entry = comment.split(separator: 0).first { entry in swiftMarks.contains { occurs($0, in: entry) } }
        return entry.map { String(decoding: $0, as: UTF8.self) }
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
}
