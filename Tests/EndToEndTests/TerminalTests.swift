import Foundation
import Testing
import TrellisCore
import TrellisHost
import TrellisTestSupport

/// `trellis run` in a real terminal (tmux), driven from the keyboard.
struct TerminalTests {
    private let trellis = Products.trellis.path

    @Test func enterPresentsNextAndEscGoesBackToMain() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/main-next.json; echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")

        try tmux.send(["Enter"])
        let next = try tmux.waitForText("Now is")
        try tmux.send(["Escape"])
        let main = try tmux.waitForScreen { !$0.contains("Now is") }
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        #expect(next.contains("[ Close ]") && next.contains(" main › next "))
        #expect(main.contains("[ Click Button! ]") && main.contains(" main "))
    }

    /// What a plugin writes straight to the terminal stayed until the cells under
    /// it changed; Ctrl-L draws the whole screen again.
    @Test func ctrlLDrawsOverWhatAPluginWroteToTheTerminal() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/main-next.json; echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")
        let device = tmux.terminalDevice()
        let handle = FileHandle(forWritingAtPath: device)
        handle?.write(Data("\u{1B}[3;3HSTRAY OUTPUT".utf8))
        try handle?.close()
        let written = handle != nil
        let stray = try tmux.waitForText("STRAY OUTPUT")

        try tmux.send(["C-l"])
        let redrawn = try tmux.waitForScreen { !$0.contains("STRAY OUTPUT") }
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        #expect(written, "wrote to \(device)")
        #expect(stray.contains("STRAY OUTPUT"))
        #expect(redrawn.contains("[ Click Button! ]") && redrawn.contains(" main "))
    }

    @Test func enterOnCloseDismissesNext() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/main-next.json; echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")

        try tmux.send(["Enter"])
        try tmux.waitForText("[ Close ]")
        try tmux.send(["Enter"])
        let main = try tmux.waitForScreen { !$0.contains("[ Close ]") }

        #expect(main.contains("[ Hello, RIBs   ]"))
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func aKoreanTitleKeepsItsButtonFrameAligned() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" },
                            "parameters": { "title": "안녕하세요, RIBs\\nClick Button!" } },
                  "next": { "plugin": "NextScreen" } }
                """)
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run \(config.path)")

        let screen = try tmux.waitForText("안녕하세요")
        let lines = screen.split(separator: "\n").filter { $0.contains("[ ") }

        #expect(lines.count == 2)
        let closingColumns = lines.map { line in TextWidth.of(line[..<line.lastIndex(of: "]")!]) }
        let openingColumns = lines.map { line in TextWidth.of(line[..<line.firstIndex(of: "[")!]) }
        #expect(Set(closingColumns).count == 1, "\(screen)")
        #expect(Set(openingColumns).count == 1, "\(screen)")
        try tmux.send(["C-c"])
    }

    @Test func ctrlCLeavesTheAlternateScreenAndRestoresTheTerminal() throws {
        let tmux = try TmuxSession()
        try tmux.run("echo MARK-BEFORE")
        try tmux.run("\(trellis) run Examples/main-next.json; echo EXITED=$?")
        let running = try tmux.waitForText("[ Click Button! ]")

        try tmux.send(["C-c"])
        let after = try tmux.waitForText("EXITED=0")
        try tmux.run("stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo'")
        let settings = try tmux.waitForText("echo\n")

        #expect(!running.contains("MARK-BEFORE"), "the app draws on the alternate screen")
        #expect(after.contains("MARK-BEFORE") && !after.contains("Click Button"))
        #expect(settings.contains("\nicanon\n") && settings.contains("\necho\n"), "\(settings)")
    }

    @Test func theNextClockTicksWithNoKeyPressed() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/main-next.json; echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let first = try tmux.waitForText("Now is")
        let time = { (screen: String) in screen.split(separator: "\n").first { $0.contains("Now is") }.map(String.init)
        }

        let later = try tmux.waitForScreen { time($0) != nil && time($0) != time(first) }

        #expect(later.contains("[ Close ]"))
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func ctrlCRestoresTheTerminalWhileTasksArePending() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/repositories.json; echo EXITED=$?")
        try tmux.waitForText("Loading…")

        // The fetch and its 300 ms wait are still pending.
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
        try tmux.run("stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo'")
        let settings = try tmux.waitForText("echo\n")

        #expect(settings.contains("\nicanon\n") && settings.contains("\necho\n"), "\(settings)")
    }

    /// Main → Next from a config in `folder`, so that `pkill -f` on its path finds
    /// this run alone, started in tmux below a line `MARK-BEFORE`. With job control
    /// the shell runs it as a job of its own (for SIGTSTP and `fg`); without, it
    /// prints `EXITED=` and the status when the run ends.
    private func mainNextRunning(
        in folder: TemporaryFolder, columns: Int = 80,
        jobControl: Bool = false
    ) throws -> (TmuxSession, config: URL) {
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } }, "next": { "plugin": "NextScreen" } }
                """)
        let tmux = try TmuxSession(columns: columns, rows: 24)
        try tmux.run(jobControl ? "set -m; echo MARK-BEFORE" : "echo MARK-BEFORE")
        try tmux.run("\(trellis) run \(config.path)" + (jobControl ? "" : "; echo EXITED=$?"))
        try tmux.waitForText("[ Click Button! ]")
        return (tmux, config)
    }

    @Test(arguments: [("TERM", 143), ("QUIT", 131), ("USR1", 138), ("SEGV", 139), ("ABRT", 134), ("PIPE", 141)])
    func aSignalEndsTheAppWithTheTerminalRestored(signal: String, status: Int) throws {
        let folder = try TemporaryFolder()
        let (tmux, config) = try mainNextRunning(in: folder)

        _ = try TrellisProcess.run(
            ["pkill", "-\(signal)", "-f", "trellis run \(config.path)"],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        let after = try tmux.waitForText("EXITED=\(status)")
        try tmux.run("stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo'")
        let settings = try tmux.waitForText("echo\n")

        #expect(after.contains("MARK-BEFORE") && !after.contains("Click Button"), "\(after)")
        #expect(settings.contains("\nicanon\n") && settings.contains("\necho\n"), "\(settings)")
    }

    /// SIGKILL of the app (what the out-of-memory killer sends) used to leave raw
    /// mode and the alternate screen on: the supervisor restores them and says so.
    @Test func aKilledAppLeavesTheTerminalRestoredAndSaysOnWhichScreen() throws {
        let folder = try TemporaryFolder()
        let (tmux, config) = try mainNextRunning(in: folder, columns: 150)

        // The app is the supervisor's child; the supervisor is the process tmux's shell started.
        _ = try TrellisProcess.run(
            ["sh", "-c", "pkill -KILL -P \"$(pgrep -o -f 'trellis run \(config.path)')\""],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        let after = try tmux.waitForText("EXITED=137")
        try tmux.run("stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo'")
        let settings = try tmux.waitForText("echo\n")

        #expect(after.contains("MARK-BEFORE") && !after.contains("Click Button"), "off the alternate screen: \(after)")
        #expect(after.contains("the app was killed (SIGKILL"), "\(after)")
        #expect(after.contains("on screen main"), "\(after)")
        #expect(settings.contains("\nicanon\n") && settings.contains("\necho\n"), "\(settings)")
    }

    /// Ctrl-Z stops the app with the terminal given back to the shell.
    @Test func ctrlZSuspendsWithTheTerminalRestored() throws {
        let tmux = try TmuxSession()
        try tmux.run("set -m; echo MARK-BEFORE")
        try tmux.run("\(trellis) run Examples/main-next.json")
        try tmux.waitForText("[ Click Button! ]")

        try tmux.send(["C-z"])
        let stopped = try tmux.waitForText("Stopped")
        try tmux.run("stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo'")
        let settings = try tmux.waitForText("echo\n")
        try tmux.run("kill -9 %1")

        #expect(stopped.contains("MARK-BEFORE") && !stopped.contains("Click Button"), "the shell's screen is back")
        #expect(settings.contains("\nicanon\n") && settings.contains("\necho\n"), "\(settings)")
    }

    /// SIGTSTP sent to the supervisor's pid used to stop the supervisor alone: the
    /// app kept the alternate screen under the shell's prompt, and after `fg` keys
    /// echoed. Now the app is stopped with it, the terminal given back, and `fg`
    /// brings back a working screen.
    @Test(arguments: [false, true])
    func sigtstpToTheSupervisorSuspendsTheApp(thenFg: Bool) throws {
        let folder = try TemporaryFolder()
        let (tmux, config) = try mainNextRunning(in: folder, jobControl: true)

        // The oldest process of the run is the supervisor.
        _ = try TrellisProcess.run(
            ["pkill", "-TSTP", "-o", "-f", "trellis run \(config.path)"],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        let stopped = try tmux.waitForText("Stopped")
        #expect(
            stopped.contains("MARK-BEFORE") && !stopped.contains("Click Button"),
            "the shell's screen is back: \(stopped)")

        if thenFg {
            try tmux.run("clear; fg")
            // As in fgAfterCtrlZDrawsTheScreenAgain: no polling while the shell hands the terminal back.
            Thread.sleep(forTimeInterval: 1)
            try tmux.waitForText("[ Click Button! ]")
            try tmux.send(["Enter"])
            let next = try tmux.waitForText("Now is")
            #expect(next.contains("[ Close ]"), "keys work after the resume")
            try tmux.send(["C-c"])
        } else {
            try tmux.run("stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo'")
            let settings = try tmux.waitForText("echo\n")
            try tmux.run("kill -9 %1")
            #expect(settings.contains("\nicanon\n") && settings.contains("\necho\n"), "\(settings)")
        }
    }

    @Test func fgAfterCtrlZDrawsTheScreenAgain() throws {
        let tmux = try TmuxSession()
        try tmux.run("set -m")
        try tmux.run("\(trellis) run Examples/main-next.json; echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["C-z"])
        try tmux.waitForText("Stopped")

        try tmux.run("clear; fg")
        // Polling tmux at once, while the shell hands the terminal back, left the
        // resumed job with a hung-up terminal under the test runner (never by hand).
        Thread.sleep(forTimeInterval: 1)
        let resumed = try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let next = try tmux.waitForText("Now is")

        #expect(resumed.contains(" main "))
        #expect(next.contains("[ Close ]"), "keys work after the resume")
        try tmux.send(["C-c"])
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\(trellis) run Examples/main-next.json")
        try tmux.waitForText("[ Click Button! ]")

        tmux.resize(columns: 50, rows: 12)
        let screen = try tmux.waitForScreen { $0.contains(String(repeating: " ", count: 16) + "[ Click Button! ]\n") }

        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix(" main") && $0.hasSuffix("Ctrl-C quit") })
        try tmux.send(["C-c"])
    }

    @Test func tabMovesTheFocusAndNoColorDrawsWithoutColour() throws {
        let plain = try TmuxSession(environment: ["NO_COLOR": "1"])
        let coloured = try TmuxSession()
        for tmux in [plain, coloured] {
            try tmux.run("\(trellis) run Examples/tictactoe.json; echo EXITED=$?")
            try tmux.waitForText("Player 1 name")
        }

        let plainScreen = plain.screenWithAttributes()
        let colouredScreen = coloured.screenWithAttributes()
        try plain.send(["Tab", "Tab", "Enter"])
        try plain.waitForText("Player 1 (0) vs Player 2 (0)")

        // The status line: cyan background with colour, reverse video without.
        #expect(colouredScreen.contains("46m"))
        #expect(
            !plainScreen.contains("46m") && !plainScreen.contains("36m") && !plainScreen.contains("90m"),
            "\(plainScreen)")
        #expect(plainScreen.contains("\u{1B}[7m"), "focus and the status line stay visible in reverse video")
        for tmux in [plain, coloured] { try tmux.send(["C-c"]) }
        try plain.waitForText("EXITED=0")
    }

    @Test func trellisThemeChoosesTheColoursAndNoColorStillWins() throws {
        let light = try TmuxSession(environment: ["TRELLIS_THEME": "light"])
        let plain = try TmuxSession(environment: ["TRELLIS_THEME": "high-contrast", "NO_COLOR": "1"])
        for tmux in [light, plain] {
            try tmux.run("\(trellis) run Examples/tictactoe.json; echo EXITED=$?")
            try tmux.waitForText("Player 1 name")
        }

        let lightScreen = light.screenWithAttributes()
        let plainScreen = plain.screenWithAttributes()
        for tmux in [light, plain] { try tmux.send(["C-c"]) }
        try light.waitForText("EXITED=0")

        // The light theme's status line: white on blue.
        #expect(lightScreen.contains("44m") && !lightScreen.contains("46m"), "\(lightScreen)")
        #expect(
            !plainScreen.contains("44m") && !plainScreen.contains("107m") && !plainScreen.contains("46m"),
            "\(plainScreen)")
    }

    @Test func theTutorialGameIsPlayableFromTheKeyboard() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/tictactoe.json; echo EXITED=$?")
        let offGame = try tmux.playTutorialToAWinByKeyboard()
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        #expect(offGame.contains("root › loggedIn › offGame"))
    }
}
