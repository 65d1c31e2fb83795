import Foundation

/// Where the build put the products the tests run: the `trellis` binary and the
/// plugin libraries, next to the test executable.
public enum Products {
    /// The products folder of the build that made this test executable.
    public static let directory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // On Linux the tests run as `<products>/TrellisPackageTests.xctest`; a
        // bundle layout puts the executable deeper.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("trellis").path),
            folder.pathComponents.count > 1
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// The `trellis` executable.
    public static var trellis: URL { directory.appendingPathComponent("trellis") }

    /// The library of a bundled plugin, `lib<name>.so`.
    public static func plugin(_ name: String) -> URL {
        directory.appendingPathComponent("lib\(name).so")
    }

    /// The repository's top folder.
    public static let repository: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
            || folder.lastPathComponent == "SDK"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()
}
