import Foundation

/// A shell in a detached tmux pane of a given size, on a tmux server of its own,
/// so a test can type into a real terminal and read the screen as a person sees it.
public final class TmuxSession {
    /// How long ``waitForScreen(_:)`` waits for the screen to show what it expects:
    /// a guard against a hang, not a measure of speed (a screen shows in well under
    /// a second on an idle machine; a loaded two-core machine has taken tens).
    static let patience: TimeInterval = 60

    private let socket = "trellis-test-\(UUID().uuidString)"
    private let name = "app"

    /// Starts `bash` in a `columns` x `rows` pane, in `directory`.
    ///
    /// - Parameter environment: Variables set in the shell.
    public init(
        columns: Int = 80, rows: Int = 24, in directory: URL = Products.repository,
        environment: [String: String] = [:]
    ) throws {
        let exports = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let started = Spawn.run(
            [
                "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
                "-x", "\(columns)", "-y", "\(rows)", "-c", directory.path,
                "env", "-i", "PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8",
            ] + exports
                + ["bash", "--norc", "--noprofile"], capturingOutput: false)
        guard started.status == 0 else { throw TmuxError.failed("tmux new-session exited with \(started.status)") }
        try run("PS1='$ '")
        try run("clear")
    }

    /// Types `line` and Enter into the shell.
    public func run(_ line: String) throws {
        try send(["-l", line])
        try send(["Enter"])
    }

    /// Sends keys by tmux name (`Enter`, `Escape`, `C-c`, `Tab`), or text with `-l`.
    public func send(_ keys: [String]) throws {
        let result = tmux(["send-keys", "-t", name] + keys)
        guard result.status == 0 else { throw TmuxError.failed("tmux send-keys exited with \(result.status)") }
    }

    /// Resizes the pane.
    public func resize(columns: Int, rows: Int) {
        _ = tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The screen as plain text, one line a row.
    public func screen() -> String {
        tmux(["capture-pane", "-p", "-t", name]).output
    }

    /// Copies every byte the program in the pane writes from now on to `file`:
    /// what the terminal was sent, escape sequences included.
    public func recordOutput(to file: URL) throws {
        let result = tmux(["pipe-pane", "-o", "-t", name, "cat >> '\(file.path)'"])
        guard result.status == 0 else { throw TmuxError.failed("tmux pipe-pane exited with \(result.status)") }
    }

    /// The pane's terminal device, which a test writes to as a program in the pane
    /// would (a plugin writing to the terminal itself).
    public func terminalDevice() -> String {
        tmux(["display-message", "-p", "-t", name, "#{pane_tty}"]).output.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// The title the program in the pane gave its window.
    public func title() -> String {
        tmux(["display-message", "-p", "-t", name, "#{pane_title}"]).output.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Where the terminal's cursor is, from 0, 0 at the top left.
    public func cursor() -> (x: Int, y: Int)? {
        let parts = tmux(["display-message", "-p", "-t", name, "#{cursor_x},#{cursor_y}"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Pastes `text` as a terminal does when the user pastes (bracketed, if the
    /// program asked for it).
    public func paste(_ text: String) throws {
        _ = tmux(["set-buffer", "--", text])
        let result = tmux(["paste-buffer", "-p", "-t", name])
        guard result.status == 0 else { throw TmuxError.failed("tmux paste-buffer exited with \(result.status)") }
    }

    /// Pastes the contents of `file` as the terminal pastes (bracketed, when the
    /// program asked for it): for pastes larger than a command line may carry.
    public func paste(file: URL) throws {
        _ = tmux(["load-buffer", file.path])
        let result = tmux(["paste-buffer", "-p", "-t", name])
        guard result.status == 0 else { throw TmuxError.failed("tmux paste-buffer exited with \(result.status)") }
    }

    /// The screen with its colours and attributes as SGR escape sequences.
    public func screenWithAttributes() -> String {
        tmux(["capture-pane", "-p", "-e", "-t", name]).output
    }

    /// Waits until `condition` holds for the screen.
    ///
    /// - Returns: The screen it held for, or `nil` if it did not within the
    ///   patience limit (the last screen is in the error).
    @discardableResult
    public func waitForScreen(_ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(TmuxSession.patience)
        var last = ""
        while Date() < deadline {
            last = screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError.screenNeverMatched(last)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func waitForText(_ text: String) throws -> String {
        try waitForScreen { $0.contains(text) }
    }

    /// Waits until `file` exists: what a screen that keeps the main thread (and
    /// so draws nothing) writes to say it got there.
    public func waitForFile(_ file: URL) throws {
        let deadline = Date().addingTimeInterval(TmuxSession.patience)
        while !FileManager.default.fileExists(atPath: file.path) {
            guard Date() < deadline else { throw TmuxError.fileNeverWritten(file.path, screen: screen()) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Clicks `text` where the screen first shows it (on its second character),
    /// or last with `fromBottom` (a key hint of the status line), as a terminal
    /// reports a left press and release in SGR form.
    ///
    /// - Returns: The screen it was clicked on.
    @discardableResult
    public func click(_ text: String, fromBottom: Bool = false) throws -> String {
        let (screen, column, row) = try place(of: text, fromBottom: fromBottom)
        try send(["-l", "\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m"])
        return screen
    }

    /// Turns the mouse wheel one notch, up or down, over `text` where the screen
    /// first shows it, as a terminal reports it in SGR form.
    public func wheel(over text: String, up: Bool) throws {
        let (_, column, row) = try place(of: text, fromBottom: false)
        try send(["-l", "\u{1B}[<\(up ? 64 : 65);\(column);\(row)M"])
    }

    /// Where the screen shows `text` (first, or last with `fromBottom`), once it
    /// does: 1-based, on its second character (its columns, for text of
    /// one-column characters), with the screen it was found on.
    private func place(of text: String, fromBottom: Bool) throws -> (screen: String, column: Int, row: Int) {
        let screen = try waitForText(text)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let found =
            fromBottom ? lines.lastIndex(where: { $0.contains(text) }) : lines.firstIndex(where: { $0.contains(text) })
        guard let row = found, let range = lines[row].range(of: text) else {
            throw TmuxError.screenNeverMatched(screen)
        }
        return (screen, lines[row][..<range.lowerBound].count + 2, row + 1)
    }

    deinit {
        _ = tmux(["kill-server"])
    }

    private func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        Spawn.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, capturingOutput: true)
    }
}

/// Why a tmux step did not work.
public enum TmuxError: Error, CustomStringConvertible {
    case failed(String)
    case screenNeverMatched(String)
    case fileNeverWritten(String, screen: String)

    public var description: String {
        switch self {
        case let .failed(message): "\(message) (is tmux installed? Scripts/test installs it)"
        case let .screenNeverMatched(screen): "the screen never showed what was expected; it showed:\n\(screen)"
        case let .fileNeverWritten(file, screen): "\(file) was never written; the screen showed:\n\(screen)"
        }
    }
}

extension TmuxSession {
    /// Logs Alice and Bob in to the tutorial shown (its login on screen) and plays
    /// a game to Alice's win by the keyboard alone: the focus stays on the first
    /// free cell, so X takes 1, 3, 5 and 7.
    ///
    /// - Returns: The game menu after the win, `Alice (1) vs Bob (0)`.
    @discardableResult
    public func playTutorialToAWinByKeyboard() throws -> String {
        try waitForText("Player 1 name")
        try send(["-l", "Alice"])
        try send(["Tab"])
        try send(["-l", "Bob"])
        try send(["Tab", "Enter"])
        try waitForText("Alice (0) vs Bob (0)")
        try send(["Enter"])
        try waitForText("Alice's turn (X)")
        for _ in 0..<7 { try send(["Enter"]) }
        try waitForText("Alice won")
        try send(["Enter"])
        return try waitForText("Alice (1) vs Bob (0)")
    }
}
