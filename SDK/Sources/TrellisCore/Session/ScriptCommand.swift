/// One command of a headless script.
public enum ScriptCommand: Equatable, Sendable {
    /// Activates the button or list row with this label.
    case tap(String)
    /// Focuses the control with this label.
    case focus(String)
    /// Types text into the focused field.
    case type(String)
    /// Presses a key.
    case key(Key)
    /// Fails unless the screen contains the text.
    case expect(String)
    /// Fails if the screen contains the text.
    case expectNot(String)
    /// Writes the screen to standard output.
    case print
    /// Writes the live router tree to standard output.
    case tree
    /// Opens a deep link, as `--open` does.
    case open(String)
    /// Lets the app run for a while: its tasks and timers go on.
    case wait(Duration)
    /// Swaps the screens of a route (or of every rebuilt plugin) for their plugin
    /// file's new build, in place, as `--watch` does when a file changes.
    case reload(String?)
    /// Ends the session.
    case quit

    /// The commands as `--help` lists them.
    public static let summary = """
        tap LABEL       activate the button or list row LABEL (exact, else a unique substring)
        focus LABEL     focus the control LABEL (a text field by its form label or placeholder)
        type TEXT       type TEXT into the focused text field
        key NAME        press a key: a character (key /), or \(Key.scriptNames.map(\.key).joined(separator: ", "))
        expect TEXT     fail (exit 1) unless the screen comes to contain TEXT (see --timeout)
        expect-not TEXT fail (exit 1) unless the screen comes not to contain TEXT
        print           write the screen to standard output
        tree            write the live router tree: route id and plugin, indented by depth
        open URL        open a deep link, for example trellis://launchGame?gameId=ticTacToe
        wait SECONDS    let the app run for SECONDS (0 to 3600, for example 0.5)
        reload [ROUTE]  swap the live screens of every rebuilt plugin, or of ROUTE, for
                        the plugin file's new build, in place (see --watch)
        quit            end the session
        Blank lines and lines starting with # are skipped. Quote TEXT ("...") to keep
        spaces at its ends.
        """
}

/// A script line that is not a command.
public struct ScriptSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The line of the script, from 1.
    public var line: Int
    /// What is wrong with it.
    public var message: String

    public var description: String { "line \(line): \(message)" }
}

extension ScriptCommand {
    /// The longest `wait`, in seconds.
    static let maximumWait = 3600.0

    /// Parses one script line; `nil` for a blank line or a comment.
    ///
    /// - Throws: ``ScriptSyntaxError`` for an unknown command or a missing argument.
    public static func parse(_ text: String, line: Int) throws(ScriptSyntaxError) -> ScriptCommand? {
        // By scalars, not characters: a combining mark right after the space joins
        // the space's character, and would hide where the command word ends. A
        // byte order mark (a script saved by some editors) is blank too.
        let scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        guard let first = scalars.first, first != "#" else { return nil }
        let wordScalars = scalars.prefix { $0 != " " && $0 != "\t" }
        let word = String(Substring(wordScalars))
        var argument = String(Substring(scalars.dropFirst(wordScalars.count).drop { $0 == " " || $0 == "\t" }))
        while argument.last == " " || argument.last == "\t" || argument.last == "\r" { argument.removeLast() }
        if argument.count >= 2, argument.first == "\"", argument.last == "\"" {
            argument = String(argument.dropFirst().dropLast())
        }
        func needsArgument(_ make: (String) -> ScriptCommand) throws(ScriptSyntaxError) -> ScriptCommand {
            guard !argument.isEmpty else { throw ScriptSyntaxError(line: line, message: "`\(word)` needs an argument") }
            return make(argument)
        }
        switch word {
        case "tap": return try needsArgument(ScriptCommand.tap)
        case "focus": return try needsArgument(ScriptCommand.focus)
        case "type": return try needsArgument(ScriptCommand.type)
        case "expect": return try needsArgument(ScriptCommand.expect)
        case "expect-not": return try needsArgument(ScriptCommand.expectNot)
        case "open": return try needsArgument(ScriptCommand.open)
        case "wait":
            // Decimal only: `Double` would read 0x10 as 16 and 1e3 as 1000.
            guard argument.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }),
                let seconds = Double(argument), seconds.isFinite, (0...maximumWait).contains(seconds)
            else {
                throw ScriptSyntaxError(
                    line: line,
                    message: "`wait` needs a number of seconds from 0 to \(Int(maximumWait)), got \"\(argument)\"")
            }
            return .wait(.milliseconds(Int((seconds * 1000).rounded())))
        case "key":
            guard let key = Key.named(argument) else {
                let names = Key.scriptNames.map(\.key).joined(separator: ", ")
                throw ScriptSyntaxError(
                    line: line,
                    message: "unknown key \"\(argument)\"; keys are a character, ctrl- with a letter, or \(names)")
            }
            return .key(key)
        case "reload":
            return .reload(argument.isEmpty ? nil : argument)
        case "print", "tree", "quit":
            guard argument.isEmpty else { throw ScriptSyntaxError(line: line, message: "`\(word)` takes no argument") }
            return word == "print" ? .print : word == "tree" ? .tree : .quit
        default:
            throw ScriptSyntaxError(
                line: line,
                message: "unknown command \"\(word)\"; commands are tap, focus, type, key, "
                    + "expect, expect-not, print, tree, open, wait, reload, quit")
        }
    }
}
