import Foundation
import Testing
import TrellisTestSupport

/// A plugin that forks and lets the child return into trellis used to have every
/// later command run twice, by the app and by its copy.
struct ForkedPluginTests {
    @Test func theCopyAForkMadeIsEndedWhenItComesBackToTheLoop() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "forkInTap" } } }
                """)
        let result = try TrellisProcess.run(
            ["run", config.path, "--headless"], input: "tap Fork\nexpect Forked\nprint\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "Forked").count == 2, "printed once: \(result.stdout)")
        #expect(result.stderr.contains("a plugin forked the app"), "\(result.stderr)")
        #expect(result.stderr.contains("it was ended, so that nothing runs twice"))
    }
}

/// Slots a plugin asks for were checked against its manifest; dependencies it
/// resolves were not, so `validate` could not say a route above provides them.
struct UndeclaredDependencyTests {
    @Test func aDependencyTheManifestDoesNotListIsReportedOnceAndStillResolves() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "undeclaredDependency" } } }
                """)
        let result = try TrellisProcess.run(["run", config.path, "--headless"], input: "expect Resolved the secret\n")

        #expect(result.status == 0, "it works, and is said: \(result.stderr)")
        #expect(
            result.stderr.contains(
                "route \"main\": plugin TestScreens resolved dependency \"secret\", which its manifest "
                    + "does not list in \"requires\""), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "resolved dependency").count == 2, "once: \(result.stderr)")
    }
}
