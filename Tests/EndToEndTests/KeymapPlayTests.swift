import Foundation
import Testing
import TrellisTestSupport

/// keys.json in a real terminal: the user's key moves as the key it names,
/// `?` lists it, and a file that cannot be used stops the run, named.
struct KeymapPlayTests {
    @Test func theUsersKeyActsAsTheKeyItNamesAndABadFileIsSaid() throws {
        let config = try TemporaryFolder()
        let folder = config.url.appendingPathComponent("trellis")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keys = folder.appendingPathComponent("keys.json")
        try Data(#"{ "keys": { "ctrl-b": "down" } }"#.utf8).write(to: keys)
        let tmux = try TmuxSession(columns: 100, rows: 40, environment: ["XDG_CONFIG_HOME": config.url.path])
        let run = "\(Products.trellis.path) run config.json; echo EXITED=$?"
        try tmux.run(run)
        try tmux.waitForText("Trellis pattern gallery")
        try tmux.send(["?"])
        let help = try tmux.waitForText("Your keys (keys.json):")
        try tmux.send(["Escape"])
        try tmux.waitForScreen { !$0.contains("Your keys") }
        // Ctrl-B: down to the second demo, the tutorial, which Enter opens.
        try tmux.send(["C-b", "Enter"])
        try tmux.waitForText("Player 1 name")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        try Data(#"{ "keys": { "ctrl-b": "sideways" } }"#.utf8).write(to: keys)
        try tmux.run("clear; " + run)
        let refused = try tmux.waitForText("EXITED=2")

        #expect(help.contains("ctrl-b  as down"), "\(help)")
        // The message as one line: the terminal wraps it at its width.
        let message = refused.replacingOccurrences(of: "\n", with: "")
        #expect(message.contains(#"keys.json: keys."ctrl-b": the key it acts as must be a key name"#), "\(refused)")
    }
}
