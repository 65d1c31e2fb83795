import Foundation
import Testing
import TrellisTestSupport

/// The sandboxed Notes demo in a real terminal (tmux): asked, answered with the
/// keys, played, and its plugin mapped in its own process only, never the app's.
struct IsolationTerminalTests {
    /// The processes of `trellis run CONFIG` (the supervisor and the app), not
    /// the routes' own.
    private func appProcesses(running config: String) throws -> [String] {
        try pgrep("trellis run \(config)")
    }

    /// The pids of the processes whose command line contains `pattern`.
    private func pgrep(_ pattern: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        process.arguments = ["-f", pattern]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func theSandboxedNotesAreAnsweredAndPlayedWithTheKeysAndNeverMappedInTheApp() throws {
        let folder = try TemporaryFolder()
        let demo = "Examples/notes-isolated.json"
        let tmux = try TmuxSession(
            environment: ["XDG_CONFIG_HOME": folder.url.path + "/config", "XDG_DATA_HOME": folder.url.path + "/data"])
        try tmux.run("\(Products.trellis.path) run \(demo); echo EXITED=$?")
        let asked = try tmux.waitForText("Notes asks")
        // Deny is focused first; Tab to Allow.
        try tmux.send(["Tab"])
        try tmux.send(["Enter"])
        let played = try tmux.waitForText("Welcome to Notes")
        let maps = try appProcesses(running: demo).compactMap(pid_t.init).map(mappedFiles(of:))
        let routeProcesses = try pgrep("plugin-host")

        #expect(asked.contains("[ Deny ]  [ Allow ]"), "\(asked)")
        #expect(played.contains("notes"), "\(played)")
        #expect(maps.count == 2, "the supervisor and the app")
        #expect(maps.allSatisfy { !$0.isEmpty && !$0.contains("libNotes.so") }, "the app never maps the plugin")
        #expect(maps.allSatisfy { $0.contains("libTrellisSDK.so") }, "read to their end")
        #expect(!routeProcesses.isEmpty, "the route's own process runs")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }
}
