internal import Glibc

/// A plugin's own files, found beside its library: the folder SwiftPM copies a
/// target's `resources` to (`<Package>_<Target>.resources`), in a build folder and
/// in an install made by `Scripts/install` alike.
///
/// Use it instead of `Bundle.module`, which looks beside the host executable and
/// then at the build folder's absolute path, and traps when neither has the files:
///
/// ```swift
/// guard let path = PluginResources(of: AirportService.self, target: "AirportSearch").path(of: "airports.tsv") else {
///     throw AirportDataError(...)   // shown in the plugin's screen
/// }
/// ```
public struct PluginResources: Sendable {
    /// The resource folder's path, or `nil` if the library has none beside it.
    public let folder: String?
    /// The path of the library the resources belong to, if it was found.
    public let library: String?

    /// The resources of the plugin whose library defines `type`, a class of the
    /// plugin's own, built from the SwiftPM target `target`.
    public init(of type: AnyClass, target: String) {
        let address = UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))
        guard let library = Self.image(containing: address) else {
            (self.library, folder) = (nil, nil)
            return
        }
        self.library = library
        let directory = library.lastIndex(of: "/").map { String(library[..<$0]) } ?? "."
        folder = Self.entry(in: directory, endingWith: "_\(target).resources").map { directory + "/" + $0 }
    }

    /// The file mapped at `address`, from `/proc/self/maps` (`dladdr` is a GNU
    /// extension the Glibc module leaves out).
    private static func image(containing address: UInt) -> String? {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let line {
            // start-end perms offset device inode path
            let fields = String(cString: line).split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                let start = UInt(fields[0][..<dash], radix: 16),
                let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                (start..<end).contains(address)
            else { continue }
            let path = fields[5].trimmingCharacters(while: { $0 == " " || $0 == "\n" })
            return path.hasPrefix("/") ? path : nil
        }
        return nil
    }

    /// The path of the file `name` in the resource folder, if it is there.
    public func path(of name: String) -> String? {
        guard let folder, !name.split(separator: "/").contains("..") else { return nil }
        let path = folder + "/" + name
        return access(path, R_OK) == 0 ? path : nil
    }

    /// The first entry of `directory` whose name ends with `suffix`.
    private static func entry(in directory: String, endingWith suffix: String) -> String? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(suffix) { return name }
        }
        return nil
    }
}

extension Substring {
    /// The text without leading and trailing characters that match `trimmed`.
    fileprivate func trimmingCharacters(while trimmed: (Character) -> Bool) -> String {
        String(drop(while: trimmed).reversed().drop(while: trimmed).reversed())
    }
}
