import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

@MainActor
struct FrameDiffTests {
    private func frame(_ lines: [String], width: Int = 10) -> Frame {
        var canvas = Canvas(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { canvas.write(line, x: 0, y: row) }
        return Frame(canvas: canvas, controls: [], cursor: nil)
    }

    @Test func theFirstFrameClearsTheScreenAndSkipsBlankCells() {
        var diff = FrameDiff(usesColor: false)

        let output = diff.update(to: frame(["ab", "", "  c"]))

        #expect(output == "\u{1B}[?2026h\u{1B}[0m\u{1B}[H\u{1B}[2Jab\u{1B}[3;3Hc\u{1B}[?2026l")
    }

    /// A whole frame and a large change are one synchronized update (DEC 2026),
    /// so a resize never flickers; a small change is sent bare, as few bytes as it takes.
    @Test func wholeFramesAndLargeChangesAreSynchronizedAndSmallOnesAreNot() {
        var diff = FrameDiff(usesColor: false)
        _ = diff.update(to: frame(["", ""], width: 400))
        let small = diff.update(to: frame(["x", ""], width: 400))
        let large = diff.update(
            to: frame([String(repeating: "y", count: 400), String(repeating: "z", count: 400)], width: 400))

        #expect(!small.contains("\u{1B}[?2026"))
        #expect(large.hasPrefix("\u{1B}[?2026h") && large.hasSuffix("\u{1B}[?2026l"))
    }

    @Test func theCursorMovesTheShortestWay() {
        #expect(FrameDiff.move(from: (5, 2), to: (9, 2)) == "\u{1B}[10G")
        #expect(FrameDiff.move(from: (5, 2), to: (9, 3)) == "\n\u{1B}[10G")
        #expect(FrameDiff.move(from: (5, 2), to: (0, 3)) == "\n\u{1B}[G")
        #expect(FrameDiff.move(from: (5, 2), to: (9, 7)) == "\u{1B}[8;10H")
        #expect(FrameDiff.move(from: nil, to: (0, 0)) == "\u{1B}[1;1H")
    }

    @Test func aOneCellChangeMovesTheCursorAndWritesOneCharacter() {
        var diff = FrameDiff(usesColor: false)
        _ = diff.update(to: frame(["hello", "world"]))

        let output = diff.update(to: frame(["hello", "wOrld"]))

        #expect(output == "\u{1B}[2;2HO")
    }

    @Test func anUnchangedFrameWritesNothing() {
        var diff = FrameDiff(usesColor: true)
        _ = diff.update(to: frame(["same"]))

        #expect(diff.update(to: frame(["same"])) == "")
    }

    @Test func aStyleChangeIsWrittenOnceAndReset() {
        var diff = FrameDiff(usesColor: false)
        _ = diff.update(to: frame(["[ Ok ]"]))
        var focused = Canvas(width: 10, height: 1)
        focused.write("[ Ok ]", x: 0, y: 0, style: .focused)

        let output = diff.update(to: Frame(canvas: focused, controls: [], cursor: nil))

        #expect(output == "\u{1B}[1;1H\u{1B}[7m[ Ok ]\u{1B}[m")
    }

    @Test func aWideCharacterIsRewrittenWholeWhenHalfOfItChanges() {
        var diff = FrameDiff(usesColor: false)
        _ = diff.update(to: frame(["한a"]))

        let output = diff.update(to: frame(["국a"]))

        #expect(output == "\u{1B}[1;1H국")
    }

    @Test func theCursorShowsOnlyInAField() {
        var diff = FrameDiff(usesColor: false)
        _ = diff.update(to: frame(["x"]))
        var withCursor = frame(["x"])
        withCursor.cursor = (x: 3, y: 0)

        #expect(diff.update(to: withCursor) == "\u{1B}[1;4H\u{1B}[?25h")
        #expect(diff.update(to: frame(["x"])) == "\u{1B}[?25l")
    }

    @Test func colourIsLeftOutUnderNoColor() {
        var colour = FrameDiff(usesColor: true)
        var plain = FrameDiff(usesColor: false)
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("┌──┐", x: 0, y: 0, style: .chrome)
        let chrome = Frame(canvas: canvas, controls: [], cursor: nil)

        #expect(colour.update(to: chrome).contains("\u{1B}[36m"))
        #expect(!plain.update(to: chrome).contains("36m"))
    }
}

/// Styled text: meaning in colour where colour is on, bold where it says so.
@MainActor
struct StyledTextTests {
    private func output(_ content: ViewNode, usesColor: Bool) -> String {
        let frame = Window(width: 30, height: 5).draw(
            root: ViewController(content: content), status: StatusLine(), focus: nil)
        var diff = FrameDiff(usesColor: usesColor)
        return diff.update(to: frame)
    }

    @Test func sidesAndHighlightsHaveColoursAndTitlesAreBold() {
        let content = ViewNode.vstack(
            spacing: 0,
            [
                .title("Board"),
                .hstack([
                    .styled(.first, .text("X")), .styled(.second, .text("O")),
                    .styled(.highlight, .text("W")),
                ]),
            ])
        let coloured = output(content, usesColor: true)
        #expect(coloured.contains("\u{1B}[1mBoard"))
        #expect(coloured.contains("\u{1B}[0;36mX") || coloured.contains("\u{1B}[36mX"), "\(coloured.debugDescription)")
        #expect(coloured.contains("35mO") && coloured.contains("1;32mW"))

        let alert = ViewController()
        alert.presentAlert(Alert(title: "Delete it?", buttons: [.cancel(), .destructive("Delete")]))
        var diff = FrameDiff(usesColor: true)
        let drawn = diff.update(to: Window(width: 40, height: 10).draw(root: alert, status: StatusLine(), focus: nil))
        #expect(drawn.contains("1;31m"), "an alert's destructive button in red: \(drawn.debugDescription)")

        let plain = output(content, usesColor: false)
        #expect(!plain.contains("36m") && !plain.contains("35m"), "no colour under NO_COLOR")
        #expect(plain.contains("\u{1B}[1mBoard") && plain.contains("1mW"), "bold stays")
    }
}

/// A list row styled by its view controller.
@MainActor
struct RowStyleTests {
    @Test func aStyledRowIsHighlightedAndTheOthersArePlain() {
        let view = ViewController(content: .list(id: "repos", rows: ["☆ plain", "★ pinned"]))
        view.rowStyles = ["repos": [1: .highlight]]
        let frame = Window(width: 30, height: 5).draw(root: view, status: StatusLine(), focus: nil)
        var diff = FrameDiff(usesColor: true)
        let output = diff.update(to: frame)

        #expect(output.contains("1;32m★ pinned"), "\(output.debugDescription)")
        #expect(!output.contains("1;32m☆ plain"))
    }

    /// Under LANG=C a filled and an empty star both became `*`.
    @Test func filledAndEmptyStarsStayApartInASCII() {
        #expect(FrameDiff.asciiStandIn(for: "★", columns: 1) == "*")
        #expect(FrameDiff.asciiStandIn(for: "☆", columns: 1) == "o")
    }

    /// A placeholder in the focused field was drawn as the field is, so it looked
    /// like typed text, and with NO_COLOR even unfocused it was only dim.
    @Test func aPlaceholderNeverLooksLikeTypedText() {
        let view = ViewController(content: .textField(id: "name", text: "", placeholder: "Name"))
        for usesColor in [true, false] {
            var diff = FrameDiff(usesColor: usesColor)
            let focused = diff.update(
                to: Window(width: 30, height: 3).draw(root: view, status: StatusLine(), focus: .field("name")))
            #expect(
                focused.contains("\u{1B}[0;7;2;3mName") || focused.contains("\u{1B}[7;2;3mName"),
                "\(focused.debugDescription)")
            var plain = FrameDiff(usesColor: usesColor)
            let unfocused = plain.update(
                to: Window(width: 30, height: 3).draw(root: view, status: StatusLine(), focus: nil))
            #expect(unfocused.contains(usesColor ? "3;90mName" : "2;3mName"), "\(unfocused.debugDescription)")
        }
    }
}
