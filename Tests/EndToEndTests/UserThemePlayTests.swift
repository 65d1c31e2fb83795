import Foundation
import Testing
import TrellisTestSupport

/// theme.json in a real terminal: the status line in the user's colours, and a
/// file that cannot be used stops the run, named; NO_COLOR still wins.
struct UserThemePlayTests {
    @Test func theUsersColoursDrawTheScreenAndABadFileIsSaid() throws {
        let config = try TemporaryFolder()
        let folder = config.url.appendingPathComponent("trellis")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let theme = folder.appendingPathComponent("theme.json")
        try Data(#"{ "styles": { "status": "white on red" } }"#.utf8).write(to: theme)
        let output = config.url.appendingPathComponent("output")
        let tmux = try TmuxSession(columns: 100, rows: 30, environment: ["XDG_CONFIG_HOME": config.url.path])
        let run = "\(Products.trellis.path) run config.json; echo EXITED=$?"
        try tmux.recordOutput(to: output)
        try tmux.run(run)
        try tmux.waitForText("Trellis pattern gallery")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
        let coloured = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try tmux.run("clear; NO_COLOR=1 " + run)
        try tmux.waitForText("Trellis pattern gallery")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
        let all = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let colourless = String(all.dropFirst(coloured.count))

        try Data(#"{ "styles": { "status": "sparkly" } }"#.utf8).write(to: theme)
        try tmux.run("clear; " + run)
        let refused = try tmux.waitForText("EXITED=2")

        #expect(coloured.contains("\u{1B}[37;41m"), "the status line in white on red")
        #expect(!colourless.contains("\u{1B}[37;41m") && colourless.contains("Trellis pattern gallery"), "NO_COLOR")
        let message = refused.replacingOccurrences(of: "\n", with: "")
        #expect(message.contains(#"theme.json: styles."status": "sparkly" is not a word of a style"#), "\(refused)")
    }
}
