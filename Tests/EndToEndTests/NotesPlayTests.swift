import Foundation
import Testing
import TrellisTestSupport

/// The Notes demo in a real terminal, opened from the launcher of the default
/// config: a note edited, the app killed with SIGKILL before it was saved, the
/// edit found again in the next run, then discarded with back's confirmation.
struct NotesPlayTests {
    @Test func anEditOutlivesAKilledAppAndBackAsksBeforeItIsDiscarded() throws {
        let data = try TemporaryFolder()
        let tmux = try TmuxSession(columns: 100, rows: 30, environment: ["XDG_DATA_HOME": data.url.path])
        let notes = data.url.appendingPathComponent("trellis/notes")
        // A marker of this test's own in the command line, for pkill: the data
        // folder, an empty plugin folder too (another test's `run config.json
        // --size 100x30`, running beside this one, was killed with it).
        let marker = "--plugins \(data.url.path)"
        let run = "\(Products.trellis.path) run config.json --size 100x30 \(marker)"

        try tmux.run(run)
        try tmux.openNotesFromTheLauncher()
        try tmux.click("Welcome  Welcome to Notes")
        try tmux.waitForText("[ Save ]  Saved copy")
        try tmux.send(["-l", "Kept through a kill"])
        try tmux.waitForText("Edited, not saved")
        #expect(
            (try? String(contentsOf: notes.appendingPathComponent(".Welcome.txt.draft"), encoding: .utf8))?
                .hasSuffix("Kept through a kill") == true)

        // SIGKILL to the app and its supervisor: nothing of the app runs after it.
        let kill = try Process.run(
            URL(fileURLWithPath: "/usr/bin/pkill"), arguments: ["-KILL", "-f", "--", marker])
        kill.waitUntilExit()
        try tmux.waitForText("$ ")
        try tmux.run("stty sane; clear; \(run); echo EXITED=$?")
        try tmux.openNotesFromTheLauncher()
        try tmux.waitForText("draft · ")
        try tmux.click("Welcome  Welcome to Notes")
        let recovered = try tmux.waitForText("Recovered edits that were not saved.")
        #expect(recovered.contains("Kept through a kill"))

        try tmux.send(["Escape"])
        try tmux.waitForText("Discard your edits?")
        try tmux.click("[ Discard ]")
        // The list reads the folder again once the editor has gone: the draft's mark goes.
        try tmux.waitForScreen { $0.contains("1 note · / filters") && !$0.contains("draft · ") }
        #expect(!FileManager.default.fileExists(atPath: notes.appendingPathComponent(".Welcome.txt.draft").path))
        let saved = try String(contentsOf: notes.appendingPathComponent("Welcome.txt"), encoding: .utf8)
        #expect(!saved.contains("Kept through a kill"), "discarded, the note is as it was saved")

        try tmux.send(["Escape"])
        try tmux.waitForText("Trellis pattern gallery")
        try tmux.send(["q"])
        try tmux.waitForText("EXITED=0")
    }
}
