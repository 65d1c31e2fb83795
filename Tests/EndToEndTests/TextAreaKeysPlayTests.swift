import Foundation
import Testing
import TrellisTestSupport

/// Notes' text area in a real terminal, with the keys nano and micro users
/// reach for: undo, select and copy to the terminal's clipboard, save, page.
struct TextAreaKeysPlayTests {
    @Test func notesTextAreaUndoesCopiesToTheTerminalSavesAndPages() throws {
        let data = try TemporaryFolder()
        let output = data.url.appendingPathComponent("output")
        let tmux = try TmuxSession(columns: 100, rows: 30, environment: ["XDG_DATA_HOME": data.url.path])
        try tmux.run("\(Products.trellis.path) run Examples/notes.json; echo EXITED=$?")
        try tmux.click("Welcome  Welcome to Notes")
        try tmux.waitForText("[ Save ]  Saved copy")
        try tmux.recordOutput(to: output)

        // Typed, then undone: the note is as it was saved.
        try tmux.send(["-l", "Mistake"])
        try tmux.waitForText("Edited, not saved")
        try tmux.send(["M-u"])
        try tmux.waitForText("Saved copy")
        // A new line typed, selected with Shift-Home, copied with Alt-W.
        try tmux.send(["Enter"])
        try tmux.send(["-l", "Copy me"])
        try tmux.send(["S-Home"])
        try tmux.send(["M-w"])
        let copied = try tmux.waitForText("copied “Copy me”")
        // Ctrl-S saves, as the Save button does.
        try tmux.send(["C-s"])
        try tmux.waitForText("Saved.")
        // Ctrl-Home and PageDown: the cursor's place in the area's edge follows.
        try tmux.send(["C-Home"])
        try tmux.waitForText(" 1:1 ")
        try tmux.send(["NPage"])
        let paged = try tmux.waitForScreen { !$0.contains(" 1:1 ") }
        let written = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try tmux.send(["Escape"])
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        #expect(copied.contains("Copy me"))
        #expect(written.contains("\u{1B}]52;c;" + Data("Copy me".utf8).base64EncodedString() + "\u{07}"))
        let notes = data.url.appendingPathComponent("trellis/notes/Welcome.txt")
        let saved = try String(contentsOf: notes, encoding: .utf8)
        #expect(saved.hasSuffix("\nCopy me") && !saved.contains("Mistake"), "\(saved)")
        #expect(paged.contains(":1 "), "\(paged)")
    }
}
