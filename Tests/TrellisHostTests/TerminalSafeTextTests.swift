import Testing
import TrellisHost

@testable import TrellisCore

struct TerminalSafeTextTests {
    @Test func aTitleKeepsNoControlCharacterThatCouldEndItOrMoveTheTerminal() {
        let hostile = "main\u{7}\u{1B}[?1049l\u{9C}\nnext\tend"
        let title = hostile.escapingForTitle

        #expect(!title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(title == #"main\u{7}\u{1B}[?1049l\u{9C}\nnext\tend"#)
        #expect("launcher › airports".escapingForTitle == "launcher › airports")
    }
}
