import Foundation
import Testing
import TrellisTestSupport

/// Plugins that end the app where a crash handler on the thread's own stack, or
/// one whose signal is blocked, never runs, and plugins that pass a resource
/// limit: each is reported with its route and plugin, and the run exits 3.
struct HostileCrashTests {
    private func crashingConfig(_ behaviour: String, in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "boom" } },
                  "boom": { "plugin": "TestScreens",
                            "parameters": { "behaviour": "\(behaviour)", "file": "\(folder.url.path)/written" } } }
                """)
    }

    /// Before, a recursion without end died with status 139 and nothing said; a
    /// blocked signal the same; RLIMIT_CPU and RLIMIT_FSIZE ended the app with 152
    /// and 153, unreported. (The hang limit is lifted: a second of CPU time can
    /// take longer than that on a loaded machine.)
    @Test(arguments: [
        ("recursionInBuild", "SIGSEGV, the stack ran out: a recursion without end?", true),
        ("blockedSignalsSegfaultInBuild", "SIGSEGV, a bad memory access", false),
        ("cpuLimitInBuild", "SIGXCPU, the process's CPU time limit (RLIMIT_CPU) was reached", true),
        ("fileSizeLimitInBuild", "SIGXFSZ, a write passed the file size limit (RLIMIT_FSIZE)", true),
    ])
    func aPluginThatEndsTheAppPastItsHandlersIsReportedByRouteAndPlugin(
        behaviour: String, cause: String, hasFrames: Bool
    ) throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig(behaviour, in: folder)
        let result = try TrellisProcess.run(
            ["env", "TRELLIS_HANG_SECONDS=3600", Products.trellis.path, "run", config.path, "--headless"],
            input: "tap Click Button\n", executable: URL(fileURLWithPath: "/usr/bin/env"))

        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("trellis: a plugin crashed the app (\(cause))."), "\(result.stderr)")
        #expect(result.stderr.contains("running:    building route boom (plugin TestScreens)"))
        if hasFrames {
            #expect(result.stderr.contains("frames in the plugin:\n    libTestScreens.so +0x"), "\(result.stderr)")
        } else {
            #expect(result.stderr.contains("(no frames: the crash handler could not run"), "\(result.stderr)")
        }
    }

    /// The handler notes a crash signal another process sent: no report, and
    /// `trellis` ends by the signal as it was sent.
    @Test func aCrashSignalSentWithKillIsNotReportedAsACrash() throws {
        let host = try LiveTrellis(["run", "Examples/main-next.json", "--headless"])
        _ = host.send("expect Click Button\ntree", readingThrough: "(MainScreen)\n")

        kill(host.processIdentifier, SIGSEGV)
        // Until trellis ends (its standard error closes), with its input still
        // open: at end of input it would end by itself, perhaps first.
        let said = host.readErrors(through: "\u{0}")
        let result = try host.finish()

        #expect(result.status == SIGSEGV, "\(result.stderr)")
        #expect(!(said + result.stderr).contains("crashed the app"), "\(said)\(result.stderr)")
    }

    /// In a terminal, the stack's end is a crash like any other: the terminal is
    /// given back, a restart is offered, and the run started again ends with 3.
    @Test func inATerminalARecursionIsOfferedARestartAndTheRunEndsWithTheCrashStatus() throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig("recursionInBuild", in: folder)
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try tmux.runTrellis(config: config)
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let report = try tmux.waitForText("Press Enter to start the app again")
        try tmux.send(["Enter"])
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let error = try tmux.waitForText("This screen could not be shown")
        try tmux.send(["C-c"])
        let end = try tmux.waitForExit()

        #expect(report.contains("(SIGSEGV, the stack ran out: a recursion without end?)"), "\(report)")
        #expect(report.contains("TestScreens.recurse(Swift.Int)"), "\(report)")
        #expect(error.contains("route \"boom\": plugin TestScreens crashed the app"), "\(error)")
        #expect(end.contains("EXITED=3"), "\(end)")
        #expect(end.contains("TTY=[icanon echo ]"), "the terminal was given back: \(end)")
    }

    /// A plugin that ignored SIGHUP defeated the signal the kernel sends when the
    /// supervisor is killed: the app ran on, orphaned, on the raw terminal.
    @Test func anAppWhosePluginIgnoresHangUpsStillEndsWithItsSupervisor() throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig("ignoreHangUps", in: folder)
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try tmux.runTrellis(config: config)
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        try tmux.waitForText("Hang-ups ignored")
        let found = try TrellisProcess.run(
            ["pgrep", "-o", "-f", config.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        let supervisor = try #require(pid_t(found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let children = try TrellisProcess.run(
            ["pgrep", "-P", "\(supervisor)"], executable: URL(fileURLWithPath: "/usr/bin/env"))
        let app = try #require(pid_t(children.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))

        kill(supervisor, SIGKILL)
        let alive = !waitForProcessEnd(app, seconds: 30)
        try tmux.run(
            "stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo' | tr '\\n' ' ' | sed 's/^/AFTER=[/; s/$/]/'"
        )
        let after = try tmux.waitForScreen { $0.range(of: "AFTER=\\[[a-z -]*\\]", options: .regularExpression) != nil }

        #expect(!alive, "the app \(app) outlived its supervisor \(supervisor)")
        #expect(after.contains("AFTER=[icanon echo ]"), "the terminal was given back: \(after)")
    }

    /// A plugin that closed every descriptor from 3 up took the loop's pipes: the
    /// app spun on POLLNVAL, and SIGTERM, SIGINT and SIGHUP were lost.
    @Test func aPluginThatClosesTheLoopsDescriptorsEndsTheAppWithAMessage() throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig("closeDescriptorsInBuild", in: folder)
        let headless = try TrellisProcess.run(
            ["run", config.path, "--headless"], input: "tap Click Button\nprint\n")
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try tmux.runTrellis(config: config)
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let end = try tmux.waitForExit()

        #expect(headless.status == 3, "\(headless.stderr)")
        #expect(headless.stderr.contains("trellis: a plugin closed descriptor "), "\(headless.stderr)")
        #expect(headless.stderr.contains("A plugin must close only the descriptors it opened."))
        #expect(end.contains("EXITED=3") && end.contains("a plugin closed descriptor"), "\(end)")
        #expect(end.contains("TTY=[icanon echo ]"), "the terminal was given back: \(end)")
    }

    /// In a terminal, a plugin that closed the standard streams ended the app as
    /// if the terminal had hung up: status 129, and not a word.
    @Test func inATerminalAPluginThatClosesTheStandardStreamsIsNamed() throws {
        let folder = try TemporaryFolder()
        let config = try crashingConfig("closeStandardStreams", in: folder)
        let tmux = try TmuxSession(columns: 160, rows: 30)
        try tmux.runTrellis(config: config)
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let end = try tmux.waitForExit()

        #expect(end.contains("EXITED=3"), "\(end)")
        #expect(end.contains("a plugin closed the app's standard input"), "\(end)")
        #expect(end.contains("TTY=[icanon echo ]"), "the terminal was given back: \(end)")
    }
}
