import Testing

@testable import TrellisCore
@testable import TrellisHost

/// The terminal's Shift and Ctrl with the arrows, Home and End, as xterm sends them.
struct KeyDecoderShiftTests {
    private func keys(_ bytes: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(bytes.utf8)) + decoder.flush()
    }

    @Test func shiftSelectsAndCtrlWithHomeOrEndGoesToTheTextsEnds() {
        #expect(
            keys("\u{1B}[1;2D\u{1B}[1;2C\u{1B}[1;2A\u{1B}[1;2B") == [
                .shifted(.left), .shifted(.right), .shifted(.up), .shifted(.down),
            ])
        #expect(keys("\u{1B}[1;2H\u{1B}[1;2F") == [.shifted(.home), .shifted(.end)])
        #expect(keys("\u{1B}[1;5H\u{1B}[1;5F") == [.textStart, .textEnd])
        #expect(
            keys("\u{1B}[1;5~\u{1B}[4;5~\u{1B}[1;2~\u{1B}[1~") == [.textStart, .textEnd, .shifted(.home), .home],
            "as screen and tmux send them")
        #expect(keys("\u{1B}[1;6D\u{1B}[1;5C") == [.shifted(.wordLeft), .wordRight])
        #expect(keys("\u{1B}[D\u{1B}[H") == [.left, .home], "unmodified as before")
    }

    /// Esc then Ctrl-C (or another Ctrl letter) in one read was taken for Alt
    /// with a control byte and dropped whole: the app did not end.
    @Test func escThenCtrlCAtOnceAreBothKept() {
        #expect(keys("\u{1B}\u{03}") == [.escape, .control("c")])
        #expect(keys("\u{1B}\u{02}") == [.escape, .control("b")], "any Ctrl letter")
    }
}
