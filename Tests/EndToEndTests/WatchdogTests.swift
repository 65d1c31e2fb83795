import Foundation
import Glibc
import Testing
import TrellisTestSupport

/// A screen whose code never returns (a tap handler or a builder stuck in a loop)
/// used to freeze the app for good: Ctrl-C and signals to end were queued to the
/// blocked loop, and only `kill -9` ended it, leaving the terminal raw.
struct WatchdogTests {
    private func stuckConfig(_ behaviour: String, seconds: Int? = nil, in folder: TemporaryFolder) throws -> URL {
        let extra = seconds.map { ", \"seconds\": \($0)" } ?? ""
        return try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "boom" } },
                  "boom": { "plugin": "TestScreens", "parameters": { "behaviour": "\(behaviour)"\(extra) } } }
                """)
    }

    /// Opens the stuck screen in a terminal and taps Freeze.
    private func freeze(_ config: URL) throws -> TmuxSession {
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try tmux.runTrellis(config: config)
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        try tmux.waitForText("Frozen soon")
        try tmux.send(["Tab", "Enter"])
        return tmux
    }

    @Test func inATerminalAStuckScreenIsSaidToBeNotRespondingAndCtrlCEndsItWithWhereItIsStuck() throws {
        let folder = try TemporaryFolder()
        let tmux = try freeze(try stuckConfig("hangInTap", in: folder))
        let notice = try tmux.waitForText("not responding for")
        try tmux.send(["C-c"])
        let end = try tmux.waitForExit()

        #expect(notice.contains("Ctrl-C ends the app · handling input on route boom (plugin TestScreens)"), "\(notice)")
        #expect(end.contains("EXITED=3"), "\(end)")
        #expect(end.contains("the app stopped responding"))
        #expect(end.contains("ended with Ctrl-C"))
        #expect(end.contains("where the plugin is stuck:"))
        #expect(end.contains("TestScreens.hangForever()"), "the main thread's frames in the plugin: \(end)")
        // The terminal was given back: the line discipline echoes and edits again.
        #expect(end.contains("TTY=[icanon echo ]"), "\(end)")
    }

    @Test func aScreenThatComesBackIsDrawnAgainWithoutTheNotice() throws {
        let folder = try TemporaryFolder()
        let tmux = try freeze(try stuckConfig("hangInTap", seconds: 5, in: folder))
        try tmux.waitForText("not responding for")
        let back = try tmux.waitForText("Thawed")
        let settled = try tmux.waitForScreen { !$0.contains("not responding") }
        try tmux.send(["C-c"])
        let end = try tmux.waitForExit()

        #expect(back.contains("Thawed"))
        #expect(settled.contains("main › boom"), "the app's own status line is back: \(settled)")
        #expect(end.contains("EXITED=0"), "the user quit as usual: \(end)")
    }

    @Test func aSignalToEndWhileTheScreenIsStuckEndsTheApp() throws {
        let folder = try TemporaryFolder()
        let config = try stuckConfig("hangInTap", in: folder)
        let tmux = try freeze(config)
        try tmux.waitForText("not responding for")
        // The oldest process run with this config is the supervisor.
        let kill = try TrellisProcess.run(
            ["pkill", "-TERM", "-o", "-f", config.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        let end = try tmux.waitForExit()

        #expect(kill.status == 0)
        #expect(end.contains("EXITED=3"), "\(end)")
        #expect(end.contains("ended by signal 15, which it could not act on"), "\(end)")
    }

    /// At the step's time-out, and never before 5 s: a loaded machine's slow start
    /// is not a hang.
    @Test(arguments: ["hangInTap", "hangInBuild"])
    func headlessAStuckStepFailsAtItsTimeOutWithWhereThePluginIsStuck(behaviour: String) throws {
        let folder = try TemporaryFolder()
        let script =
            behaviour == "hangInTap"
            ? "tap Click Button\ntap Freeze\nexpect Never\n" : "tap Click Button\nexpect Never\n"
        let result = try TrellisProcess.run(
            ["run", try stuckConfig(behaviour, in: folder).path, "--headless", "--timeout", "1"],
            input: script)

        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("the app stopped responding"), "\(result.stderr)")
        #expect(result.stderr.contains("ended at the step's time-out (--timeout"))
        #expect(
            result.stderr.contains(
                behaviour == "hangInTap"
                    ? "running:    handling input on route boom (plugin TestScreens)"
                    : "running:    building route boom (plugin TestScreens)"))
        #expect(result.stderr.contains("TestScreens.hangForever()"), "\(result.stderr)")
    }

    /// A plugin's own SIGSEGV handler that returns makes the fault come back
    /// forever: the app used to hang with no report.
    @Test func aPluginsOwnFaultHandlerThatReturnsIsAStuckScreen() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            [
                "run", try stuckConfig("ownSegfaultHandlerInBuild", in: folder).path, "--headless",
                "--timeout", "1",
            ], input: "tap Click Button\nexpect Never\n")

        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("the app stopped responding"), "\(result.stderr)")
        #expect(result.stderr.contains("running:    building route boom (plugin TestScreens)"))
        #expect(result.stderr.contains("TestScreensBuilder.build"), "where it faults: \(result.stderr)")
    }

    @Test func validateReportsTheRouteWhoseBuilderDoesNotReturn() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "hangInBuild" } } }
                """)
        let result = try TrellisProcess.run(["validate", config.path])

        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("route \"main\": its plugin"), "\(result.stderr)")
        #expect(result.stderr.contains("did not return within 5 s while it was loaded or built"))
        #expect(result.stderr.contains("TestScreens.hangForever()"))
    }
}
