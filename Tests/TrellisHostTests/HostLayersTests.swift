import Foundation
import Testing
import TrellisTestSupport

/// The host's layers, along the data flow: a target each, and the two folders
/// of TrellisHost on top. Each uses only the layers below it (Docs/Architecture.md,
/// "The host's layers"), so there is no cycle between them, and none is over
/// 4,500 lines. Package.swift holds the targets to the layers they name; this
/// reads the sources, so it holds TrellisHost's folders too.
///
/// A folder uses another when its code names a type or a top-level function
/// declared there: what a split into targets would have to import.
struct HostLayersTests {
    /// The layers, lowest first: each may use those before it. Those in
    /// ``targets`` are targets of their own; `Supervisor` and `Scaffolding` are
    /// folders of Sources/TrellisHost, and `Host` its files beside them.
    static let layers = [
        "Platform", "Config", "Loader", "Loop", "Isolation", "Tree", "Session", "PluginHost", "Terminal", "Serve",
        "Supervisor", "Scaffolding", "Host",
    ]

    private static let sourcesFolder = Products.repository.appendingPathComponent("Sources")
    private static let host = sourcesFolder.appendingPathComponent("TrellisHost")

    /// The layers that are targets of their own, and their folders.
    static let targets = [
        "Platform": "TrellisPlatform", "Config": "TrellisConfig", "Loader": "TrellisLoader", "Loop": "TrellisLoop",
        "Isolation": "TrellisIsolation", "Tree": "TrellisTree", "Session": "TrellisSession",
        "PluginHost": "TrellisPluginHost", "Terminal": "TrellisTerminal", "Serve": "TrellisServe",
    ]

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Each layer's Swift files, by layer: each target's, each folder of
    /// TrellisHost's, and TrellisHost's own as `Host`.
    private static func files() throws -> [String: [URL]] {
        var files: [String: [URL]] = [:]
        func add(_ layer: String, _ folder: URL) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift")
            {
                files[layer, default: []].append(folder.appendingPathComponent(name))
            }
        }
        for (layer, target) in targets { try add(layer, sourcesFolder.appendingPathComponent(target)) }
        try add("Host", host)
        for name in try FileManager.default.contentsOfDirectory(atPath: host.path)
        where isFolder(host.appendingPathComponent(name)) {
            try add(name, host.appendingPathComponent(name))
        }
        return files
    }

    /// Each layer's Swift files, comments taken out.
    private static func sources() throws -> [String: [String]] {
        try files().mapValues { urls in
            try urls.map { url in
                let text = try String(contentsOf: url, encoding: .utf8)
                return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
                }.joined(separator: "\n")
            }
        }
    }

    /// The names a file declares at its top level: types and functions.
    private static func declaredNames(in code: String) -> Set<String> {
        let declaration =
            /^(?:(?:public|package|open|private|fileprivate|internal|final|indirect|nonisolated(?:\(unsafe\))?|@\w+)\s+)*(?:struct|class|enum|protocol|actor|typealias|func)\s+([A-Za-z_]\w*)/
            .anchorsMatchLineEndings()
        return Set(code.matches(of: declaration).map { String($0.1) })
    }

    /// The words of `code` that could name a declaration.
    private static func words(in code: String) -> Set<String> {
        Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// Which folders each folder uses, and through which names.
    private static func uses() throws -> [String: [String: Set<String>]] {
        let sources = try sources()
        var owner: [String: String] = [:]
        for (folder, files) in sources {
            for file in files {
                for name in declaredNames(in: file) { owner[name] = folder }
            }
        }
        var uses: [String: [String: Set<String>]] = [:]
        for (folder, files) in sources {
            for file in files {
                for word in words(in: file) {
                    guard let other = owner[word], other != folder else { continue }
                    uses[folder, default: [:]][other, default: []].insert(word)
                }
            }
        }
        return uses
    }

    @Test func eachHostTargetIsALayer() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sourcesFolder.path).filter {
            $0.hasPrefix("Trellis") && $0 != "TrellisHost"
                && Self.isFolder(Self.sourcesFolder.appendingPathComponent($0))
        }
        #expect(
            Set(folders) == Set(Self.targets.values),
            "each Sources/Trellis* target is a layer: HostLayersTests.targets and Docs/Architecture.md")
    }

    @Test func eachFolderIsALayerAndUsesOnlyTheLayersBelowIt() throws {
        let sources = try Self.sources()
        #expect(Set(sources.keys).isSuperset(of: Self.targets.keys), "each target has Swift files")
        #expect(
            Set(sources.keys).subtracting(Self.layers).isEmpty,
            "a new folder goes into HostLayersTests.layers and Docs/Architecture.md")
        for (folder, used) in try Self.uses() {
            guard let level = Self.layers.firstIndex(of: folder) else { continue }
            for (other, names) in used {
                let otherLevel = try #require(Self.layers.firstIndex(of: other))
                #expect(
                    otherLevel < level,
                    "\(folder) uses \(other) (\(names.sorted().joined(separator: ", "))), which is not below it")
            }
        }
    }

    @Test func noFolderIsOver4500Lines() throws {
        for (folder, files) in try Self.sources() {
            let lines = files.reduce(0) { $0 + $1.split(separator: "\n", omittingEmptySubsequences: false).count }
            #expect(lines <= 4_500, "the layer \(folder) has \(lines) lines: split it along the data flow")
        }
    }
}
