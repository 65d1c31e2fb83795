import Testing
@_spi(TrellisHost) import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

@MainActor
struct RenderTests {
    @Test func wideCharactersTakeTwoColumnsAndCombiningMarksNone() {
        #expect(TextWidth.of("안녕") == 4)
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("e\u{301}") == 1)
    }

    @Test func canvasClipsAWideCharacterThatDoesNotFit() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.write("ab한국", x: 0, y: 0)
        #expect(canvas.text == "ab한")
    }

    @Test func buttonsShowTheirFrameAndMultiLineTitlesAlign() {
        let window = Window(width: 30, height: 5)
        let frame = window.draw(
            root: ViewController(content: .button("Hi\nThere")), status: StatusLine(path: "main"), focus: nil)
        #expect(
            frame.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == [
                "[ Hi    ]", "[ There ]", "main",
            ])
        #expect(frame.controls.map(\.label) == ["Hi There"])
    }

    @Test func koreanTextKeepsAModalFrameAligned() {
        let root = ViewController(content: .text("base"))
        root.present(ViewController(content: .text("안녕하세요")))
        let text = Window(width: 30, height: 9).draw(root: root, status: StatusLine(), focus: nil).text
        let widths = text.split(separator: "\n").filter { $0.contains("│") || $0.contains("┌") || $0.contains("└") }
            .map { TextWidth.of($0) }
        #expect(widths.count == 5, "\(text)")
        #expect(Set(widths).count == 1, "every row of the modal's frame ends in the same column:\n\(text)")
    }

    @Test func controlsOfTheTopLayerOnlyAreReachable() {
        let root = ViewController(content: .button("Below"))
        root.present(ViewController(content: .vstack([.text("Sure?"), .button("Yes"), .button("No")])))
        let frame = Window(width: 40, height: 12).draw(root: root, status: StatusLine(), focus: nil)
        #expect(frame.controls.map(\.label) == ["Yes", "No"])
    }

    @Test func layersFollowEmbeddedAndPushedViewsThenModals() {
        let root = ViewController()
        let embedded = ViewController()
        let pushed = ViewController()
        let modal = ViewController()
        root.embed(embedded)
        embedded.push(pushed)
        pushed.present(modal)

        let layers = Window.layers(from: root)

        #expect(layers.count == 2)
        #expect(layers[0].last === pushed)
        #expect(layers[1].last === modal)
    }

    /// Airports' search, pushed on its navigation view, used to stay on screen
    /// ("Loading cities…") when the RIB's task failed and the host put the error
    /// on the navigation view: the error must stand in for the whole screen.
    @Test func aViewWhoseWorkFailedEndsItsLayerWithItsFailure() {
        let root = ViewController()
        let navigation = ViewController()
        let pushed = ViewController(content: .text("Loading cities…"))
        root.embed(navigation)
        navigation.push(pushed)
        pushed.present(ViewController())
        navigation.failure = .text("cannot read the airport data")

        #expect(
            Window.layers(from: root).map { $0.map(ObjectIdentifier.init) } == [
                [root, navigation].map(ObjectIdentifier.init)
            ])
        let frame = Window(width: 40, height: 6).draw(root: root, status: StatusLine(), focus: nil)
        #expect(
            frame.canvas.text.contains("cannot read the airport data") && !frame.canvas.text.contains("Loading"),
            "\(frame.canvas.text)")
    }

    @Test func aScrolledListKeepsItsWidthAndItsLeftEdge() {
        // The longest row is the last: a list measured by its visible rows would
        // widen, and move left, when it scrolls into view.
        let rows = (0..<60).map { "Row \($0)" } + ["The longest row of all, at the end"]
        let view = ViewController(content: .vstack([.text("Rows"), .list(id: "rows", rows: rows)]))
        let window = Window(width: 60, height: 10)
        func leftEdge(focusing index: Int) -> Int? {
            window.draw(root: view, status: StatusLine(), focus: .row(list: "rows", index: index))
                .controls.first { $0.id == .row(list: "rows", index: index) }?.x
        }
        #expect(leftEdge(focusing: 0) != nil)
        #expect(leftEdge(focusing: 0) == leftEdge(focusing: 60))
    }

    @Test func aRowWiderThanItsMeasuredListIsCutWithAnEllipsis() {
        let rows = Array(repeating: "short", count: Layout.measuredRows) + ["a row far longer than the rows measured"]
        let text = Window(width: 60, height: 300).draw(
            root: ViewController(content: .list(id: "rows", rows: rows)),
            status: StatusLine(), focus: nil
        ).text
        #expect(text.contains("a ro…"), "\(text)")
        #expect(!text.contains("longer"))
    }

    @Test func textIsTruncatedToItsColumnsWithAnEllipsis() {
        #expect(TextWidth.truncated("abcdefg", to: 5) == "abcd…")
        #expect(TextWidth.truncated("abcde", to: 5) == "abcde")
        #expect(TextWidth.truncated("한국어", to: 4) == "한…")
        #expect(TextWidth.truncated("abc", to: 0) == "")
    }

    @Test func gridAndListsLayOutRowByRow() {
        let content = ViewNode.vstack([
            .grid(columns: 3, cells: (1...9).map { .button(String($0)) }),
            .list(id: "cities", rows: ["Seoul", "London"]),
        ])
        let frame = Window(width: 40, height: 10).draw(
            root: ViewController(content: content), status: StatusLine(), focus: nil)
        #expect(frame.text.contains("[ 1 ] [ 2 ] [ 3 ]"), "\(frame.text)")
        #expect(frame.controls.map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "Seoul", "London"])
    }
}

/// Below the size a screen needs, the window says so instead of drawing it cut.
@MainActor
struct SmallWindowTests {
    @Test func aWindowTooSmallForAScreenSaysWhatItNeedsAndOffersNoControls() {
        let view = ViewController(
            content: .vstack([.text("Title"), .textField(id: "name", text: "", placeholder: "Name"), .button("Go")]))
        let frame = Window(width: 20, height: 5).draw(root: view, status: StatusLine(path: "main"), focus: nil)

        #expect(frame.text.contains("window too small:"), "\(frame.text)")
        #expect(frame.text.contains("22x"), "the field's 22 columns: \(frame.text)")
        #expect(frame.controls.isEmpty)
    }

    @Test func theSizeAskedForIsTheNearestThatWorks() {
        // A 24-column title: wrapped at 23 columns it takes a row more.
        let view = ViewController(
            content: .vstack([
                .text("Welcome! Who is playing?"), .textField(id: "a", text: "", placeholder: "A"),
                .button("Login"),
            ]))
        let oneColumnShort = Window(width: 23, height: 5).draw(root: view, status: StatusLine(), focus: nil).text
        let asked = Window(width: 24, height: 5).draw(root: view, status: StatusLine(), focus: nil).text

        #expect(
            oneColumnShort.contains("24x6 needed"), "a column more, not a row more and a column less: \(oneColumnShort)"
        )
        #expect(asked.contains("24x6 needed"), "\(asked)")
        let fits = Window(width: 24, height: 6).draw(root: view, status: StatusLine(), focus: nil).text
        #expect(!fits.contains("window too small") && fits.contains("Welcome! Who is playing?"), "\(fits)")
    }

    @Test func aCutListAsWideAsTheWindowKeepsRoomForItsMarks() {
        let rows = (1...30).map { "City number \($0) with a long name (XX)" }
        let view = ViewController(content: .vstack([.text("Cities"), .list(id: "cities", rows: rows)]))
        let frame = Window(width: 30, height: 12).draw(root: view, status: StatusLine(), focus: nil).text

        #expect(frame.contains("▼") && frame.contains("┃"), "the list goes on, and says so: \(frame)")
    }

    @Test func aListShrinksToTheWindowWithItsRowsCutAndScrolls() {
        let view = ViewController(
            content: .vstack([
                .text("Demos"), .list(id: "demos", rows: ["Clean Swift: Repositories", "VIPER: Candy Store"]),
            ]))
        let frame = Window(width: 20, height: 5).draw(
            root: view, status: StatusLine(), focus: .row(list: "demos", index: 1))

        #expect(frame.text.contains("VIPER: Candy Store"), "the focused row is scrolled into sight: \(frame.text)")
        #expect(!frame.text.contains("window too small"))
        let wide = Window(width: 20, height: 6).draw(root: view, status: StatusLine(), focus: nil).text
        #expect(wide.contains("Clean Swift: Reposi…"), "cut to the 20 columns: \(wide)")
    }
}

/// Widths of characters as terminals draw them, per grapheme cluster.
struct GraphemeWidthTests {
    @Test(arguments: [
        ("a", 1), ("abc", 3), ("안녕", 4), ("日本語", 6), ("ｶ", 1), ("Ａ", 2),
        ("e\u{301}", 1), ("\u{301}", 0), ("❤️", 2), ("❤", 1), ("😀", 2), ("👍🏽", 2),
        ("👨‍👩‍👧", 2), ("🇰🇷", 2), ("🇰🇷é", 3), ("\u{200D}", 0), ("\u{200B}", 0), ("\t", 0),
        ("\u{7}", 0), ("São Paulo", 9), ("Zürich", 6), ("서울 (KR)", 9), ("✅", 2), ("→", 1),
    ])
    func aStringTakesTheColumnsATerminalGivesIt(text: String, columns: Int) {
        #expect(TextWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
}
