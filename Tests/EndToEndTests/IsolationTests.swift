import Foundation
import Testing
import TrellisTestSupport

/// A route with `"isolation": "process"` runs its plugin in a process of its own:
/// its screen crosses as data, the user's actions cross back, and its crash is
/// its screen's alone.
struct IsolationTests {
    private func isolatedConfig(_ behaviour: String, in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "isolation": "process",
                            "parameters": { "behaviour": "\(behaviour)" } } }
                """)
    }

    /// Runs Main with TestScreens' `behaviour` as its isolated `next`, headless.
    private func runIsolated(_ behaviour: String, input: String, in folder: TemporaryFolder) throws -> ProcessResult {
        try TrellisProcess.run(["run", try isolatedConfig(behaviour, in: folder).path, "--headless"], input: input)
    }

    @Test func anIsolatedRouteRunsInAProcessOfItsOwnAndItsScreenAndActionsCross() throws {
        let folder = try TemporaryFolder()
        let shown = try runIsolated("showCommand", input: "tap Click Button\nexpect Running\nprint\n", in: folder)
        let next = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "NextScreen", "isolation": "process" } }
                """, name: "next.json")
        let played = try TrellisProcess.run(
            ["run", next.path, "--headless"],
            input: "tap Click Button\nexpect Now is\ntap Close\nexpect Click Button\nexpect-not Now is\n")

        // A process is started ahead, soon after the app, for the first route opened.
        let ahead = try runIsolated(
            "showCommand", input: "wait 1\ntap Click Button\nexpect Running\nprint\n", in: folder)

        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(ahead.stdout.contains("Running: plugin-host --spare"), "started ahead: \(ahead.stdout) \(ahead.stderr)")
        #expect(shown.stdout.contains("Running: plugin-host"), "its own process: \(shown.stdout)")
        #expect(played.status == 0, "the parent's parameters went, Close came back: \(played.stderr)")
    }

    /// What the route's process presents, pushes and asks before going back is
    /// drawn in the app as its own would be, and Esc goes back there.
    @Test func itsModalsPushedViewsAndBackConfirmationsCross() throws {
        let folder = try TemporaryFolder()
        let modal = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "isolation": "process", "children": { "next": "next" } },
                  "next": { "plugin": "NextScreen" } }
                """, name: "modal.json")
        let pushed = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "CandyStore", "isolation": "process" } }
                """, name: "pushed.json")
        let notes = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "Notes", "isolation": "process",
                            "permissions": { "write": ["\(folder.url.path)"] },
                            "parameters": { "folder": "\(folder.url.path)/notes" } } }
                """, name: "notes.json")

        let presented = try TrellisProcess.run(
            ["run", modal.path, "--headless"],
            input: "tap Click Button\nexpect Now is\nkey esc\nexpect-not Now is\nprint\n")
        let stacked = try TrellisProcess.run(
            ["run", pushed.path, "--headless"],
            input: "expect Sweet Candy Store\nkey enter\nexpect Chocolate Bar\nprint\nkey esc\nexpect-not Chocolate\n")
        let asked = try TrellisProcess.run(
            ["run", notes.path, "--headless"],
            input: "expect Welcome\nkey enter\nexpect Each note\ntype Hello\nkey esc\n"
                + "expect Discard your edits?\ntap Discard\nexpect 1 note\n")

        #expect(presented.status == 0, "a modal, and back from it: \(presented.stderr)")
        #expect(!presented.stdout.contains("does not go back"), "\(presented.stdout)")
        #expect(stacked.status == 0, "a pushed view, and back from it: \(stacked.stderr)")
        #expect(stacked.stdout.contains("main › Candies"), "the pushed view's title: \(stacked.stdout)")
        #expect(asked.status == 0, "Esc asked first, Discard went back: \(asked.stderr)")
    }

    @Test func aCrashInAnIsolatedRouteIsShownInItsPlaceAndTheAppGoesOn() throws {
        let folder = try TemporaryFolder()
        let run = try runIsolated(
            "segfaultInBuild", input: "tap Click Button\nexpect stopped\nprint\nkey esc\nexpect Click Button\n",
            in: folder)

        #expect(run.status == 0, "the app went on: \(run.stderr)")
        #expect(run.stdout.contains("Route next (plugin TestScreens) stopped"), "\(run.stdout)")
        #expect(run.stdout.contains("signal 11"), "\(run.stdout)")
    }

    /// A process that writes to its channel itself, as hostile code could: a
    /// flood of messages, or one that is not JSON, is cut off and said in its
    /// place, and the app goes on.
    @Test func aProcessThatFloodsOrGarblesItsChannelIsCutOff() throws {
        let folder = try TemporaryFolder()
        let flooded = try runIsolated(
            "floodChannel", input: "tap Click Button\nexpect a flood\nprint\nkey esc\nexpect Click Button\n", in: folder
        )
        let garbled = try runIsolated(
            "malformedChannel",
            input: "tap Click Button\nexpect not one this trellis reads\nkey esc\nexpect Click Button\n",
            in: folder)

        #expect(flooded.status == 0, "the app went on: \(flooded.stderr)")
        #expect(flooded.stdout.contains("Route next (plugin TestScreens) stopped"), "\(flooded.stdout)")
        #expect(garbled.status == 0, "the app went on: \(garbled.stderr)")
    }

    @Test func aHungIsolatedRouteIsEndedAloneAndRestarts() throws {
        let folder = try TemporaryFolder()
        // Its limit is the app's too: the app's own waits (a second at most for
        // a tap) are far below it, and so is a process's start.
        let config = try isolatedConfig("hangInTap", in: folder)
        let run = try TrellisProcess.run(
            ["TRELLIS_HANG_SECONDS=5", Products.trellis.path, "run", config.path, "--headless", "--timeout", "30"],
            input: "tap Click Button\nexpect Freeze\ntap Freeze\nexpect did not answer\nprint\n"
                + "tap Restart\nexpect Freeze\nkey esc\nexpect Click Button\n",
            executable: URL(fileURLWithPath: "/usr/bin/env"), timeLimit: 120)

        #expect(run.status == 0, "the app answered throughout: \(run.stderr)")
        #expect(run.stdout.contains("Route next (plugin TestScreens) stopped"), "\(run.stdout)")
        #expect(run.stdout.contains("[ Restart ]"), "\(run.stdout)")
    }

    @Test func theRootCanRunInAProcessOfItsOwn() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeIsolatedTestScreen("showCommand")
        let run = try TrellisProcess.run(["run", config.path, "--headless"], input: "expect Running\nprint\n")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Running: plugin-host"), "\(run.stdout)")
    }

    @Test func aRouteThatNeedsAnObjectFromAboveCannotBeIsolated() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "root": { "plugin": "TutorialRoot", "children": { "loggedOut": "out", "loggedIn": "in" } },
                  "out": { "plugin": "LoggedOut" },
                  "in": { "plugin": "LoggedIn", "children": { "offGame": "off", "ticTacToe": "game" } },
                  "off": { "plugin": "OffGame", "isolation": "process" },
                  "game": { "plugin": "TicTacToe" } }
                """, root: "root")
        let validated = try TrellisProcess.run(["validate", config.path])
        let run = try TrellisProcess.run(["run", config.path, "--headless"], input: "print\n")

        #expect(validated.status == 2, "\(validated.stderr)")
        #expect(validated.stderr.contains("routes.off.isolation"), "\(validated.stderr)")
        #expect(validated.stderr.contains("slot \"offGame\" of route \"in\""), "\(validated.stderr)")
        #expect(validated.stderr.contains("\"playerNames\""), "\(validated.stderr)")
        #expect(run.status == 2, "run refuses it too: \(run.stderr)")
    }

    /// The tutorial's LoggedOut tells Root the players logged in with an event
    /// (`ScreenEvent`): the same in the app's process and from a process of its own.
    @Test func aParentHearsAnEventOfAChildInAProcessOfItsOwnAsInItsOwnProcess() throws {
        let folder = try TemporaryFolder()
        let tutorial = try String(
            contentsOf: Products.repository.appendingPathComponent("Examples/tictactoe.json"), encoding: .utf8)
        let isolated = folder.url.appendingPathComponent("tictactoe.json")
        try tutorial.replacingOccurrences(of: "\"@host\"", with: "\"\(Products.directory.path)\"")
            .replacingOccurrences(
                of: #""plugin": "LoggedOut""#, with: #""plugin": "LoggedOut", "isolation": "process""#
            ).write(to: isolated, atomically: true, encoding: .utf8)
        let login = "focus Player 1 name\ntype Alice\nfocus Player 2 name\ntype Bob\ntap Login\n"
        let script = login + "expect Alice (0) vs Bob (0)\nprint\n"

        let inProcess = try TrellisProcess.run(["run", "Examples/tictactoe.json", "--headless"], input: script)
        let across = try TrellisProcess.run(["run", isolated.path, "--headless"], input: "expect Login\n" + script)

        #expect(try String(contentsOf: isolated, encoding: .utf8).contains(#""isolation": "process""#))
        #expect(inProcess.status == 0, "\(inProcess.stderr)")
        #expect(across.status == 0, "LoggedIn shown on the event: \(across.stdout) \(across.stderr)")
    }

    @Test func validateListsTheIsolatedRoutes() throws {
        let folder = try TemporaryFolder()
        let config = try isolatedConfig("showCommand", in: folder)
        let validated = try TrellisProcess.run(["validate", config.path])
        let json = try TrellisProcess.run(["validate", "--json", config.path])

        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(
            validated.stdout.contains("(\"isolation\": \"process\"): next (plugin TestScreens)"), "\(validated.stdout)")
        #expect(json.stdout.contains("\"isolated\":[\"next\"]"), "\(json.stdout)")
    }

    @Test func anIsolationThatIsNotKnownIsRefusedWithItsPath() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "isolation": "thread" } }
                """)
        let validated = try TrellisProcess.run(["validate", config.path])

        #expect(validated.status == 2, "\(validated.stderr)")
        #expect(validated.stderr.contains("isolation"), "\(validated.stderr)")
        #expect(validated.stderr.contains("\"process\""), "\(validated.stderr)")
    }
}

/// `--isolate-all` and a config's `"isolation"` put routes in processes of
/// their own without editing each route.
struct IsolateAllTests {
    @Test func isolateAllRunsEachDemoInAProcessOfItsOwnAndSaysWhichCannot() throws {
        let launcher = try TrellisProcess.run(
            ["run", "config.json", "--headless", "--isolate-all"],
            input: "tap Airports\nexpect Search a city\ntype seoul\nexpect Seoul\nkey esc\nkey esc\n"
                + "tap Main\nexpect Click Button\ntap Click Button\nexpect Now is\n")
        let tutorial = try TrellisProcess.run(
            ["run", "Examples/tictactoe.json", "--headless", "--isolate-all"], input: "print\n")
        // The route path goes on into a route's process, as the page's address does.
        let game = try TrellisProcess.run(
            ["run", "config.json", "--headless", "--isolate-all", "--size", "100x20"],
            input: "tap TicTacToe\nfocus Player 1 name\ntype Alice\ntap Login\ntap Start Game\nexpect Alice\nprint\n")

        #expect(launcher.status == 0, "\(launcher.stderr)")
        #expect(game.stdout.contains(" launcher › tutorial › loggedIn › ticTacToe "), "\(game.stdout)")
        #expect(!launcher.stderr.contains("--isolate-all"), "every demo could be: \(launcher.stderr)")
        #expect(tutorial.stderr.contains("--isolate-all: 3 routes stay in the app's process: loggedIn"))
        #expect(tutorial.stderr.contains("offGame (its plugin requires playerNames, scoreStream from above)"))
    }

    @Test func aConfigsIsolationIsEveryRoutesUnlessOneSaysOtherwise() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(
            """
            { "plugins": ["\(Products.directory.path)"], "root": "main", "isolation": "process",
              "routes": { "main": { "plugin": "MainScreen", "isolation": "none", "children": { "next": "next" } },
                          "next": { "plugin": "TestScreens", "parameters": { "behaviour": "showCommand" } } } }
            """, to: "config.json")
        let json = try TrellisProcess.run(["validate", "--json", config.path])

        #expect(json.stdout.contains("\"isolated\":[\"next\"]"), "\(json.stdout)")
    }
}
