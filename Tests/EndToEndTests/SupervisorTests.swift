import Foundation
import Testing
import TrellisTestSupport

/// `trellis run` under its supervisor: a plugin that crashes is reported by route,
/// plugin and message, and in a terminal the app starts again without it.
struct SupervisorTests {
    private func crashingConfig(_ behaviour: String, in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "boom" } },
                  "boom": { "plugin": "TestScreens", "parameters": { "behaviour": "\(behaviour)" } } }
                """)
    }

    // abort() raises SIGABRT with SI_TKILL, which used to read as "sent with kill":
    // no frames, no report, status 134.
    @Test(arguments: [("fatalErrorInBuild", "SIGILL"), ("segfaultInBuild", "SIGSEGV"), ("abortInBuild", "SIGABRT")])
    func aCrashingChildIsReportedWithItsRoutePluginAndMessage(behaviour: String, signal: String) throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            ["run", try crashingConfig(behaviour, in: folder).path, "--headless"],
            input: "print\ntap Click Button\nprint\n")

        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("trellis: a plugin crashed the app (\(signal)"))
        #expect(result.stderr.contains("running:    building route boom (plugin TestScreens)"))
        #expect(result.stderr.contains("on screen:  main"))
        #expect(result.stderr.contains("frames in the plugin:\n    libTestScreens.so +0x"))
        if behaviour == "fatalErrorInBuild" {
            #expect(result.stderr.contains("message:    TestScreens/TestScreensPlugin.swift"))
            #expect(result.stderr.contains("Fatal error: the test screen crashed on purpose"))
        }
        #expect(result.stdout.contains("[ Click Button! ]"), "the screen before the crash was printed")
    }

    @Test func aHeadlessRunAtATerminalExitsThreeInsteadOfOfferingARestart() throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig("fatalErrorInBuild", in: folder)
        let script = try folder.write("tap Click Button\n", to: "walk.trellis")
        // `script` gives the run a terminal on standard input and output.
        let command = "\(Products.trellis.path) run \(config.path) --headless --script \(script.path); echo EXIT=$?"
        let result = try TrellisProcess.run(
            ["script", "-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/env"))

        #expect(result.stdout.contains("EXIT=3"), "\(result.stdout)")
        #expect(!result.stdout.contains("Press Enter to start the app again"))
    }

    @Test func withTheSupervisorOffACrashIsTheProcessItself() throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig("fatalErrorInBuild", in: folder)
        let result = try TrellisProcess.run(
            ["env", "TRELLIS_SUPERVISOR=off", Products.trellis.path, "run", config.path, "--headless"],
            input: "tap Click Button\n", executable: URL(fileURLWithPath: "/usr/bin/env"))

        #expect(result.status != 3 && result.status != 0)
        #expect(!result.stderr.contains("a plugin crashed the app"))
        #expect(result.stderr.contains("Fatal error: the test screen crashed on purpose"))
    }

    @Test func aNormalRunAndAFailedExpectationKeepTheirStatusAndOutput() throws {
        let ok = try TrellisProcess.run(["run", "Examples/main-next.json", "--headless"], input: "print\n")
        let failed = try TrellisProcess.run(
            ["run", "Examples/main-next.json", "--headless", "--timeout", "0"], input: "expect Nope\n")

        #expect(ok.status == 0 && ok.stdout.contains("[ Click Button! ]") && ok.stderr.isEmpty)
        #expect(failed.status == 1 && failed.stderr.contains("expected the screen to contain \"Nope\""))
    }

    /// Main in a terminal, whose Enter builds a child that crashes the app: at the
    /// supervisor's prompt, with its report.
    private func atTheCrashPrompt(in folder: TemporaryFolder) throws -> (TmuxSession, report: String) {
        let config = try crashingConfig("fatalErrorInBuild", in: folder)
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try tmux.run("\(Products.trellis.path) run \(config.path); echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        return (tmux, try tmux.waitForText("Press Enter to start the app again"))
    }

    @Test func inATerminalTheReportIsReadableAndTheAppRestartsWithTheErrorInPlace() throws {
        let folder = try TemporaryFolder()
        let (tmux, report) = try atTheCrashPrompt(in: folder)
        try tmux.send(["Enter"])
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let error = try tmux.waitForText("This screen could not be shown")
        try tmux.send(["Escape"])
        let back = try tmux.waitForScreen { $0.contains("[ Click Button! ]") && !$0.contains("could not be shown") }
        try tmux.send(["C-c"])
        // The run started again still ends with the crash's status (it ended 0).
        try tmux.waitForText("EXITED=3")

        #expect(report.contains("running:    building route boom (plugin TestScreens)"), "\(report)")
        #expect(report.contains("Fatal error: the test screen crashed on purpose"))
        #expect(error.contains("route \"boom\": plugin TestScreens crashed the app"))
        #expect(back.contains(" main "), "the rest of the app still works")
    }

    /// A plugin's `exit(0)` ended a terminal run with no offer to go on, where a
    /// crash offers one: it is offered the same, the route shown as an error.
    @Test func inATerminalAPluginsExitIsOfferedARestartAsACrashIs() throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig("exitInBuild", in: folder)
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try tmux.run("\(Products.trellis.path) run \(config.path); echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let offer = try tmux.waitForText("Press Enter to start the app again")
        try tmux.send(["Enter"])
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let error = try tmux.waitForText("This screen could not be shown")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=3")

        #expect(offer.contains("a plugin ended the app (exit status 0) while building route boom"), "\(offer)")
        #expect(error.contains("its plugin ended the app (exit status 0)"), "\(error)")
    }

    /// A helper the plugin starts keeps the supervisor's pipe open after the app
    /// ends: the supervisor used to wait for it (here, for five minutes).
    @Test(arguments: [["run", "CONFIG", "--headless"], ["validate", "CONFIG"]])
    func aHelperThatOutlivesTheAppDoesNotKeepTrellisWaiting(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let pidFile = folder.url.appendingPathComponent("helper.pid")
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "backgroundHelper", "pidFile": "\(pidFile.path)" } } }
                """)
        defer {
            if let pid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap({
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }) {
                kill(pid, SIGKILL)
            }
        }

        let result = try TrellisProcess.run(
            arguments.map { $0 == "CONFIG" ? config.path : $0 }, input: "expect Helper started\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("timed out"), "trellis waited for the helper: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: pidFile.path), "the helper was started")
    }

    /// A plugin that ends the process itself used to end trellis with its status
    /// (0 for `exit(0)`, with the rest of the script never run), and validate said OK.
    @Test(arguments: [("exitInBuild", 0), ("underscoreExitInBuild", 7)])
    func aPluginThatEndsTheProcessIsReportedAsACrash(behaviour: String, code: Int) throws {
        let folder = try TemporaryFolder()
        let run = try TrellisProcess.run(
            ["run", try crashingConfig(behaviour, in: folder).path, "--headless"],
            input: "tap Click Button\nexpect Never shown\n")
        let root = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "\(behaviour)" } } }
                """, name: "root.json")
        let validate = try TrellisProcess.run(["validate", root.path])

        #expect(run.status == 3, "never the plugin's own status: \(run.stderr)")
        #expect(
            run.stderr.contains(
                "a plugin ended the app (exit status \(code)) while building route boom (plugin TestScreens)"),
            "\(run.stderr)")
        #expect(validate.status == 2, "\(validate.stderr)")
        #expect(
            validate.stderr.contains(
                "route \"main\": the process that built it exited with status \(code) while building route main"),
            "\(validate.stderr)")
    }

    /// A plugin that closes standard input, output and error: the loop used to
    /// poll the closed input again at once, forever, at 100 % of a core.
    @Test func aPluginThatClosesTheStandardStreamsEndsTheRunInsteadOfSpinning() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "closer" } },
                  "closer": { "plugin": "TestScreens", "parameters": { "behaviour": "closeStandardStreams" } } }
                """)

        let result = try TrellisProcess.run(
            ["run", config.path, "--headless"], input: "print\ntap Click Button\nwait 0.2\nprint\n")

        #expect(!result.stderr.contains("timed out"), "the run ended: \(result.stderr)")
        #expect(result.stdout.contains("[ Click Button! ]"), "what came before the plugin closed the streams")
        // It ended with status 0, its output lost, and nothing said.
        #expect(result.status == 3, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "trellis: a plugin closed the app's standard input and standard output and standard error"),
            "\(result.stderr)")
    }

    /// `kill -9` of the supervisor used to leave the app running, orphaned, for as
    /// long as its input stayed open.
    @Test func theAppEndsWithItsSupervisor() throws {
        let host = try LiveTrellis(["run", "Examples/main-next.json", "--headless"])
        _ = host.send("expect Click Button\ntree", readingThrough: "(MainScreen)\n")
        let supervisor = host.processIdentifier
        let children = try TrellisProcess.run(
            ["pgrep", "-P", "\(supervisor)"], executable: URL(fileURLWithPath: "/usr/bin/env"))
        let app = try #require(
            pid_t(children.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "the app is the supervisor's child")

        kill(supervisor, SIGKILL)
        // The app ends a moment after; its input is still open.
        let alive = !waitForProcessEnd(app, seconds: 5)

        #expect(
            !alive,
            "the app \(app) outlived its supervisor \(supervisor): \((try? String(contentsOfFile: "/proc/\(app)/stat", encoding: .utf8)) ?? "gone")"
        )
    }

    /// The prompt used to echo ^C and stay, and to restart the app at end of input.
    @Test(arguments: [["C-c"], ["C-d"]])
    func ctrlCOrEndOfInputAtTheCrashPromptQuitsWithTheCrashStatus(keys: [String]) throws {
        let folder = try TemporaryFolder()
        let (tmux, _) = try atTheCrashPrompt(in: folder)

        try tmux.send(keys)
        // The status, not the command line typed (which holds `EXITED=$?`).
        let screen = try tmux.waitForScreen { $0.range(of: "EXITED=[0-9]", options: .regularExpression) != nil }

        // Before, ^C was echoed and ignored, and end of input started the app again.
        #expect(screen.contains("EXITED=3"), "\(keys) quits with the crash's status: \(screen)")
    }
}

/// `trellis validate --deep`: every route built once, each in its own process.
struct DeepValidationTests {
    @Test func deepValidationListsExactlyTheRoutesThatThrowOrCrash() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "launcher": { "plugin": "Launcher", "children": { "mainNext": "main", "tictactoe": "crash",
                                "candyStore": "segfault", "airports": "airports", "repositories": "throws",
                                "widgets": "widgets", "notes": "notes" } },
                  "widgets": { "plugin": "Widgets" },
                  "notes": { "plugin": "Notes" },
                  "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "NextScreen" },
                  "crash": { "plugin": "TestScreens", "parameters": { "behaviour": "fatalErrorInBuild" } },
                  "segfault": { "plugin": "TestScreens", "parameters": { "behaviour": "segfaultInBuild" } },
                  "airports": { "plugin": "AirportSearch" },
                  "throws": { "plugin": "TestScreens", "parameters": { "behaviour": "no such behaviour" } } }
                """, root: "launcher")

        let shallow = try TrellisProcess.run(["validate", config.path])
        let deep = try TrellisProcess.run(["validate", "--deep", config.path])

        #expect(shallow.status == 0, "without --deep only the root is built: \(shallow.stderr)")
        #expect(deep.status == 2)
        let failed = deep.stderr.split(separator: "\n").filter { $0.hasPrefix("trellis: error: route") }
        #expect(failed.count == 3, "\(deep.stderr)")
        #expect(deep.stderr.contains("error: route \"crash\": its plugin ("))
        #expect(deep.stderr.contains("/libTestScreens.so) crashed while it was loaded or built (SIGILL"))
        #expect(deep.stderr.contains("Fatal error: the test screen crashed on purpose"))
        #expect(deep.stderr.contains("error: route \"segfault\": its plugin ("))
        #expect(deep.stderr.contains("/libTestScreens.so) crashed while it was loaded or built (SIGSEGV"))
        #expect(
            deep.stderr.contains(
                "error: route \"throws\": plugin TestScreens failed to build its screen: unknown behaviour"))
        for good in ["main", "next", "airports", "widgets", "launcher"] {
            #expect(!deep.stderr.contains("route \"\(good)\""), "\(good) was reported")
        }
    }
}

/// The leak detector: a detached route's router, interactor and view must go away.
struct LeakDetectorTests {
    private func leakyConfig(in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "leaky" } },
                  "leaky": { "plugin": "TestScreens", "parameters": { "behaviour": "leakyRouter" } } }
                """)
    }

    @Test func aLeakedRouteIsNamedWithItsPluginAndTypesAndFatalFailsTheRun() throws {
        let folder = try TemporaryFolder()
        let config = try leakyConfig(in: folder)
        let script = "tap Click Button\nexpect I will leak\nkey esc\nexpect Click Button\n"
        let warned = try TrellisProcess.run(
            ["env", "TRELLIS_LEAKS=warn", Products.trellis.path, "run", config.path, "--headless"],
            input: script, executable: URL(fileURLWithPath: "/usr/bin/env"))
        let fatal = try TrellisProcess.run(["run", config.path, "--headless"], input: script + "wait 1.5\nprint\n")

        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(
            warned.stderr.contains(
                "leak: route leaky (plugin TestScreens) was detached, but its "
                    + "ViewableRouter<TestInteractor, ViewController>, TestInteractor, ViewController are still alive"))
        #expect(fatal.status == 1, "TRELLIS_LEAKS=fatal, the tests' default")
        #expect(fatal.stderr.contains("leak: route leaky (plugin TestScreens)"))
        #expect(!fatal.stdout.contains("Click Button"), "the run ended at the leak, before the print")
    }

    @Test func routesThatGoAwayAreNotReported() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/main-next.json", "--headless"],
            input: "tap Click Button\ntap Close\ntap Click Button\nkey esc\nwait 1.2\n")
        #expect(result.status == 0 && !result.stderr.contains("leak"), "\(result.stderr)")
    }
}
