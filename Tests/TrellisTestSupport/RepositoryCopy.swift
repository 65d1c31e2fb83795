import Foundation

/// A copy of this repository's sources in a folder of a test's, to change and build
/// there: the SDK changed as a later release would change it, say.
public struct RepositoryCopy: Sendable {
    /// The copy's top folder.
    public let url: URL

    /// What a build of the repository needs, and the scripts.
    private static let items = [
        "Package.swift", "Sources", "BuildPlugins", "SDK", "Contracts", "Plugins", "Tests", "Examples", "Scripts",
        "config.json",
    ]

    /// Copies the repository's sources, without any build folder, into `folder/name`.
    public init(in folder: URL, name: String) throws {
        url = folder.appendingPathComponent(name)
        let files = FileManager.default
        try files.createDirectory(at: url, withIntermediateDirectories: true)
        for item in Self.items {
            try files.copyItem(
                at: Products.repository.appendingPathComponent(item), to: url.appendingPathComponent(item))
        }
        let builds = (files.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.lastPathComponent == ".build" }
        for build in builds { try? files.removeItem(at: build) }
    }

    /// A tree of the repository that is there already (`git archive` of a commit).
    public init(existingAt url: URL) {
        self.url = url
    }

    /// The copy's SDK package.
    public var sdk: URL { url.appendingPathComponent("SDK") }

    /// The copy's products folder, once built.
    public var products: URL { url.appendingPathComponent(".build/debug") }

    /// Replaces the first `old` in the copy's file at `path` with `new`.
    ///
    /// - Throws: ``SwiftBuild/Failure`` if the file does not hold `old`.
    public func edit(_ path: String, replacing old: String, with new: String) throws {
        let file = url.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let range = text.range(of: old) else {
            throw SwiftBuild.Failure(
                description: "\(path) does not hold \(old.debugDescription): the test's edit is out of date")
        }
        try text.replacingCharacters(in: range, with: new).write(to: file, atomically: true, encoding: .utf8)
        // A file edited within a second of the last build can be missed (PLUGIN-FACTS §10).
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(2)], ofItemAtPath: file.path)
    }

    /// Writes `version` into the copy's `SDK/VERSION`.
    public func setSDKVersion(_ version: String) throws {
        let file = sdk.appendingPathComponent("VERSION")
        try (version + "\n").write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(2)], ofItemAtPath: file.path)
    }

    /// Builds `products` in the copy, one `swift build` each.
    ///
    /// - Throws: ``SwiftBuild/Failure`` with the build's output if one fails.
    public func build(_ products: [String]) throws {
        for product in products {
            let result = try SwiftBuild.run(package: url, arguments: ["--product", product])
            guard result.status == 0 else {
                throw SwiftBuild.Failure(
                    description:
                        "swift build --product \(product) in \(url.path) failed:\n\(result.stdout)\(result.stderr)")
            }
        }
    }
}

extension RepositoryCopy {
    /// ``build(_:)``, waited for on a thread of its own (``blocking(_:)``).
    public func build(_ products: [String]) async throws {
        let copy = self
        try await blocking { try copy.build(products) }
    }
}

/// The repository's git history, for the releases `SDK/RELEASES` names.
public enum Git {
    /// ``archive(_:into:)``, waited for on a thread of its own (``blocking(_:)``).
    public static func archive(_ commit: String, into folder: URL) async throws {
        try await blocking { try archive(commit, into: folder) }
    }

    /// Runs `git` in the repository.
    public static func run(_ arguments: [String]) throws -> ProcessResult {
        try TrellisProcess.run(
            ["git", "-C", Products.repository.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// Whether the repository has `commit`: a shallow clone may not.
    public static func has(commit: String) -> Bool {
        (try? run(["cat-file", "-e", "\(commit)^{commit}"]).status) == 0
    }

    /// The tree at `commit`, written into `folder` with `git archive`.
    public static func archive(_ commit: String, into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tarball = folder.appendingPathComponent("tree.tar")
        let archived = try run(["archive", "--format=tar", "-o", tarball.path, commit])
        guard archived.status == 0 else {
            throw SwiftBuild.Failure(description: "git archive \(commit) failed: \(archived.stderr)")
        }
        let unpacked = try TrellisProcess.run(
            ["tar", "-x", "-f", tarball.path, "-C", folder.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard unpacked.status == 0 else {
            throw SwiftBuild.Failure(description: "tar -x of \(commit) failed: \(unpacked.stderr)")
        }
        try FileManager.default.removeItem(at: tarball)
    }
}

/// The SDK's releases, from `SDK/RELEASES`: a `VERSION COMMIT` line each.
public enum SDKReleases {
    /// One release: its version, and the commit on `main` it was made from.
    public struct Release: Sendable, CustomStringConvertible {
        public var version: String
        public var commit: String
        public var description: String { "\(version) (\(commit.prefix(12)))" }
    }

    /// Every release listed, oldest first.
    public static var all: [Release] {
        let text =
            (try? String(contentsOf: Products.repository.appendingPathComponent("SDK/RELEASES"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, !line.hasPrefix("#") else { return nil }
            return Release(version: String(fields[0]), commit: String(fields[1]))
        }
    }

    /// Whether every release's commit is in this clone, so its tree can be built.
    public static var areAllInThisClone: Bool { all.allSatisfy { Git.has(commit: $0.commit) } }
}
