extension StringProtocol {
    /// The text with control characters written as visible escapes (`\u{1B}`), so a
    /// name from a config, a script or a plugin cannot move the cursor, clear the
    /// screen or retitle the window of the terminal a message is printed on.
    /// Newlines and tabs stay as they are.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isUnsafeForTerminal) else { return String(self) }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isUnsafeForTerminal {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension StringProtocol {
    /// The text for a window title (an OSC string): control characters escaped as
    /// ``escapingControlCharacters`` does, newlines and tabs too, so a route id
    /// holding BEL or ESC cannot end the title and write to the terminal.
    public var escapingForTitle: String {
        String(
            escapingControlCharacters.flatMap { character -> [Character] in
                character == "\n" ? ["\\", "n"] : character == "\t" ? ["\\", "t"] : [character]
            })
    }
}

extension Unicode.Scalar {
    /// C0 controls but newline and tab, DEL, and C1 controls.
    fileprivate var isUnsafeForTerminal: Bool {
        (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
    }
}
