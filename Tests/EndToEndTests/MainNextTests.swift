import Foundation
import Testing
import TrellisTestSupport

/// The built `trellis` binary running the bundled Main and Next plugins.
struct MainNextTests {
    @Test func scriptWalksMainNextCloseMainAndTheTreeFollows() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write(
            """
            # Main shows its title as a button
            expect Hello, RIBs
            tree
            tap Click Button
            expect Now is
            expect Close
            tree
            tap Close
            expect Click Button!
            expect-not Now is
            tree
            """, to: "walk.trellis")

        let result = try TrellisProcess.run(["run", "Examples/main-next.json", "--headless", "--script", script.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                main (MainScreen)
                main (MainScreen)
                  next (NextScreen)
                main (MainScreen)

                """)
        #expect(result.stderr.isEmpty)
    }

    @Test func standardInputDrivesALiveHostStepByStep() throws {
        let host = try LiveTrellis(["run", "Examples/main-next.json", "--headless"])

        let first = host.send("print", readingThrough: "Ctrl-C quit\n")
        let afterTap = host.send("tap Click Button\nprint", readingThrough: "Ctrl-C quit\n")
        let tree = host.send("tree", readingThrough: "(NextScreen)\n")
        let afterEsc = host.send("key esc\nprint", readingThrough: "Ctrl-C quit\n")
        let result = try host.finish()

        #expect(first.contains("[ Click Button! ]"))
        #expect(afterTap.contains("Now is ") && afterTap.contains(" main › next "))
        #expect(tree.contains("  next (NextScreen)"))
        #expect(afterEsc.contains("[ Click Button! ]") && !afterEsc.contains("Now is"))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aFailedExpectationExitsOneAndShowsTheScreen() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/main-next.json", "--headless", "--timeout", "1"], input: "expect Goodbye\nprint\n")

        #expect(result.status == 1)
        #expect(result.stderr.contains("standard input:1: expected the screen to contain \"Goodbye\""))
        #expect(result.stderr.contains("[ Click Button! ]"))
        #expect(result.stdout.isEmpty, "the run stops at the failed step")
    }

    @Test func pointingNextAtAnotherPluginSwapsTheScreenWithoutABuild() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "MainScreen", "children": { "next": "last" } },
                  "last": { "plugin": "NextScreen" } }
                """)

        let result = try TrellisProcess.run(
            ["run", config.path, "--headless"], input: "tap Click Button\nprint\ntree\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("[ Now is "), "the next slot now shows Main's button with Next's title")
        #expect(!result.stdout.contains("[ Close ]"))
        #expect(result.stdout.contains("  next (MainScreen)"))
    }

    @Test func sizeSetsTheScreenSize() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/main-next.json", "--headless", "--size", "40x10"], input: "print\n")

        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 10)
        #expect(lines.contains { $0.hasPrefix("           [ Click Button! ]") })
    }
}
