import Foundation

/// Which build, debug or release, a host or a plugin file is from: a plugin
/// must be built as the host was (the runtime's checks differ).
package enum BuildConfiguration {
    /// `debug` or `release` for a file in a SwiftPM build folder of that name
    /// (`.build/release/libX.so`), else `nil`.
    nonisolated package static func of(path: String) -> String? {
        // The folder's name, between the last two slashes: no array of components,
        // since this runs for every route before the first frame.
        let bytes = path.utf8
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let start = bytes[..<last].lastIndex(of: UInt8(ascii: "/")).map(bytes.index(after:)) ?? bytes.startIndex
        let folder = path[start..<last]
        return folder == "debug" || folder == "release" ? String(folder) : nil
    }

    /// This host's build configuration, found once.
    nonisolated package static let host = of(
        path: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)
}
