/// A key the user pressed, in the terminal or in a script.
public enum Key: Hashable, Sendable {
    /// A printable character, space included.
    case character(Character)
    case enter, tab, backtab, up, down, left, right, home, end, delete, backspace, escape, pageUp, pageDown
    /// F1: the keys of the screen shown.
    case help
    /// Ctrl with a letter, for example `control("c")`.
    case control(Character)
    /// Alt (Meta) with a character, sent as Esc and the character: in a text field
    /// Alt-b and Alt-f move by word and Alt-d deletes the word after the cursor;
    /// elsewhere, and with other characters, it does nothing (never Esc's back).
    case alt(Character)
    /// Alt-Backspace: deletes the word before the cursor, as Ctrl-W does.
    case altBackspace
    /// Ctrl-Left or Alt-Left, and Ctrl-Right or Alt-Right: by word in a text field.
    case wordLeft, wordRight
    /// Ctrl-Home and Ctrl-End: to a text area's first or last character.
    case textStart, textEnd
    /// Shift with an arrow, Home, End, Ctrl-Home or Ctrl-End (or Ctrl-Shift with
    /// Left or Right, by word): that move, selecting in a text area.
    indirect case shifted(Key)
    /// Text pasted into the terminal (bracketed paste): text for the focused field,
    /// never keys; its line breaks are `\n`, which a text area keeps and a
    /// one-line field takes as spaces, and its tabs are spaces.
    case paste(String)
    /// A paste larger than the terminal front end takes (16 MiB), refused whole:
    /// nothing of it is pasted, and the status line says so.
    case pasteTooLarge(bytes: Int)
    /// A left mouse click at a cell (from 0, 0 at the top left).
    case click(column: Int, row: Int)
    /// The mouse wheel turned, up or down, with the pointer at a cell (-1, -1
    /// when not known): it moves the list under the pointer.
    case wheel(up: Bool, column: Int = -1, row: Int = -1)

    /// The keys a script names with `key NAME`.
    public static let scriptNames: KeyValuePairs<String, Key> = [
        "enter": .enter, "tab": .tab, "backtab": .backtab, "up": .up, "down": .down, "left": .left,
        "right": .right, "home": .home, "end": .end, "esc": .escape, "backspace": .backspace,
        "delete": .delete, "space": .character(" "), "pageup": .pageUp, "pagedown": .pageDown, "f1": .help,
        "alt-b": .alt("b"), "alt-f": .alt("f"), "alt-d": .alt("d"), "alt-x": .alt("x"), "alt-backspace": .altBackspace,
        "ctrl-left": .wordLeft, "ctrl-right": .wordRight, "ctrl-home": .textStart, "ctrl-end": .textEnd,
        "shift-left": .shifted(.left), "shift-right": .shifted(.right), "shift-up": .shifted(.up),
        "shift-down": .shifted(.down), "shift-home": .shifted(.home), "shift-end": .shifted(.end),
        "alt-u": .alt("u"), "alt-e": .alt("e"), "alt-w": .alt("w"),
    ]

    /// The key a script calls `name`, ignoring case; a single printable
    /// character is that character's key (`key /`, `key q`), and `ctrl-` with a
    /// letter is Ctrl with it (`key ctrl-u`).
    public static func named(_ name: String) -> Key? {
        let lowered = name.lowercased()
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, ("a"..."z").contains(letter) {
            return .control(letter)
        }
        // `alt-` with a printable character: Alt with it (`alt-s`).
        if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last, !character.isWhitespace,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value != 0x7F })
        {
            return .alt(character)
        }
        if name.count == 1, let character = name.first, !character.isWhitespace,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value != 0x7F })
        {
            return .character(character)
        }
        return scriptNames.first { $0.key == lowered }?.value
    }
}
