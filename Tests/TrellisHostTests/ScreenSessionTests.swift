import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// A tree of one screen, for driving a session without plugins.
@MainActor
final class SingleScreenTree: RouterTree {
    let view: ViewController
    let root: ViewableRouting?

    init(_ content: ViewNode) {
        view = ViewController(content: content)
        root = ViewableRouter(interactor: Interactor(), viewController: view)
    }

    var rootRouter: Routing? { root }

    func route(of router: Routing) -> (id: String, plugin: String)? {
        router === root ? ("main", "Test") : nil
    }

    func openLink(_ url: String) throws {}
}

@MainActor
struct ScreenSessionTests {
    private func session(_ content: ViewNode, columns: Int = 60, rows: Int = 16) -> (ScreenSession, ViewController) {
        let tree = SingleScreenTree(content)
        return (ScreenSession(tree: tree, window: Window(width: columns, height: rows)), tree.view)
    }

    @Test func aTextFieldEditsAtItsCursor() throws {
        let (session, view) = session(.vstack([.textField(id: "name", text: "", placeholder: "Player 1 name")]))

        try session.execute(.type("Alce"))
        session.press(.left)
        session.press(.left)
        session.press(.character("i"))
        session.press(.end)
        session.press(.backspace)
        session.press(.home)
        session.press(.delete)

        #expect(view.content.textFields == ["lic"])
    }

    @Test func theCursorIsShownInTheFocusedFieldOnly() throws {
        let (session, _) = session(.vstack([.textField(id: "name", text: "", placeholder: "Name"), .button("Go")]))
        try session.execute(.type("한a"))

        let inField = session.frame()
        session.press(.tab)
        let onButton = session.frame()

        let field = try #require(inField.controls.first)
        #expect(inField.cursor?.x == field.x + 1 + 3)
        #expect(inField.cursor?.y == field.y)
        #expect(onButton.cursor == nil)
    }

    @Test func aScreenThatAppearsFocusesItsFirstControl() {
        let (session, _) = session(.vstack([.text("Pick one"), .button("First"), .button("Second")]))

        let frame = session.frame()

        #expect(frame.controls.map(\.label) == ["First", "Second"])
        #expect(frame.canvas.cells.contains { $0.style == .focused })
        #expect(!frame.text.isEmpty)
        session.press(.enter)
    }

    @Test func arrowsMoveByRowsAndColumnsInAGrid() throws {
        let (session, view) = session(.grid(columns: 3, cells: (1...9).map { .button(String($0)) }))
        var taps: [String] = []
        let subscription = view.actions.subscribe { if case let .tap(id) = $0 { taps.append(id) } }

        session.press(.right)
        session.press(.down)
        session.press(.enter)
        session.press(.down)
        session.press(.left)
        session.press(.enter)
        subscription.dispose()

        #expect(taps == ["5", "7"])
    }

    @Test func aLongListScrollsToKeepTheFocusedRowInSight() throws {
        let rows = (1...100).map { "Row \($0)" }
        let (session, view) = session(.vstack([.text("Cities"), .list(id: "cities", rows: rows)]), rows: 12)
        var selected: [Int] = []
        let subscription = view.actions.subscribe { if case let .select(_, row) = $0 { selected.append(row) } }

        for _ in 0..<50 { session.press(.down) }
        let frame = session.frame()
        session.press(.enter)
        subscription.dispose()

        #expect(frame.text.contains("Row 51"))
        #expect(!frame.text.contains("Row 1\n"))
        #expect(frame.text.split(separator: "\n").count <= 12)
        #expect(selected == [50])
    }

    @Test func typingWithoutAFocusedFieldIsAFailure() {
        let (session, _) = session(.button("Only"))

        #expect(throws: SessionFailure.noFocusedField) { try session.execute(.type("x")) }
    }
}

extension ViewNode {
    fileprivate var textFields: [String] {
        switch self {
        case let .textField(_, text, _): [text]
        case let .stack(_, _, children), let .grid(_, children): children.flatMap(\.textFields)
        default: []
        }
    }
}

/// The status line offers only the keys that do something on the frame shown.
@MainActor
struct StatusLineHonestyTests {
    private func statusRow(_ session: ScreenSession) -> String {
        String(session.frame().text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    @Test func tabIsOfferedOnlyWithSomewhereToMoveAndEnterSaysWhatItDoes() {
        let one = ScreenSession(tree: SingleScreenTree(.button("Only")), window: Window(width: 80, height: 6))
        #expect(!statusRow(one).contains("Tab"))
        #expect(statusRow(one).contains("Enter press"))

        let list = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: ["a", "b"])), window: Window(width: 80, height: 6))
        #expect(statusRow(list).contains("Tab next · Enter select"))

        let text = ScreenSession(tree: SingleScreenTree(.text("Nothing to do")), window: Window(width: 80, height: 6))
        #expect(statusRow(text).hasSuffix("Ctrl-C quit"))
        #expect(!statusRow(text).contains("Enter"))
    }

    @Test func aNarrowWindowShortensTheHintsBeforeDroppingThem() {
        let session = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: ["a", "b"])), window: Window(width: 30, height: 6))
        #expect(statusRow(session).hasSuffix("Tab · Enter · ? · q/^C"), "\(statusRow(session))")
    }

    /// At 30 columns or less every hint used to vanish; help and quit stay, and
    /// the path gives way to them, cut with an ellipsis.
    @Test func aVeryNarrowWindowKeepsHelpAndQuitAndCutsThePathWithAnEllipsis() {
        let status = StatusLine(
            path: "launcher › tutorial › loggedIn", position: "3 of 9",
            keys: "Tab next · Enter select · Esc back · ? help · q/Ctrl-C quit",
            shortKeys: "Tab · Enter · Esc · ? · q/^C", essentialKeys: "? · q/^C")
        var canvas = Canvas(width: 24, height: 1)
        status.draw(into: &canvas, row: 0)
        #expect(canvas.text.hasPrefix(" launcher › …"), "\(canvas.text)")
        #expect(canvas.text.hasSuffix("? · q/^C"), "\(canvas.text)")

        var tiny = Canvas(width: 11, height: 1)
        status.draw(into: &tiny, row: 0)
        #expect(tiny.text.drop { $0 == " " }.hasPrefix("? · q/^C"), "\(tiny.text)")
    }

    /// In a field, Enter submits and F1 opens the help (`?` types), and both are said.
    @Test func aFocusedFieldOffersEnterAndF1() {
        let session = ScreenSession(
            tree: SingleScreenTree(.textField(id: "q", text: "", placeholder: "Search")),
            window: Window(width: 80, height: 6))
        #expect(statusRow(session).contains("Enter submit"), "\(statusRow(session))")
        #expect(statusRow(session).contains("F1 help"), "\(statusRow(session))")
        #expect(!statusRow(session).contains("? help"))
    }

    /// The focused row's place in its list, after the path.
    @Test func theStatusLineSaysWhereTheFocusedRowIsInItsList() {
        let session = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: (0..<28_298).map { "Row \($0)" })),
            window: Window(width: 80, height: 6))
        session.press(.down)
        session.press(.down)
        #expect(statusRow(session).hasPrefix(" main  3 of 28,298 "), "\(statusRow(session))")

        // A list all in sight says where the focus is by itself.
        let short = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: ["a", "b", "c"])), window: Window(width: 80, height: 8))
        short.press(.down)
        #expect(!statusRow(short).contains(" of 3"), "\(statusRow(short))")
    }

    /// The screen that goes back names what back does there.
    @Test func escSaysWhatGoingBackDoesHere() {
        let tree = SingleScreenTree(.button("Start Game"))
        tree.view.backAction = {}
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
        #expect(statusRow(session).contains("Esc back"))

        tree.view.backTitle = "log out"

        #expect(statusRow(session).contains("Esc log out"), "\(statusRow(session))")
        session.press(.character("?"))
        #expect(session.frame().text.contains("Esc             log out"))
    }

    @Test func escIsNotOfferedAgainWhereGoingBackDidNothing() {
        let tree = SingleScreenTree(.button("Stay"))
        tree.view.backAction = {}
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 6))
        #expect(statusRow(session).contains("Esc back"))

        session.press(.escape)

        #expect(statusRow(session).contains("this screen does not go back"))
        session.press(.tab)
        #expect(!statusRow(session).contains("Esc"))
    }
}

/// A text field keeps its width and scrolls to keep the cursor in sight.
@MainActor
struct ScrollingFieldTests {
    private let longName = "Abbeville (Buigny/Saint-Riquier) airfield"

    @Test func aLongTextKeepsTheFieldsWidthAndShowsTheCursorsEnd() throws {
        let session = ScreenSession(
            tree: SingleScreenTree(.vstack([.text("Name"), .textField(id: "name", text: "", placeholder: "City")])),
            window: Window(width: 60, height: 8))
        let before = session.frame()
        try session.execute(.type(longName))
        let frame = session.frame()

        let field = try #require(frame.controls.first { $0.isField })
        #expect(field.x == before.controls.first { $0.isField }?.x, "the field does not move or grow")
        let row = String(frame.text.split(separator: "\n", omittingEmptySubsequences: false)[field.y])
        #expect(row.contains("airfield"), "the end of the text, where the cursor is, is shown: \(row)")
        #expect(!row.contains("Abbeville"))
        #expect(frame.cursor?.x == field.x + 1 + Layout.fieldWidth - 1)
    }

    @Test func movingTheCursorBackScrollsTheTextWithIt() throws {
        let session = ScreenSession(
            tree: SingleScreenTree(.textField(id: "name", text: "", placeholder: "City")),
            window: Window(width: 60, height: 6))
        try session.execute(.type(longName))
        for _ in 0..<longName.count { session.press(.left) }
        let frame = session.frame()

        let field = try #require(frame.controls.first { $0.isField })
        let row = String(frame.text.split(separator: "\n", omittingEmptySubsequences: false)[field.y])
        #expect(row.contains("Abbeville"), "\(row)")
        #expect(frame.cursor?.x == field.x + 1)
    }

    @Test func theScrolledPartEndsAtTheCursor() {
        #expect(Layout.scrolled("short", cursor: 5, width: 20) == ("short", 5))
        let scrolled = Layout.scrolled(String(repeating: "a", count: 10) + "한국", cursor: 12, width: 6)
        #expect(scrolled.shown == "a한국" && scrolled.cursorColumn == 5)
    }

    @Test func aWideCharacterUnderTheCursorAtTheFieldsEdgeIsShownWhole() {
        // 19 columns before the cursor and a character of two under it: one column short.
        let scrolled = Layout.scrolled(String(repeating: "a", count: 19) + "한", cursor: 19, width: 20)

        #expect(scrolled.shown.hasSuffix("한") && TextWidth.of(scrolled.shown) <= 20, "\(scrolled)")
        #expect(scrolled.cursorColumn + 2 <= 20)
    }

    @Test func aListWhoseRowsChangeKeepsItsPlaceWhileItsScreenIsOnTop() {
        let wide = ["Saarbrucken (DE)", "Saanen (CH)"]
        let narrow = ["Sa (X)"]
        let tree = SingleScreenTree(.vstack([.text("Cities"), .list(id: "cities", rows: wide)]))
        let (screens, view) = (ScreenSession(tree: tree, window: Window(width: 60, height: 16)), tree.view)
        let before = screens.frame().controls.first { $0.label == "Saarbrucken (DE)" }
        view.content = .vstack([.text("Cities"), .list(id: "cities", rows: narrow)])
        let after = screens.frame().controls.first { $0.label == "Sa (X)" }

        #expect(before != nil && before?.x == after?.x, "\(String(describing: before)) \(String(describing: after))")
    }
}

/// Arrows move through a grid by rows and columns and stop at its edges.
@MainActor
struct GridNavigationTests {
    @Test(arguments: [
        ("8", Key.down, "8"), ("3", Key.right, "3"), ("3", Key.left, "2"), ("5", Key.up, "2"), ("7", Key.down, "7"),
    ])
    func anArrowMovesGeometricallyAndStopsAtTheEdge(start: String, key: Key, expected: String) throws {
        let tree = SingleScreenTree(.grid(columns: 3, cells: (1...9).map { .button("\($0)") }))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 10))
        var tapped: [String] = []
        let subscriptions = (1...9).map { title in tree.view.taps("\(title)").subscribe { tapped.append("\(title)") } }
        defer { subscriptions.forEach { $0.dispose() } }

        try session.execute(.focus(start))
        session.press(key)
        session.press(.enter)

        #expect(tapped == [expected])
    }
}

/// Pasted text goes into the focused field whole; its tabs do not move the focus.
@MainActor
struct PasteTests {
    @Test func aPasteIsInsertedAtTheCursorOfTheFocusedField() throws {
        let tree = SingleScreenTree(.vstack([.textField(id: "city", text: "", placeholder: "City"), .button("Go")]))
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 8))
        try session.execute(.focus("City"))

        session.press(.paste("Seoul KR"))
        session.press(.character("!"))

        #expect(tree.view.content.textFields == ["Seoul KR!"], "the paste went in whole and the focus stayed")
    }

    @Test func aPasteWithNoFieldFocusedIsSaid() {
        let session = ScreenSession(tree: SingleScreenTree(.button("Go")), window: Window(width: 60, height: 6))
        session.press(.paste("text"))
        #expect(session.frame().text.contains("paste: no text field has the focus"))
    }

    @Test func aPasteTooLargeIsRefusedWholeAndSaysWhy() throws {
        let tree = SingleScreenTree(.vstack([.textField(id: "city", text: "kept", placeholder: "City")]))
        let session = ScreenSession(tree: tree, window: Window(width: 120, height: 6))
        try session.execute(.focus("City"))

        session.press(.pasteTooLarge(bytes: 20 << 20))

        #expect(tree.view.content.textFields == ["kept"])
        #expect(session.frame().text.contains("paste: 20.0 MB is more than the 16.0 MB a paste may be"))
    }
}

/// Editing keys shells have: Ctrl-U, Ctrl-W, Ctrl-A, Ctrl-E; Enter in a field submits it.
@MainActor
struct FieldEditingTests {
    private func field(_ text: String) throws -> (ScreenSession, SingleScreenTree) {
        let tree = SingleScreenTree(.textField(id: "name", text: "", placeholder: "Name"))
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 6))
        try session.execute(.type(text))
        return (session, tree)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursorAndCtrlUEverythingBeforeIt() throws {
        let (session, tree) = try field("Sao Paulo  de")
        session.press(.control("w"))
        #expect(tree.view.content.textFields == ["Sao Paulo  "])
        session.press(.control("w"))
        #expect(tree.view.content.textFields == ["Sao "])
        session.press(.control("a"))
        session.press(.character(">"))
        session.press(.control("e"))
        session.press(.control("u"))
        #expect(tree.view.content.textFields == [""])
    }

    @Test func altKeysMoveAndDeleteByWordInAField() throws {
        let (session, tree) = try field("Sao Paulo de Olivenca")
        session.press(.alt("b"))
        session.press(.wordLeft)
        session.press(.character(">"))
        #expect(tree.view.content.textFields == ["Sao Paulo >de Olivenca"])
        session.press(.alt("f"))
        session.press(.altBackspace)
        #expect(tree.view.content.textFields == ["Sao Paulo  Olivenca"])
        session.press(.control("a"))
        session.press(.alt("d"))
        #expect(tree.view.content.textFields == [" Paulo  Olivenca"])
        session.press(.wordRight)
        session.press(.character("!"))
        #expect(tree.view.content.textFields == [" Paulo!  Olivenca"])
    }

    /// Alt-b in a field used to go back and lose the text: no Alt key goes back.
    @Test func noAltKeyGoesBackInAFieldOrOutsideOne() throws {
        var wentBack = 0
        let (session, tree) = try field("Seoul")
        tree.view.backAction = { wentBack += 1 }
        for key: Key in [.alt("x"), .altBackspace, .alt("b"), .wordLeft] { session.press(key) }
        let buttons = SingleScreenTree(.button("Stay"))
        buttons.view.backAction = { wentBack += 1 }
        let outside = ScreenSession(tree: buttons, window: Window(width: 60, height: 6))
        for key: Key in [.alt("x"), .alt("b"), .altBackspace, .wordRight] { outside.press(key) }

        #expect(wentBack == 0)
        #expect(tree.view.content.textFields == [""], "Alt-Backspace deleted the one word; the field kept the rest")
    }

    @Test func enterInAFieldSubmitsIt() throws {
        let (session, tree) = try field("Seoul")
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }

        session.press(.enter)

        #expect(actions == [.submit(field: "name")])
    }
}

/// A long list pages with PageUp and PageDown, jumps with Home and End, and marks
/// that it goes on above or below.
@MainActor
struct ListPagingTests {
    @Test func pagingMovesByTheRowsShownAndTheMarksFollow() throws {
        let tree = SingleScreenTree(.vstack([.text("Rows"), .list(id: "rows", rows: (0..<100).map { "Row \($0)" })]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 10))
        var selected: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { selected.append($0) }
        defer { subscription.dispose() }
        let first = session.frame()
        #expect(first.text.contains("▼") && !first.text.contains("▲"))

        session.press(.pageDown)
        session.press(.enter)
        session.press(.end)
        session.press(.enter)
        let last = session.frame()
        session.press(.home)
        session.press(.enter)

        let shown = first.controls.filter { if case .row = $0.id { true } else { false } }.count
        #expect(
            selected == [
                .select(list: "rows", row: shown - 1), .select(list: "rows", row: 99), .select(list: "rows", row: 0),
            ])
        #expect(last.text.contains("▲") && !last.text.contains("▼") && last.text.contains("Row 99"))
    }

    /// A click on ▼ moved the focus to the row after the last shown, half a
    /// window away, as the list keeps the focus in its middle: it moves a row.
    @Test func aClickOnAnArrowBesideAListMovesTheFocusOneRow() throws {
        let tree = SingleScreenTree(.vstack([.text("Rows"), .list(id: "rows", rows: (0..<100).map { "Row \($0)" })]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 12))
        try session.execute(.focus("Row 0"))
        for _ in 0..<20 { session.press(.down) }
        let frame = session.frame()
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let down = try #require(lines.firstIndex { $0.contains("▼") })
        let up = try #require(lines.firstIndex { $0.contains("▲") })
        let column = lines[down].distance(from: lines[down].startIndex, to: lines[down].firstIndex(of: "▼")!)

        session.press(.click(column: column, row: down))
        #expect(session.focus == .row(list: "rows", index: 21))
        session.press(.click(column: column, row: up))
        session.press(.click(column: column, row: up))
        #expect(session.focus == .row(list: "rows", index: 19))
    }

    @Test func pageKeysAreDecoded() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
    }
}

/// Mouse reports: a click focuses and activates what it lands on; the wheel moves
/// through the focused list.
@MainActor
struct MouseTests {
    @Test func sgrReportsAreDecodedAndReleasesIgnored() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode(Array("\u{1B}[<0;12;3M\u{1B}[<0;12;3m\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<2;5;5M".utf8))
                == [
                    .click(column: 11, row: 2), .wheel(up: true, column: 0, row: 0),
                    .wheel(up: false, column: 0, row: 0),
                ])
    }

    @Test func aClickActivatesTheRowUnderItAndTheWheelMovesTheList() throws {
        let tree = SingleScreenTree(
            .vstack([
                .textField(id: "q", text: "", placeholder: "Search"),
                .list(id: "rows", rows: (0..<30).map { "Row \($0)" }),
            ]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 12))
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }
        let row = try #require(session.frame().controls.first { $0.label == "Row 1" })

        session.press(.click(column: row.x + 1, row: row.y))
        session.press(.wheel(up: false))
        session.press(.enter)
        session.press(.click(column: 0, row: 0))

        #expect(
            actions == [.select(list: "rows", row: 1), .select(list: "rows", row: 4)], "a click on nothing does nothing"
        )
    }

    /// The wheel moved only the focused list: it moves the one under the pointer.
    @Test func theWheelMovesTheListUnderThePointer() throws {
        let tree = SingleScreenTree(
            .hstack([
                .list(id: "left", rows: (0..<30).map { "L\($0)" }),
                .list(id: "right", rows: (0..<30).map { "R\($0)" }),
            ]))
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 10))
        let right = try #require(session.frame().controls.first { $0.label == "R1" })

        session.press(.wheel(up: false, column: right.x, row: right.y))
        session.press(.enter)

        #expect(actions == [.select(list: "right", row: 4)], "\(actions)")
    }

    /// Shift-Tab from a search field above a cut list landed on the last row
    /// drawn, mid-list: it lands on the list's first row in sight.
    @Test func shiftTabIntoAListLandsOnItsFirstRowInSight() {
        let tree = SingleScreenTree(
            .vstack([
                .textField(id: "q", text: "", placeholder: "Search"),
                .list(id: "rows", rows: (0..<30).map { "Row \($0)" }),
            ]))
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))

        session.press(.backtab)
        session.press(.enter)

        #expect(actions.last == .select(list: "rows", row: 0), "\(actions)")
    }

    /// A click on `▲` or `▼` beside a cut list did nothing: it moves through the list.
    @Test func aClickOnAListsArrowMovesThroughIt() throws {
        let tree = SingleScreenTree(.list(id: "rows", rows: (0..<30).map { "Row \($0)" }))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))
        let first = session.frame()
        let rows = first.controls.filter { if case .row = $0.id { true } else { false } }
        let last = try #require(rows.last)
        #expect(first.text.contains("▼"))

        session.press(.click(column: last.x + last.width + 1, row: last.y))
        let moved = session.frame()
        #expect(moved.text.contains("Row \(rows.count)"), "the row below came into sight: \(moved.text)")
        #expect(moved.text.contains("▲"))
    }

    /// A click in a field used to put the cursor at its end, wherever it landed.
    @Test func aClickInAFieldPutsTheCursorWhereItLands() throws {
        let tree = SingleScreenTree(
            .vstack([.button("Go"), .textField(id: "q", text: "hello world", placeholder: "Search")]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))
        let field = try #require(session.frame().controls.first { $0.isField })

        session.press(.click(column: field.x + 1 + 6, row: field.y))
        session.press(.character("X"))
        #expect(tree.view.content.textFields == ["hello Xworld"])

        session.press(.click(column: field.x + 1, row: field.y))
        session.press(.character("Y"))
        #expect(tree.view.content.textFields == ["Yhello Xworld"])
    }
}

/// `?` or F1 shows the keys of the screen over it; any key closes it.
@MainActor
struct HelpOverlayTests {
    @Test func theHelpListsThisScreensKeysAndAnyKeyClosesIt() throws {
        let tree = SingleScreenTree(.vstack([.button("Go"), .list(id: "rows", rows: ["a", "b"])]))
        tree.view.backAction = {}
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 20))
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }

        session.press(.character("?"))
        let help = session.frame()
        session.press(.enter)
        let after = session.frame()

        #expect(
            help.text.contains("Keys on this screen") && help.text.contains("press the button")
                && help.text.contains("go back"))
        #expect(help.controls.isEmpty, "the screen is out of reach under the help")
        #expect(actions.isEmpty, "the key that closed the help did nothing else")
        #expect(!after.text.contains("Keys on this screen"))
    }

    @Test func aQuestionMarkInAFieldIsText() throws {
        let tree = SingleScreenTree(.textField(id: "q", text: "", placeholder: "Ask"))
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 8))
        session.press(.character("?"))
        #expect(tree.view.content.textFields == ["?"])
        session.press(.help)
        #expect(session.frame().text.contains("Keys on this screen"))
    }

    @Test func theWheelScrollsTheHelpAndDoesNotCloseIt() {
        let session = ScreenSession(tree: SingleScreenTree(.button("Go")), window: Window(width: 60, height: 10))
        session.press(.help)
        let top = session.frame().text
        session.press(.wheel(up: false))

        let scrolled = session.frame()
        #expect(scrolled.controls.isEmpty, "the help is still open over the screen")
        #expect(scrolled.text != top, "and scrolled")
        session.press(.wheel(up: true))
        #expect(session.frame().text == top)
    }

    /// In a field the help listed Ctrl-P twice, as the palette and as Up, and
    /// offered j, k, g and G, which type text there.
    @Test func inAFieldTheHelpOffersOnlyTheKeysAFieldTakes() throws {
        let tree = SingleScreenTree(
            .vstack([.textField(id: "q", text: "", placeholder: "Ask"), .list(id: "l", rows: ["a"])]))
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 30))
        try session.execute(.focus("Ask"))
        session.press(.help)
        let help = session.frame().text

        #expect(help.components(separatedBy: "Ctrl-P").count == 2, "\(help)")
        #expect(!help.contains("j, k") && !help.contains("g, G"), "\(help)")
    }
}

/// A list for reading: Enter is not offered on it, and pressing it says why.
@MainActor
struct ListsForReadingTests {
    @Test func enterIsNotOfferedOnAListForReadingAndSaysWhyWhenPressed() {
        let tree = SingleScreenTree(.list(id: "airports", rows: ["ICN Incheon", "GMP Gimpo"]))
        tree.view.listsForReading = ["airports"]
        let session = ScreenSession(tree: tree, window: Window(width: 70, height: 8))
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }
        let status = { String(session.frame().text.split(separator: "\n").last ?? "") }

        #expect(!status().contains("Enter"), "\(status())")
        session.press(.enter)

        #expect(status().contains("the rows here are for reading"))
        #expect(actions.isEmpty)
    }
}

/// Outside a text field, the keys of less and vi: j, k, Ctrl-N and Ctrl-P move
/// through a list, g and G go to its ends, and q quits; in a field they are text.
@MainActor
struct NavigationKeyTests {
    @Test func jKGAndShiftGMoveThroughAListAndQQuits() {
        let tree = SingleScreenTree(.list(id: "rows", rows: (0..<20).map { "Row \($0)" }))
        var selected: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { selected.append($0) }
        defer { subscription.dispose() }
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))

        for key: Key in [
            .character("j"), .character("j"), .control("n"), .enter, .character("k"), .control("p"), .enter,
            .character("G"), .enter, .character("g"), .enter,
        ] {
            session.press(key)
        }
        #expect(
            selected == [
                .select(list: "rows", row: 3), .select(list: "rows", row: 1), .select(list: "rows", row: 19),
                .select(list: "rows", row: 0),
            ])
        #expect(!session.quitRequested)

        session.press(.character("q"))
        #expect(session.quitRequested)
    }

    @Test func inAFieldTheyAreText() throws {
        let tree = SingleScreenTree(
            .vstack([.textField(id: "q", text: "", placeholder: "Search"), .list(id: "rows", rows: ["a", "b"])]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))
        for character in "jkgGq" { session.press(.character(character)) }
        #expect(tree.view.content.textFields == ["jkgGq"])
        #expect(!session.quitRequested)
    }
}

/// Notices were cut to the status line's width and their whole text was nowhere:
/// `m` shows every message of the run, whole.
@MainActor
struct MessageLogTests {
    @Test func mShowsTheMessagesWholeAndAnyKeyClosesThem() {
        let session = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: ["a", "b"])), window: Window(width: 40, height: 12))
        session.press(.character("m"))
        #expect(session.frame().text.contains("m: no messages yet"))

        let message =
            "route \"detail\" leaked: RepositoryDetailInteractor is still alive 1 s after its router was detached"
        session.post(message)
        let status = String(session.frame().text.split(separator: "\n").last ?? "")
        #expect(status.contains("…"), "the status line cuts it: \(status)")
        #expect(!session.frame().text.contains("the messages of this run"))

        session.press(.character("m"))
        let log = session.frame().text
        let words = log.split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(words.contains(message), "\(log)")
        #expect(log.contains("1 message"))

        session.press(.character("x"))
        #expect(!session.showsMessages)
        #expect(
            String(session.frame().text.split(separator: "\n").last ?? "").contains("· m ·"),
            "m is offered once there are messages")
    }

    @Test func theLogKeepsTheNewestMessages() {
        let session = ScreenSession(tree: SingleScreenTree(.text("Hi")), window: Window(width: 40, height: 12))
        for index in 0..<(ScreenSession.messageLimit + 5) { session.post("message \(index)") }
        #expect(session.messages.count == ScreenSession.messageLimit)
        #expect(session.messages.last == "message \(ScreenSession.messageLimit + 4)")
    }
}

/// The help box was clipped in a small window and could not scroll.
@MainActor
struct HelpBoxTests {
    @Test func aHelpTallerThanTheWindowScrollsAndAnyOtherKeyClosesIt() {
        let session = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: ["a", "b"])), window: Window(width: 60, height: 10))
        session.press(.character("?"))
        let first = session.frame().text
        #expect(first.contains("Keys on this screen"))
        #expect(first.contains("of "), "says where it is: \(first)")

        for _ in 0..<30 { session.press(.down) }
        let last = session.frame().text
        #expect(last.contains("any other key closes this help"), "\(last)")
        #expect(!last.contains("Keys on this screen"))
        #expect(session.showsHelp)

        session.press(.character("x"))
        #expect(!session.showsHelp)
    }
}

/// Enter in the first login field did nothing: in a form, it goes on to the next field.
@MainActor
struct FormEnterTests {
    @Test func enterInAFieldBeforeTheLastGoesToTheNextAndEveryEnterSubmits() {
        let tree = SingleScreenTree(
            .vstack([
                .textField(id: "one", text: "", placeholder: "Player 1"),
                .textField(id: "two", text: "", placeholder: "Player 2"), .button("Login"),
            ]))
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))

        session.press(.character("A"))
        session.press(.enter)
        session.press(.character("B"))
        session.press(.enter)

        #expect(tree.view.content.textFields == ["A", "B"])
        #expect(
            actions.filter { if case .submit = $0 { true } else { false } } == [
                .submit(field: "one"), .submit(field: "two"),
            ])
    }
}
