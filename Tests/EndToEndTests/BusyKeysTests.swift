import Foundation
import Testing
import TrellisTestSupport

/// Keys typed while the app is busy are the keys typed: the terminal's bytes are
/// read and decoded as they arrive, so an Esc is told from Alt by when it came.
struct BusyKeysTests {
    /// On a 28,000-row list, `/`, `1`, `2`, Esc, `j`, `j` typed 100 ms apart while
    /// the app was busy used to leave `/12j` in the filter: the app read Esc and
    /// `j` together and took them for Alt-j. Now Esc cancels the filter and the
    /// two `j`s move two rows, so Enter chooses row 3.
    @Test func escTypedWhileTheAppIsBusyCancelsTheFilterAndTheKeysAfterItMove() throws {
        let folder = try TemporaryFolder()
        let marker = folder.url.appendingPathComponent("busy")
        let release = folder.url.appendingPathComponent("release")
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "busyList",
                    "busy_marker": "\(marker.path)", "busy_release": "\(release.path)" } } }
                """)
        let tmux = try TmuxSession()
        try tmux.run("\(Products.trellis.path) run \(config.path); echo EXITED=$?")
        try tmux.waitForText("Chose nothing")
        // Enter chooses row 1, and the screen keeps the main thread until released.
        try tmux.send(["Enter"])
        try tmux.waitForFile(marker)
        for key in ["/", "1", "2", "Escape", "j", "j"] {
            try tmux.send(key == "Escape" ? [key] : ["-l", key])
            Thread.sleep(forTimeInterval: 0.1)
        }
        try Data().write(to: release)
        try tmux.waitForText("Chose Row 1")
        try tmux.send(["Enter"])
        let chosen = try tmux.waitForScreen { !$0.contains("Chose Row 1") }

        #expect(chosen.contains("Chose Row 3"), "\(chosen)")
        #expect(!chosen.contains("12j"), "\(chosen)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }
}
