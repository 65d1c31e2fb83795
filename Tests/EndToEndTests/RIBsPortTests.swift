import Foundation
import Testing
import TrellisTestSupport

/// `Examples/RIBsPorts`: seed 000's RIBs code pasted into a plugin, with only its
/// import lines and view code changed, builds and runs in Trellis.
struct RIBsPortTests {
    @Test func seed000PastedAsOnePluginRunsAndItsRetainCycleIsCaught() async throws {
        let folder = try TemporaryFolder()
        _ = try await SwiftBuild.buildExample("RIBsPorts", in: folder.url)
        let config = try folder.write(
            """
            { "plugins": ["RIBsPorts/.build/debug"], "root": "main", "routes": { "main": { "plugin": "Seed000" } } }
            """, to: "config.json")

        let run = try await TrellisProcess.run(
            ["run", config.path, "--headless"],
            input: """
                expect Hello, RIBs
                tap Click Button
                expect Now is
                tap Close
                expect-not Now is
                tree
                wait 1.5
                """)

        // The seed's LaunchRouter was launched, and Main presented and dismissed Next.
        #expect(run.stdout == "main (Seed000)\n", "\(run.stderr)")
        // The seed keeps `var router` strong in its interactors: Next's router and
        // interactor hold each other after the detach, and the leak detector (fatal
        // under the tests) names them.
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "leak: a NextRouter was detached, but its NextRouter, NextInteractor, NextViewController are still alive"
            ),
            "\(run.stderr)")
    }
}

/// Typed slots across plugins, checked from the manifests.
struct TypedSlotValidationTests {
    @Test func aTypedSlotBoundToAPluginThatDoesNotBuildItsProtocolIsAnError() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "root": { "plugin": "TutorialRoot", "children": { "loggedOut": "loggedOut", "loggedIn": "loggedIn" } },
                  "loggedOut": { "plugin": "LoggedOut" },
                  "loggedIn": { "plugin": "LoggedIn", "children": { "offGame": "offGame", "ticTacToe": "ticTacToe" } },
                  "offGame": { "plugin": "TicTacToe" },
                  "ticTacToe": { "plugin": "TicTacToe" } }
                """, root: "root")

        let result = try TrellisProcess.run(["validate", config.path])

        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "route \"loggedIn\": plugin LoggedIn builds slot \"offGame\" as a `OffGameBuildable`, "
                    + "and route \"offGame\" (plugin TicTacToe) does not build one"), "\(result.stderr)")
    }

    @Test func inspectSaysWhatATypedSlotGivesAndWhatAPluginBuilds() throws {
        let loggedIn = try TrellisProcess.run(["inspect", Products.plugin("LoggedIn").path])
        let offGame = try TrellisProcess.run(["inspect", Products.plugin("OffGame").path])

        #expect(
            loggedIn.stdout.contains("slots:     offGame (gives a OffGameBuildable), ticTacToe"), "\(loggedIn.stdout)")
        #expect(offGame.stdout.contains("builds:    OffGameBuildable"), "\(offGame.stdout)")
    }
}
