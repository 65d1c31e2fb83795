import Foundation
import Testing
import TrellisTestSupport

/// What only the host may do is not a plugin's to do: any plugin can import the
/// SDK's host interface (`@_spi(TrellisHost)`), and one line of it switched the
/// leak checks off for every plugin, `TRELLIS_LEAKS=fatal` included.
struct HostHookTests {
    @Test func aPluginCannotClaimTheHostsHooksAndItsLeakIsStillReported() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "claim" } },
                  "claim": { "plugin": "TestScreens", "parameters": { "behaviour": "claimHostHooks" } } }
                """)
        let script = "tap Click Button\nexpect Host hooks\nprint\nkey esc\nexpect Click Button\nwait 1.5\nprint\n"
        let run = try TrellisProcess.run(["run", config.path, "--headless"], input: script)

        #expect(run.stdout.contains("Host hooks refused"), "\(run.stdout)")
        #expect(!run.stdout.contains("Host hooks claimed"), "\(run.stdout)")
        #expect(run.status == 1, "TRELLIS_LEAKS=fatal, the tests' default, still ends the run: \(run.stderr)")
        #expect(run.stderr.contains("leak: route claim (plugin TestScreens)"), "\(run.stderr)")
    }
}
