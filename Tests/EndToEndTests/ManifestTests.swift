import Foundation
import Testing
import TrellisTestSupport

/// What the host knows of a plugin from its file alone: the manifest note, the
/// SDK fingerprint checked before loading, and plugins loaded only when needed.
struct ManifestTests {
    private func trapConfig(in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(routes: """
            { "main": { "plugin": "MainScreen", "children": { "next": "trap" } },
              "trap": { "plugin": "TrapInEntry", "children": { "inner": "next" } },
              "next": { "plugin": "NextScreen" } }
            """)
    }

    @Test func aPluginWhoseEntryTrapsIsInspectedAndValidatedFromItsFile() throws {
        let inspect = try TrellisProcess.run(["inspect", Products.plugin("TrapInEntry").path])
        let json = try TrellisProcess.run(["inspect", "--json", Products.plugin("TrapInEntry").path])
        let folder = try TemporaryFolder()
        let validate = try TrellisProcess.run(["validate", try trapConfig(in: folder).path])

        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.hasPrefix("TrapInEntry 2.5.0"))
        #expect(inspect.stdout.contains("slots:     inner"))
        #expect(json.status == 0 && json.stdout.contains(#""name":"TrapInEntry""#) && json.stdout.contains(#""slots":["inner"]"#))
        #expect(validate.status == 0, "\(validate.stderr)")
        for result in [inspect, json, validate] { #expect(!result.stderr.contains("entry was called")) }
    }

    @Test func runLoadsAPluginOnlyWhenItsRouteIsBuilt() throws {
        let folder = try TemporaryFolder()
        let config = try trapConfig(in: folder)
        let lazy = try TrellisProcess.run(["run", config.path, "--headless"], input: "expect Click Button\nprint\ntap Click Button\n")
        let eager = try TrellisProcess.run(["run", config.path, "--headless", "--eager"], input: "print\n")

        #expect(lazy.stdout.contains("[ Click Button! ]"), "Main runs while TrapInEntry is not loaded")
        #expect(lazy.status == 3)
        #expect(lazy.stderr.contains("running:    loading route trap (plugin TrapInEntry)"), "\(lazy.stderr)")
        #expect(lazy.stderr.contains("Fatal error: TrapInEntry's entry was called"))
        #expect(eager.status == 3, "--eager maps every plugin before the first frame")
        #expect(!eager.stdout.contains("Click Button"))
    }

    /// A plugin built against a copy of the SDK: one public declaration added is
    /// refused before loading, naming both fingerprints; a comment added is not a
    /// change, so that plugin loads. (Builds two packages: about a minute.)
    @Test func aPluginBuiltAgainstAChangedSDKIsRefusedAndACommentChangeIsNot() throws {
        let folder = try TemporaryFolder()
        func pluginBuilt(against edit: (URL) throws -> Void, name: String) throws -> URL {
            let sdk = folder.url.appendingPathComponent("\(name)/SDK")
            try FileManager.default.createDirectory(at: sdk.deletingLastPathComponent(), withIntermediateDirectories: true)
            let original = Products.repository.appendingPathComponent("SDK")
            try FileManager.default.createDirectory(at: sdk, withIntermediateDirectories: true)
            for item in ["Package.swift", "Sources", "Plugins"] {
                try FileManager.default.copyItem(at: original.appendingPathComponent(item), to: sdk.appendingPathComponent(item))
            }
            try edit(sdk.appendingPathComponent("Sources/TrellisSDK/Plugin/TrellisSDKInterface.swift"))
            let package = folder.url.appendingPathComponent("\(name)/HelloPlugin")
            try SwiftBuild.copyExample(Products.repository.appendingPathComponent("Examples/HelloPlugin"), to: package, sdk: sdk)
            let build = try SwiftBuild.run(package: package)
            try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
            return package.appendingPathComponent(".build/debug/libHelloScreen.so")
        }
        func append(_ text: String) -> (URL) throws -> Void {
            { file in try (String(contentsOf: file, encoding: .utf8) + text).write(to: file, atomically: true, encoding: .utf8) }
        }
        let drifted = try pluginBuilt(against: append("\nextension TrellisSDKInterface { public static let drift = 1 }\n"), name: "drift")
        let commented = try pluginBuilt(against: append("\n// A comment changes no declaration.\n"), name: "comment")

        let refused = try TrellisProcess.run(["inspect", drifted.path])
        let accepted = try TrellisProcess.run(["inspect", commented.path])
        let config = try folder.writeConfig(routes: """
            { "main": { "plugin": "MainScreen", "children": { "next": "next" } }, "next": { "plugin": "\(commented.path)" } }
            """)
        let run = try TrellisProcess.run(["run", config.path, "--headless"], input: "tap Click Button\nexpect Hello from a plugin\n")

        #expect(refused.status == 2)
        let fingerprints = refused.stderr.matches(of: /fingerprint ([0-9a-f]{32})\)? than this host's \(([0-9a-f]{32})\)/).first
        #expect(fingerprints != nil, "\(refused.stderr)")
        #expect(fingerprints.map { $0.output.1 != $0.output.2 } == true)
        #expect(refused.stderr.contains("rebuild the plugin against this host's SDK"))
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
    }
}
