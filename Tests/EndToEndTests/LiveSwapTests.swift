import Foundation
import Testing
import TrellisTestSupport

/// `trellis run --watch` and the headless `reload`: screens swapped for a new
/// build of their plugin, or a new config, in the running app.
///
/// A "new build" of the TestScreens plugin is a copy of its file with its build
/// label changed from `build one` to `build two`: a different file, with the same
/// manifest, that only a fresh image shows (opening the same path again would
/// give the old one). It is put in place by writing a new file and renaming it
/// over the old, as a linker does.
struct LiveSwapTests {
    /// A folder with its own copy of the TestScreens plugin, and a config in which
    /// Main presents it through its `next` slot as a counter.
    private struct App {
        let folder: TemporaryFolder
        let config: URL
        let plugin: URL
        let firstBuild: Data

        init(next: String = #"{ "plugin": "TestScreens", "parameters": { "behaviour": "counter" } }"#) throws {
            folder = try TemporaryFolder()
            firstBuild = try Data(contentsOf: Products.plugin("TestScreens"))
            plugin = folder.url.appendingPathComponent("plugins/libTestScreens.so")
            try FileManager.default.createDirectory(
                at: plugin.deletingLastPathComponent(), withIntermediateDirectories: true)
            try firstBuild.write(to: plugin)
            config = try folder.write(Self.config(next: next), to: "config.json")
        }

        static func config(next: String) -> String {
            """
            { "plugins": ["plugins", "\(Products.directory.path)"], "root": "main",
              "routes": { "main": { "plugin": "MainScreen", "children": { "next": "next" } }, "next": \(next) } }
            """
        }

        /// The first build with its label changed to `build two`.
        var secondBuild: Data {
            get throws {
                let from = Data("this test screen is build one".utf8)
                let to = Data("this test screen is build two".utf8)
                var bytes = firstBuild
                let range = try #require(bytes.range(of: from), "the plugin file holds its build label")
                bytes.replaceSubrange(range, with: to)
                return bytes
            }
        }

        /// Puts `bytes` in the plugin's place as a linker does: a new file renamed
        /// over the old.
        func replacePlugin(with bytes: Data) throws {
            try replace(plugin, with: bytes)
        }

        func replaceConfig(with text: String) throws {
            try replace(config, with: Data(text.utf8))
        }

        private func replace(_ file: URL, with bytes: Data) throws {
            let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).new")
            try bytes.write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    @Test func aRebuiltPluginIsSwappedInPlaceKeepingItsStateAndTheScreenBelow() throws {
        let app = try App()
        let host = try LiveTrellis(["run", app.config.path, "--headless", "--watch", "--timeout", "30"])

        let before = host.send(
            "tap Click Button\ntap Count\ntap Count\nexpect build one, count 2\ntree",
            readingThrough: "(TestScreens)\n")
        try app.replacePlugin(with: try app.secondBuild)
        let swapped = host.readErrors(through: "swapped next (TestScreens 1.0.0)")
        let after = host.send("expect build two, count 2\ntree", readingThrough: "(TestScreens)\n")
        // Back goes to the Main that presented the first build: it was never rebuilt.
        let back = host.send("key esc\nexpect Click Button\nexpect-not count\ntree", readingThrough: "(MainScreen)\n")
        let result = try host.finish()

        #expect(before.hasSuffix("main (MainScreen)\n  next (TestScreens)\n"))
        #expect(swapped.contains("swapped next (TestScreens 1.0.0)"))
        #expect(after == "main (MainScreen)\n  next (TestScreens)\n")
        #expect(back == "main (MainScreen)\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("leak"), "the old build's router, interactor and view are gone")
    }

    /// A route in a process of its own is swapped by starting its process
    /// again from the new file, handed the state its root saved; the app never
    /// maps the plugin.
    @Test func anIsolatedRouteIsSwappedByANewProcessKeepingItsState() throws {
        let app = try App(
            next: #"{ "plugin": "TestScreens", "isolation": "process", "parameters": { "behaviour": "counter" } }"#)
        let host = try LiveTrellis(["run", app.config.path, "--headless", "--watch", "--timeout", "30"])

        let before = host.send(
            "tap Click Button\ntap Count\ntap Count\nexpect build one, count 2\ntree", readingThrough: "(TestScreens)\n"
        )
        try app.replacePlugin(with: try app.secondBuild)
        let swapped = host.readErrors(through: "its process started again)")
        let after = host.send(
            "expect build two, count 2\ntap Count\nexpect count 3\ntree", readingThrough: "(TestScreens)\n")
        let result = try host.finish()

        // The headless `reload ROUTE` does the same.
        let reloaded = try TrellisProcess.run(
            ["run", app.config.path, "--headless"],
            input: "tap Click Button\ntap Count\nexpect count 1\nreload next\nexpect count 1\n")

        #expect(swapped.contains("swapped next (TestScreens, its process started again)"), "\(swapped)")
        #expect(reloaded.status == 0, "\(reloaded.stdout) \(reloaded.stderr)")
        #expect(before.hasSuffix("main (MainScreen)\n  next (TestScreens)\n"), "\(before)")
        #expect(after == "main (MainScreen)\n  next (TestScreens)\n", "\(after)")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aBrokenBuildLeavesTheOldScreenRunningAndTheNextGoodBuildSwapsIn() throws {
        let app = try App()
        let host = try LiveTrellis(["run", app.config.path, "--headless", "--watch", "--timeout", "30"])

        _ = host.send("tap Click Button\ntap Count\nexpect build one, count 1\ntree", readingThrough: "(TestScreens)\n")
        try app.replacePlugin(with: try app.secondBuild.prefix(4096))
        let refusal = host.readErrors(through: "the old build keeps running: ") + host.readErrors(through: "\n")
        let during = host.send("tap Count\nexpect build one, count 2\ntree", readingThrough: "(TestScreens)\n")
        try app.replacePlugin(with: try app.secondBuild)
        _ = host.readErrors(through: "swapped next")
        _ = host.send("expect build two, count 2\ntree", readingThrough: "(TestScreens)\n")
        let result = try host.finish()

        #expect(
            refusal.contains("libTestScreens.so was not swapped in, the old build keeps running: libTestScreens.so"),
            "\(refusal)")
        #expect(during.hasSuffix("next (TestScreens)\n"), "the old build still answers")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Another plugin's build renamed over a loaded library used to be "swapped"
    /// in, and the route's state lost to a screen of another kind.
    @Test func anotherPluginsBuildRenamedOverALibraryIsNotSwappedIn() throws {
        let app = try App()
        let host = try LiveTrellis(["run", app.config.path, "--headless", "--watch", "--timeout", "30"])

        _ = host.send("tap Click Button\ntap Count\nexpect build one, count 1\ntree", readingThrough: "(TestScreens)\n")
        try app.replacePlugin(with: try Data(contentsOf: Products.plugin("NextScreen")))
        let refusal = host.readErrors(through: "the old build keeps running: ") + host.readErrors(through: "\n")
        let during = host.send("tap Count\nexpect build one, count 2\ntree", readingThrough: "(TestScreens)\n")
        let result = try host.finish()

        #expect(refusal.contains("now holds the plugin \"NextScreen\", not \"TestScreens\""), "\(refusal)")
        #expect(during.hasSuffix("next (TestScreens)\n"), "the old build still answers, its state kept")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func reloadSwapsOnDemandWithoutWatching() throws {
        let app = try App()
        let host = try LiveTrellis(["run", app.config.path, "--headless", "--timeout", "30"])

        _ = host.send("tap Click Button\ntap Count\nexpect build one, count 1\ntree", readingThrough: "(TestScreens)\n")
        try app.replacePlugin(with: try app.secondBuild)
        // Not watching: nothing changes until asked.
        let unchanged = host.send(
            "wait 0.3\nexpect build one, count 1\nreload\nexpect build two, count 1\ntree",
            readingThrough: "(TestScreens)\n")
        // A route named is built again even when its file is unchanged.
        let again = host.send(
            "tap Count\nreload next\nexpect build two, count 2\ntree", readingThrough: "(TestScreens)\n")
        let result = try host.finish()

        #expect(unchanged.hasSuffix("next (TestScreens)\n"))
        #expect(again.hasSuffix("next (TestScreens)\n"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.components(separatedBy: "swapped next (TestScreens 1.0.0)").count == 3, "\(result.stderr)")
    }

    @Test func reloadOfAnUnknownRouteSaysWhichRoutesThereAre() throws {
        let result = try TrellisProcess.run(["run", "Examples/main-next.json", "--headless"], input: "reload nxet\n")

        #expect(result.status == 1, "a reload that swaps nothing in is a failed step")
        #expect(result.stderr.contains("reload: route \"nxet\" is not defined in"))
        #expect(result.stderr.contains("Did you mean \"next\"?"), "\(result.stderr)")
    }

    @Test func theRootSwappedKeepsItsChildOpenThroughItsSavedState() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/main-next.json", "--headless"],
            input: """
                tap Click Button
                expect Close
                reload main
                expect Close
                tree
                key esc
                expect-not Close
                tree
                """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("swapped main (MainScreen"))
        #expect(
            result.stdout == "main (MainScreen)\n  next (NextScreen)\nmain (MainScreen)\n",
            "Main reopened Next, and back closes it")
    }

    /// A swap moved the focus to the new build's first control, so the next Enter
    /// pressed something else (a switch flipped): it stays on the same control.
    @Test func theFocusedControlIsStillFocusedAfterASwap() throws {
        let app = try App()
        let result = try TrellisProcess.run(
            ["run", app.config.path, "--headless"],
            input: """
                tap Click Button
                tap Count
                expect build one, count 1
                focus Close
                reload next
                expect build one, count 1
                key enter
                expect-not count
                tree
                """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("swapped next (TestScreens"), "\(result.stderr)")
        #expect(result.stdout == "main (MainScreen)\n", "Enter pressed Close, focused before the swap, not Count")
    }

    @Test func repositoriesKeepTheirPinsAcrossASwap() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/repositories.json", "--headless"],
            input: """
                expect swiftlang
                tap ReactiveX/RxSwift
                tap Pin
                key esc
                expect ★ ReactiveX/RxSwift
                reload repositories
                expect ★ ReactiveX/RxSwift
                expect ☆ swiftlang
                """)

        #expect(result.status == 0, "the new build fetched the list and pinned what was pinned: \(result.stderr)")
        #expect(result.stderr.contains("swapped repositories (Repositories"))
    }

    @Test func aTicTacToeGameMidWayKeepsItsBoardAcrossASwap() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/tictactoe.json", "--headless", "--size", "60x16"],
            input: """
                focus Player 1
                type Ann
                focus Player 2
                type Bob
                tap Login
                tap Start Game
                tap 1
                tap 5
                reload ticTacToe
                tap 9
                print
                """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("swapped ticTacToe (TicTacToe"))
        // X at 1 and 9, O at 5, and Bob's turn: the board and the turn survived.
        #expect(result.stdout.contains("Bob's turn (O)"), "\(result.stdout)")
        #expect(
            result.stdout.contains("X   [ 2 ] [ 3 ]") && result.stdout.contains("[ 4 ]   O   [ 6 ]")
                && result.stdout.contains("[ 7 ] [ 8 ]   X"), "\(result.stdout)")
    }

    @Test func aConfigEditRebindsALiveRouteAndABadOneIsRefused() throws {
        let app = try App(next: #"{ "plugin": "NextScreen" }"#)
        let host = try LiveTrellis(["run", app.config.path, "--headless", "--watch", "--timeout", "30"])

        _ = host.send("tap Click Button\nexpect Close\ntree", readingThrough: "(NextScreen)\n")
        try app.replaceConfig(
            with: App.config(next: #"{ "plugin": "TestScreens", "parameters": { "behaviour": "counter" } }"#))
        let applied = host.readErrors(through: "swapped next")
        let rebound = host.send("expect build one, count 0\ntree", readingThrough: "(TestScreens)\n")
        try app.replaceConfig(with: App.config(next: #"{ "plugin": "NoSuchPlugin" }"#))
        let refused =
            host.readErrors(through: "not applied, the app keeps running as it was: ") + host.readErrors(through: "\n")
        // A builder that throws on the new parameters: the old screen stays.
        try app.replaceConfig(
            with: App.config(next: #"{ "plugin": "TestScreens", "parameters": { "behaviour": "nonsense" } }"#))
        let failed =
            host.readErrors(through: "route next was not swapped, the old screen keeps running: ")
            + host.readErrors(through: "\n")
        let still = host.send("tap Count\nexpect build one, count 1\ntree", readingThrough: "(TestScreens)\n")
        let result = try host.finish()

        #expect(applied.contains("applied config.json"), "\(applied)")
        #expect(rebound == "main (MainScreen)\n  next (TestScreens)\n")
        #expect(refused.contains("config.json not applied") && refused.contains("NoSuchPlugin"), "\(refused)")
        #expect(failed.contains("unknown behaviour \"nonsense\""), "\(failed)")
        #expect(still == "main (MainScreen)\n  next (TestScreens)\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func inTheTerminalTheNewBuildAppearsInPlaceAndTheStatusLineSaysSo() throws {
        let app = try App()
        let tmux = try TmuxSession()
        try tmux.run("\(Products.trellis.path) run \(app.config.path) --watch; echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        try tmux.waitForText("build one, count 0")
        try tmux.send(["Enter"])
        try tmux.waitForText("build one, count 1")

        try app.replacePlugin(with: try app.secondBuild)
        let swapped = try tmux.waitForText("build two, count 1")
        // A refused build: the old one runs on, and the status line says why, cut
        // to the window's width rather than left out.
        try app.replacePlugin(with: try app.secondBuild.prefix(4096))
        let refused = try tmux.waitForText("libTestScreens.so was not swapped in")
        try tmux.send(["Escape"])
        let main = try tmux.waitForScreen { !$0.contains("count") }
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        #expect(swapped.contains("swapped next (TestScreens 1.0.0)"), "\(swapped)")
        #expect(refused.contains("build two, count 1") && refused.contains("…"), "\(refused)")
        #expect(main.contains("[ Click Button! ]"), "back goes to the Main that presented the first build")
    }
}
