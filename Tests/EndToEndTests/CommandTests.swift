import Foundation
import Testing
import TrellisTestSupport

/// `--help`, `validate` and `inspect`.
struct CommandTests {
    @Test(arguments: [
        [], ["--help"], ["run", "--help"], ["validate", "--help"], ["inspect", "-h"], ["permissions", "--help"],
    ])
    func everyCommandHasHelp(arguments: [String]) throws {
        let result = try TrellisProcess.run(arguments)

        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: trellis"))
    }

    @Test func validateAcceptsTheDefaultConfig() throws {
        let result = try TrellisProcess.run(["validate"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("config.json: OK, 13 routes, root \"launcher\"."))
    }

    @Test func validateListsEveryErrorAndWarns() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen" }, "spare": { "plugin": "Ghost" } }
                """)

        let result = try TrellisProcess.run(["validate", config.path])

        #expect(result.status == 2)
        #expect(result.stderr.contains("error: route \"main\": plugin MainScreen attaches slot \"next\""))
        #expect(result.stderr.contains("error: route \"spare\" (routes.spare.plugin): plugin \"Ghost\" not found"))
        #expect(result.stderr.contains("warning: route \"spare\" is never shown"))
        #expect(result.stderr.contains("2 errors"))
    }

    @Test func inspectShowsTheManifest() throws {
        let result = try TrellisProcess.run(["inspect", Products.plugin("MainScreen").path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("MainScreen 1.0.0"))
        #expect(result.stdout.contains("slots:     next"))
        let release = try String(contentsOf: Products.repository.appendingPathComponent("SDK/VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(result.stdout.contains("sdk:       \(release) (this host: \(release))"), "\(result.stdout)")
        #expect(result.stdout.contains("toolchain: clang version"))
    }

    @Test func inspectRefusesAFileThatIsNotAPlugin() throws {
        let folder = try TemporaryFolder()
        let junk = try folder.write("junk", to: "libJunk.so")

        let result = try TrellisProcess.run(["inspect", junk.path])

        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a plugin: it is not an ELF shared library"))
    }
}
