import Foundation
import Testing
import TrellisTestSupport

/// What the host knows of a plugin from its file alone: the manifest note, the
/// SDK release checked before loading (CompatibilityTests), and plugins loaded only
/// when needed.
struct ManifestTests {
    private func trapConfig(in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
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
        #expect(
            json.status == 0 && json.stdout.contains(#""name":"TrapInEntry""#)
                && json.stdout.contains(#""slots":["inner"]"#))
        #expect(validate.status == 0, "\(validate.stderr)")
        for result in [inspect, json, validate] { #expect(!result.stderr.contains("entry was called")) }
    }

    @Test func runLoadsAPluginOnlyWhenItsRouteIsBuilt() throws {
        let folder = try TemporaryFolder()
        let config = try trapConfig(in: folder)
        let lazy = try TrellisProcess.run(
            ["run", config.path, "--headless"], input: "expect Click Button\nprint\ntap Click Button\n")
        let eager = try TrellisProcess.run(["run", config.path, "--headless", "--eager"], input: "print\n")

        #expect(lazy.stdout.contains("[ Click Button! ]"), "Main runs while TrapInEntry is not loaded")
        #expect(lazy.status == 3)
        #expect(lazy.stderr.contains("running:    loading route trap (plugin TrapInEntry)"), "\(lazy.stderr)")
        #expect(lazy.stderr.contains("Fatal error: TrapInEntry's entry was called"))
        #expect(eager.status == 3, "--eager maps every plugin before the first frame")
        #expect(!eager.stdout.contains("Click Button"))
    }
}
