import Foundation
import Testing
import TrellisTestSupport

/// Bracketed pastes of any size are one paste, never keys. A paste over 1 MiB
/// used to be cut there and the rest replayed as key presses: a 1,060,001-byte
/// paste ending in `q` quit the launcher, a 1.1 MB multi-line paste pressed Enter
/// in Airports' search, and Notes saved a note cut mid-line.
struct LargePasteTests {
    private let trellis = Products.trellis.path

    @Test func aMegabytePasteEndingInQLeavesTheLauncherRunning() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("paste.txt")
        try (String(repeating: "x", count: 1_060_000) + "q").write(to: file, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run; echo EXITED=$?")
        try tmux.waitForText("Coordinator: Airports")

        try tmux.paste(file: file)
        let screen = try tmux.waitForText("paste: no text field has the focus")

        #expect(!screen.contains("EXITED"), "\(screen)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func aMultiLinePasteIntoTheSearchIsTextAndPressesNothing() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("paste.txt")
        try String(repeating: "seoul\n", count: 190_000).write(to: file, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("type to narrow")

        try tmux.paste(file: file)
        // The whole paste is the search, its line breaks spaces: no city is called that.
        let screen = try tmux.waitForText("0 of 16877 cities")

        #expect(!screen.contains("Airports of"), "Enter was never pressed: \(screen)")
        #expect(screen.contains("seoul seoul"), "\(screen)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    /// Notes used to save a note nobody asked to save: a 2 MB paste's overflow
    /// replayed its line breaks as keys, one of which pressed Save.
    @Test func aLargePasteIntoANoteEditsItAndSavesNothing() throws {
        let data = try TemporaryFolder()
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("paste.txt")
        try String(repeating: "pasted line of the large paste\n", count: 70_000)
            .write(to: file, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(columns: 100, rows: 30, environment: ["XDG_DATA_HOME": data.url.path])
        let notes = data.url.appendingPathComponent("trellis/notes")
        try tmux.run("\(trellis) run config.json --size 100x30; echo EXITED=$?")
        try tmux.openNotesFromTheLauncher()
        try tmux.click("Welcome  Welcome to Notes")
        try tmux.waitForText("[ Save ]  Saved copy")

        try tmux.paste(file: file)
        try tmux.waitForText("Edited, not saved")

        let saved = try String(contentsOf: notes.appendingPathComponent("Welcome.txt"), encoding: .utf8)
        #expect(!saved.contains("pasted line"), "the note was saved without being asked")
        try tmux.send(["Escape"])
        try tmux.waitForText("Discard your edits?")
        try tmux.click("[ Discard ]")
        try tmux.waitForText("1 note · / filters")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }
}
