import Foundation

/// Builds a Swift package with the toolchain on the PATH, as a plugin author would.
public enum SwiftBuild {
    /// Runs `swift build` in `package` and waits (``swift(_:in:)``).
    ///
    /// - Returns: How the build ended, with its output.
    public static func run(package: URL, arguments: [String] = []) throws -> ProcessResult {
        try swift(["build"] + arguments, in: package)
    }

    /// Runs `swift ARGUMENTS` (`build`, `test`) in `package` and waits, under
    /// ``timeLimit``. A run whose tool crashed (SwiftPM has, in libdispatch, on a
    /// loaded machine, before compiling anything) runs once more; the crash's
    /// output stays in the result.
    ///
    /// - Returns: How the command ended, with its output.
    public static func swift(_ arguments: [String], in package: URL) throws -> ProcessResult {
        func once() throws -> ProcessResult {
            try TrellisProcess.run(
                ["swift"] + arguments + ["--package-path", package.path],
                in: package, executable: URL(fileURLWithPath: "/usr/bin/env"), timeLimit: timeLimit)
        }
        let first = try once()
        guard first.status != 0, toolCrashed(first) else { return first }
        var again = try once()
        again.stderr =
            "(swift \(arguments[0]) crashed once, and ran again; the crash:)\n\(first.stderr)\n" + again.stderr
        return again
    }

    /// ``swift(_:in:)``, waited for on a thread of its own (``blocking(_:)``).
    public static func swift(_ arguments: [String], in package: URL) async throws -> ProcessResult {
        try await blocking { try swift(arguments, in: package) }
    }

    /// Whether a build ended because the toolchain's own tool crashed: the Swift
    /// runtime's backtracer says so in its first line.
    static func toolCrashed(_ result: ProcessResult) -> Bool {
        (result.stdout + result.stderr).contains("*** Program crashed:")
    }

    /// How long one build may take: long enough for a cold build of the whole
    /// repository on a loaded two-core machine; a build ended at it says so.
    public static let timeLimit: TimeInterval = 20 * 60

    /// ``run(package:arguments:)``, waited for on a thread of its own (``blocking(_:)``).
    public static func run(package: URL, arguments: [String] = []) async throws -> ProcessResult {
        try await blocking { try run(package: package, arguments: arguments) }
    }

    /// ``buildExample(_:in:)``, waited for on a thread of its own (``blocking(_:)``).
    public static func buildExample(_ name: String, in folder: URL) async throws -> URL {
        try await blocking { try buildExample(name, in: folder) }
    }

    /// ``sharedExample(_:)``, waited for on a thread of its own (``blocking(_:)``).
    public static func sharedExample(_ name: String) async throws -> URL {
        try await blocking { try sharedExample(name) }
    }

    private static let shared = SharedBuilds()

    /// `Examples/NAME`, copied and built once per test run and shared by the tests
    /// that only run it: never edit what this returns.
    ///
    /// - Returns: The built package.
    public static func sharedExample(_ name: String) throws -> URL {
        try shared.package(name) { folder in try buildExample(name, in: folder) }
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
        guard build.status == 0 else {
            throw Failure(description: "swift build of \(name) failed:\n\(build.stdout)\(build.stderr)")
        }
        return package
    }

    /// Copies the example package at `source` into `destination`, leaving out its
    /// build folder and pointing its SDK dependency at this repository's SDK.
    /// - Parameter sdk: The SDK package to depend on; this repository's unless given.
    public static func copyExample(
        _ source: URL, to destination: URL, sdk: URL = Products.repository.appendingPathComponent("SDK")
    ) throws {
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

/// Packages built once per test process, each in a folder of its own that lasts
/// until the process ends. A test that asks for one another test is building waits
/// for that build instead of starting its own.
private final class SharedBuilds: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [String: Result<URL, any Error>] = [:]
    private var folders: [TemporaryFolder] = []

    func package(_ key: String, build: (URL) throws -> URL) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let result = built[key] { return try result.get() }
        let result = Result { () throws -> URL in
            let folder = try TemporaryFolder()
            folders.append(folder)
            return try build(folder.url)
        }
        built[key] = result
        return try result.get()
    }
}
