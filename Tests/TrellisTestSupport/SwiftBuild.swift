import Foundation

/// Builds a Swift package with the toolchain on the PATH, as a plugin author would.
public enum SwiftBuild {
    /// Runs `swift build` in `package` and waits.
    ///
    /// - Returns: How the build ended, with its output.
    public static func run(package: URL, arguments: [String] = []) throws -> ProcessResult {
        try TrellisProcess.run(["swift", "build", "--package-path", package.path] + arguments,
                               in: package, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// A build that failed, with what it printed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Copies `Examples/NAME` into `folder` and builds it there with `swift build`.
    ///
    /// - Returns: The copied package.
    /// - Throws: ``Failure`` with the build's output if it fails.
    public static func buildExample(_ name: String, in folder: URL) throws -> URL {
        let package = folder.appendingPathComponent(name)
        try copyExample(Products.repository.appendingPathComponent("Examples/\(name)"), to: package)
        let build = try run(package: package)
        guard build.status == 0 else { throw Failure(description: "swift build of \(name) failed:\n\(build.stdout)\(build.stderr)") }
        return package
    }

    /// Copies the example package at `source` into `destination`, leaving out its
    /// build folder and pointing its SDK dependency at this repository's SDK.
    /// - Parameter sdk: The SDK package to depend on; this repository's unless given.
    public static func copyExample(_ source: URL, to destination: URL, sdk: URL = Products.repository.appendingPathComponent("SDK")) throws {
        let files = FileManager.default
        try files.copyItem(at: source, to: destination)
        try? files.removeItem(at: destination.appendingPathComponent(".build"))
        // The package's manifest, and those of packages inside it, reach the SDK
        // by a relative path (`../../SDK`, `../../../SDK`).
        let manifests = (files.enumerator(at: destination, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.lastPathComponent == "Package.swift" }
        for manifest in manifests {
            let text = try String(contentsOf: manifest, encoding: .utf8)
                .replacingOccurrences(of: #""(\.\./)+SDK""#, with: "\"\(sdk.path)\"", options: .regularExpression)
            try text.write(to: manifest, atomically: true, encoding: .utf8)
        }
    }
}
