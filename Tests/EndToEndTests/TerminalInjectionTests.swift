import Foundation
import Testing
import TrellisTestSupport

/// Text from a config reaches the terminal in many places; a route id holding
/// escape sequences used to end the window title and write its own sequences
/// (the test took the terminal off the alternate screen while the app ran).
/// Each place below writes a config's strings; none may pass an escape through.
struct TerminalInjectionTests {
    /// Ends the title, sets another, then leaves the alternate screen.
    private static let rootID = #"m\u001b]2;PWNED\u0007\u001b[?1049lX"#
    private static let childID = #"n\u001b[31mRED"#
    private static let injected = ["\u{1B}]2;PWNED", "\u{1B}[?1049lX", "\u{1B}[31mRED"]

    private func config(in folder: TemporaryFolder, child: String = "NextScreen", parameters: String = "{}") throws
        -> URL
    {
        try folder.writeConfig(
            routes: """
                { "\(Self.rootID)": { "plugin": "MainScreen", "children": { "next": "\(Self.childID)" } },
                  "\(Self.childID)": { "plugin": "\(child)", "parameters": \(parameters) } }
                """, root: Self.rootID)
    }

    @Test func inTheTerminalTheTitleAndTheStatusLineCarryNoSequenceOfTheConfig() throws {
        let folder = try TemporaryFolder()
        let config = try config(in: folder)
        let tmux = try TmuxSession()
        let raw = folder.url.appendingPathComponent("terminal.raw")
        try tmux.recordOutput(to: raw)
        try tmux.run("\(Products.trellis.path) run \(config.path); echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")
        try tmux.send(["Enter"])
        let next = try tmux.waitForText("Now is")
        let title = tmux.title()
        try tmux.send(["C-c"])
        try tmux.waitForScreen { $0.contains("EXITED=0") }
        let written = try String(decoding: Data(contentsOf: raw), as: UTF8.self)

        #expect(title.hasPrefix("trellis: m\\u{1B}]2;PWNED"), "the title is the app's, the id escaped in it: \(title)")
        #expect(next.contains("[ Close ]"), "still on the alternate screen, drawn by the app: \(next)")
        for sequence in Self.injected {
            #expect(!written.contains(sequence), "the terminal was sent \(sequence.debugDescription)")
        }
    }

    /// Headless output, validate's (plain and deep), a crash report and a report of
    /// a screen that does not return: none writes an escape byte at all.
    @Test(arguments: ["headless", "validate", "deep", "crash", "hang"])
    func reportsAndHeadlessOutputCarryNoEscapeByte(place: String) throws {
        let folder = try TemporaryFolder()
        let result: ProcessResult
        switch place {
        case "headless":
            result = try TrellisProcess.run(
                ["run", try config(in: folder).path, "--headless"],
                input: "print\ntap Click Button\nprint\nfocus Nowhere\n")
        case "validate":
            result = try TrellisProcess.run(["validate", try config(in: folder).path])
        case "deep":
            result = try TrellisProcess.run(["validate", "--deep", try config(in: folder, child: "Missing").path])
        case "crash":
            result = try TrellisProcess.run(
                [
                    "run",
                    try config(
                        in: folder, child: "TestScreens",
                        parameters: #"{ "behaviour": "fatalErrorInBuild" }"#
                    ).path, "--headless",
                ],
                input: "tap Click Button\n")
        default:
            result = try TrellisProcess.run(
                [
                    "run",
                    try config(
                        in: folder, child: "TestScreens",
                        parameters: #"{ "behaviour": "hangInBuild" }"#
                    ).path, "--headless",
                    "--timeout", "1",
                ], input: "tap Click Button\nexpect Never\n")
        }

        #expect(!result.stdout.isEmpty || !result.stderr.isEmpty, "\(place) wrote something")
        #expect(
            result.stderr.contains("PWNED") || result.stdout.contains("PWNED") || place == "deep",
            "the route id is shown, escaped: \(result.stdout)\(result.stderr)")
        #expect(
            !result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"),
            "\(place): \(result.stdout.debugDescription) \(result.stderr.debugDescription)")
    }
}
