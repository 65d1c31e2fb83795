import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// A text field keeps its width and scrolls to keep the cursor in sight.
@MainActor
struct ScrollingFieldTests {
    private let longName = "Abbeville (Buigny/Saint-Riquier) airfield"

    @Test func aLongTextKeepsTheFieldsWidthAndShowsTheCursorsEnd() throws {
        let session = ScreenSession(
            tree: SingleScreenTree(.vstack([.text("Name"), .textField(id: "name", text: "", placeholder: "City")])),
            window: Window(width: 60, height: 8))
        let before = session.frame
        _ = try session.update(.command(.type(longName))).get()
        let frame = session.frame

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
        _ = try session.update(.command(.type(longName))).get()
        for _ in 0..<longName.count { session.update(.key(.left)) }
        let frame = session.frame

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
        let before = screens.frame.controls.first { $0.label == "Saarbrucken (DE)" }
        view.content = .vstack([.text("Cities"), .list(id: "cities", rows: narrow)])
        screens.update(.viewsChanged)
        let after = screens.frame.controls.first { $0.label == "Sa (X)" }

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

        _ = try session.update(.command(.focus(start))).get()
        session.update(.key(key))
        session.update(.key(.enter))

        #expect(tapped == [expected])
    }
}

/// Pasted text goes into the focused field whole; its tabs do not move the focus.
@MainActor
struct PasteTests {
    @Test func aPasteIsInsertedAtTheCursorOfTheFocusedField() throws {
        let tree = SingleScreenTree(.vstack([.textField(id: "city", text: "", placeholder: "City"), .button("Go")]))
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 8))
        _ = try session.update(.command(.focus("City"))).get()

        session.update(.key(.paste("Seoul KR")))
        session.update(.key(.character("!")))

        #expect(tree.view.content.textFields == ["Seoul KR!"], "the paste went in whole and the focus stayed")
    }

    @Test func aPasteWithNoFieldFocusedIsSaid() {
        let session = ScreenSession(tree: SingleScreenTree(.button("Go")), window: Window(width: 60, height: 6))
        session.update(.key(.paste("text")))
        #expect(session.frame.text.contains("paste: no text field has the focus"))
    }

    @Test func aPasteTooLargeIsRefusedWholeAndSaysWhy() throws {
        let tree = SingleScreenTree(.vstack([.textField(id: "city", text: "kept", placeholder: "City")]))
        let session = ScreenSession(tree: tree, window: Window(width: 120, height: 6))
        _ = try session.update(.command(.focus("City"))).get()

        session.update(.key(.pasteTooLarge(bytes: 20 << 20)))

        #expect(tree.view.content.textFields == ["kept"])
        #expect(session.frame.text.contains("paste: 20.0 MB is more than the 16.0 MB a paste may be"))
    }
}

/// Editing keys shells have: Ctrl-U, Ctrl-W, Ctrl-A, Ctrl-E; Enter in a field submits it.
@MainActor
struct FieldEditingTests {
    private func field(_ text: String) throws -> (ScreenSession, SingleScreenTree) {
        let tree = SingleScreenTree(.textField(id: "name", text: "", placeholder: "Name"))
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 6))
        _ = try session.update(.command(.type(text))).get()
        return (session, tree)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursorAndCtrlUEverythingBeforeIt() throws {
        let (session, tree) = try field("Sao Paulo  de")
        session.update(.key(.control("w")))
        #expect(tree.view.content.textFields == ["Sao Paulo  "])
        session.update(.key(.control("w")))
        #expect(tree.view.content.textFields == ["Sao "])
        session.update(.key(.control("a")))
        session.update(.key(.character(">")))
        session.update(.key(.control("e")))
        session.update(.key(.control("u")))
        #expect(tree.view.content.textFields == [""])
    }

    @Test func altKeysMoveAndDeleteByWordInAField() throws {
        let (session, tree) = try field("Sao Paulo de Olivenca")
        session.update(.key(.alt("b")))
        session.update(.key(.wordLeft))
        session.update(.key(.character(">")))
        #expect(tree.view.content.textFields == ["Sao Paulo >de Olivenca"])
        session.update(.key(.alt("f")))
        session.update(.key(.altBackspace))
        #expect(tree.view.content.textFields == ["Sao Paulo  Olivenca"])
        session.update(.key(.control("a")))
        session.update(.key(.alt("d")))
        #expect(tree.view.content.textFields == [" Paulo  Olivenca"])
        session.update(.key(.wordRight))
        session.update(.key(.character("!")))
        #expect(tree.view.content.textFields == [" Paulo!  Olivenca"])
    }

    /// Alt-b in a field used to go back and lose the text: no Alt key goes back.
    @Test func noAltKeyGoesBackInAFieldOrOutsideOne() throws {
        var wentBack = 0
        let (session, tree) = try field("Seoul")
        tree.view.backAction = { wentBack += 1 }
        for key: Key in [.alt("x"), .altBackspace, .alt("b"), .wordLeft] { session.update(.key(key)) }
        let buttons = SingleScreenTree(.button("Stay"))
        buttons.view.backAction = { wentBack += 1 }
        let outside = ScreenSession(tree: buttons, window: Window(width: 60, height: 6))
        for key: Key in [.alt("x"), .alt("b"), .altBackspace, .wordRight] { outside.update(.key(key)) }

        #expect(wentBack == 0)
        #expect(tree.view.content.textFields == [""], "Alt-Backspace deleted the one word; the field kept the rest")
    }

    @Test func enterInAFieldSubmitsIt() throws {
        let (session, tree) = try field("Seoul")
        var actions: [ViewAction] = []
        let subscription = tree.view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }

        session.update(.key(.enter))

        #expect(actions == [.submit(field: "name")])
    }
}
