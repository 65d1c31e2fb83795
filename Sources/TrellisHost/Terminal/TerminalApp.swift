import Glibc

/// Runs a launched route tree in the terminal, driven from the keyboard.
@MainActor
public enum TerminalApp {
    /// How long to wait after an Esc byte for the rest of an escape sequence.
    static let escapeWait: Int32 = 30

    /// Why the app stopped.
    public enum Ending: Equatable {
        /// The user quit (Ctrl-C).
        case quit
        /// A signal ended it; re-raise it once the terminal is restored.
        case signal(Int32)
    }

    /// Takes over the terminal, runs the app until the user quits or a signal ends
    /// it, and gives the terminal back as it was.
    ///
    /// - Throws: ``TerminalError`` if the terminal cannot be set up.
    public static func run(tree: RouteTree) throws(TerminalError) -> Ending {
        let terminal = try Terminal()
        defer { terminal.restore() }
        let usesColor = (getenv("NO_COLOR").map { String(cString: $0).isEmpty }) ?? true
        var diff = FrameDiff(usesColor: usesColor)
        let size = terminal.size
        let session = ScreenSession(tree: tree, window: Window(width: size.columns, height: size.rows))
        var decoder = KeyDecoder()
        terminal.write(diff.update(to: session.frame()))
        while true {
            let (bytes, events) = terminal.read(timeout: decoder.isWaiting ? escapeWait : -1)
            for event in events {
                switch event {
                case .resized:
                    let size = terminal.size
                    session.window = Window(width: size.columns, height: size.rows)
                    diff.invalidate()
                case let .terminated(signal):
                    return .signal(signal)
                }
            }
            var keys = decoder.decode(bytes)
            if bytes.isEmpty, events.isEmpty, decoder.isWaiting { keys += decoder.flush() }
            for key in keys {
                if key == .control("c") { return .quit }
                session.press(key)
            }
            terminal.write(diff.update(to: session.frame()))
        }
    }
}
