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
    /// ``targets`` are targets of their own; the others are folders of Sources/TrellisHost.
    static let layers = [
        "Platform", "Config", "Loader", "Loop", "Isolation", "Tree", "Session", "PluginHost", "Terminal", "Serve",
        "Supervisor", "Scaffolding",
    ]

    private static let host = Products.repository.appendingPathComponent("Sources/TrellisHost")

    /// The layers that are targets of their own, and their folders.
    static let targets = [
        "Platform": "Sources/TrellisPlatform", "Config": "Sources/TrellisConfig", "Loader": "Sources/TrellisLoader",
        "Loop": "Sources/TrellisLoop", "Isolation": "Sources/TrellisIsolation", "Tree": "Sources/TrellisTree",
        "Session": "Sources/TrellisSession", "PluginHost": "Sources/TrellisPluginHost",
        "Terminal": "Sources/TrellisTerminal", "Serve": "Sources/TrellisServe",
    ]

    /// Each layer's folder: each target's, and each of TrellisHost's folders.
    private static func folders() throws -> [(layer: String, url: URL)] {
        try targets.map { ($0.key, Products.repository.appendingPathComponent($0.value)) }
            + FileManager.default.contentsOfDirectory(atPath: host.path).map { ($0, host.appendingPathComponent($0)) }
    }

    /// Each layer's Swift files, comments taken out.
    private static func sources() throws -> [String: [String]] {
        var sources: [String: [String]] = [:]
        for (folder, url) in try folders() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
                }
                sources[folder, default: []].append(code.joined(separator: "\n"))
            }
        }
        return sources
    }

    /// The names a file declares at its top level: types and functions.
    private static func declaredNames(in code: String) -> Set<String> {
        let declaration =
            /^(?:(?:public|private|fileprivate|internal|final|indirect|@MainActor|@frozen)\s+)*(?:struct|class|enum|protocol|actor|typealias|func)\s+([A-Za-z_]\w*)/
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

    @Test func eachFolderIsALayerAndUsesOnlyTheLayersBelowIt() throws {
        let sources = try Self.sources()
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
