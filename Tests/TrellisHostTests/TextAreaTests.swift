import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's text areas: lines wrapped at their width, Enter, Up, Down, Home and
/// End by line, a paste that keeps its line breaks, clicks by line and column,
/// and the cursor's place in the frame.
@MainActor
struct TextAreaTests {
    private func launch(_ text: String = "") -> (ScreenSession, ViewController, () -> String) {
        let tree = SingleScreenTree(
            .vstack([.textArea(id: "body", text: text, placeholder: "Note", width: 10, height: 3), .button("Save")]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 12))
        let view = tree.view
        return (session, view, { view.content.text(ofField: "body") ?? "" })
    }

    private func rows(_ frame: Frame) -> [String] {
        frame.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// An unfocused text area said `1:1` in its edge, a cursor it did not have.
    @Test func onlyTheFocusedAreaSaysWhereItsCursorIs() throws {
        let (session, _, _) = launch("Dear Ann,")
        _ = try session.update(.command(.focus("Save"))).get()
        #expect(!session.frame.text.contains(":1 "), "\(session.frame.text)")

        _ = try session.update(.command(.focus("Note"))).get()
        #expect(session.frame.text.contains(" 1:"), "\(session.frame.text)")
    }

    @Test func linesWrapAtTheWidthAndTheFrameSaysWhereTheCursorIs() throws {
        let (session, _, text) = launch()
        #expect(rows(session.frame).prefix(2) == ["┌──────────┐", "│Note      │"])

        _ = try session.update(.command(.type("Dear Ann,"))).get()
        session.update(.key(.enter))
        _ = try session.update(.command(.type("the garden is in bloom"))).get()

        #expect(text() == "Dear Ann,\nthe garden is in bloom")
        let frame = session.frame
        #expect(
            rows(frame).prefix(5) == ["┌──────────┐", "│the garden│", "│ is in blo│", "│om        │", "└─── 2:23 ─┘"],
            "wrapped at 10 columns, scrolled to the cursor's row; the frame names its line and column")
        let area = try #require(frame.controls.first)
        #expect(frame.cursor?.x == area.x + 1 + 2 && frame.cursor?.y == area.y + 3)
    }

    @Test func upDownHomeAndEndMoveByLineAndAClickPutsTheCursorThere() throws {
        let (session, _, text) = launch("abc\ndefgh\nij")
        _ = try session.update(.command(.focus("Note"))).get()
        session.update(.key(.up))
        session.update(.key(.home))
        session.update(.key(.character("1")))
        session.update(.key(.down))
        session.update(.key(.end))
        session.update(.key(.character("2")))
        #expect(text() == "abc\n1defgh\nij2")

        let area = try #require(session.frame.controls.first)
        session.update(.key(.click(column: area.x + 1 + 1, row: area.y + 1)))
        session.update(.key(.character("3")))
        #expect(text() == "a3bc\n1defgh\nij2", "the click was on the first line shown, after its first character")
    }

    @Test func tooMuchTextIsSaidInTheAreasPlaceAndALongLineWraps() throws {
        let huge = String(repeating: "a", count: 3 << 20)
        let big = Window(width: 80, height: 10).draw(
            root: ViewController(content: .textArea(id: "body", text: huge)), status: StatusLine(), focus: nil)
        #expect(big.text.contains("[text area body: 3 MB of text, more than the 1 MB a text area edits]"))
        #expect(big.controls.isEmpty)

        let line = String(repeating: "b", count: 100_000)
        let long = Window(width: 80, height: 10).draw(
            root: ViewController(content: .textArea(id: "body", text: line, width: 20, height: 2)),
            status: StatusLine(), focus: .field("body"), fieldCursor: line.count)
        #expect(long.text.contains(" 1:100001 "), "the cursor at the end of the one line, wrapped into 5,000 rows")
    }

    @Test func aMegabyteIsEditedAtItsCursorAndTheFrameNamesItsLine() throws {
        let text = (1...90_000).map { "line \($0)" }.joined(separator: "\n")
        let tree = SingleScreenTree(.textArea(id: "body", text: text, placeholder: "Note", width: 20, height: 3))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 12))
        let current = { tree.view.content.text(ofField: "body") ?? "" }
        _ = try session.update(.command(.focus("Note"))).get()
        session.update(.key(.up))
        session.update(.key(.up))
        session.update(.key(.home))
        session.update(.key(.character("A")))
        session.update(.key(.wordRight))
        session.update(.key(.character("!")))

        let lines = current().split(separator: "\n")
        #expect(lines.count == 90_000)
        #expect(lines[89_997] == "Aline! 89998", "two rows up, at the row's start, then after the word")
        #expect(session.frame.text.contains(" 89998:7 "), "\(session.frame.text)")

        session.update(.key(.altBackspace))
        #expect(current().split(separator: "\n")[89_997] == " 89998", "the word before the cursor")
        session.update(.key(.wordRight))
        session.update(.key(.control("u")))
        #expect(
            current().split(separator: "\n", omittingEmptySubsequences: false)[89_997] == "",
            "Ctrl-U: the line before the cursor")
        session.update(.key(.down))
        session.update(.key(.end))
        session.update(.key(.backspace))
        #expect(current().hasSuffix("\nline 8999\nline 90000"), "Down, End, Backspace on the next line")
        #expect(session.frame.text.contains("│line 8999           │"))
    }

    @Test func aPasteKeepsItsLineBreaksInAnAreaAndNotInAField() throws {
        let tree = SingleScreenTree(
            .vstack([
                .textArea(id: "body", text: "", placeholder: "Note"),
                .textField(id: "title", text: "", placeholder: "Title"),
            ]))
        let session = ScreenSession(tree: tree, window: Window(width: 100, height: 14))
        _ = try session.update(.command(.focus("Note"))).get()
        session.update(.key(.paste("one\ntwo")))
        _ = try session.update(.command(.focus("Title"))).get()
        session.update(.key(.paste("one\ntwo")))

        #expect(tree.view.content.text(ofField: "body") == "one\ntwo")
        #expect(tree.view.content.text(ofField: "title") == "one two")
        #expect(session.frame.text.contains("Enter submit"))
        _ = try session.update(.command(.focus("Note"))).get()
        #expect(session.frame.text.contains("Enter new line"))
    }
}
