import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

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
        let first = session.frame
        #expect(first.text.contains("▼") && !first.text.contains("▲"))

        session.update(.key(.pageDown))
        session.update(.key(.enter))
        session.update(.key(.end))
        session.update(.key(.enter))
        let last = session.frame
        session.update(.key(.home))
        session.update(.key(.enter))

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
        _ = try session.update(.command(.focus("Row 0"))).get()
        for _ in 0..<20 { session.update(.key(.down)) }
        let frame = session.frame
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let down = try #require(lines.firstIndex { $0.contains("▼") })
        let up = try #require(lines.firstIndex { $0.contains("▲") })
        let column = lines[down].distance(from: lines[down].startIndex, to: lines[down].firstIndex(of: "▼")!)

        session.update(.key(.click(column: column, row: down)))
        #expect(session.focus == .row(list: "rows", index: 21))
        session.update(.key(.click(column: column, row: up)))
        session.update(.key(.click(column: column, row: up)))
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
        let row = try #require(session.frame.controls.first { $0.label == "Row 1" })

        session.update(.key(.click(column: row.x + 1, row: row.y)))
        session.update(.key(.wheel(up: false)))
        session.update(.key(.enter))
        session.update(.key(.click(column: 0, row: 0)))

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
        let right = try #require(session.frame.controls.first { $0.label == "R1" })

        session.update(.key(.wheel(up: false, column: right.x, row: right.y)))
        session.update(.key(.enter))

        #expect(actions == [.select(list: "right", row: 4)], "\(actions)")
    }

    /// A click on `▲` or `▼` beside a cut list did nothing: it moves through the list.
    @Test func aClickOnAListsArrowMovesThroughIt() throws {
        let tree = SingleScreenTree(.list(id: "rows", rows: (0..<30).map { "Row \($0)" }))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))
        let first = session.frame
        let rows = first.controls.filter { if case .row = $0.id { true } else { false } }
        let last = try #require(rows.last)
        #expect(first.text.contains("▼"))

        session.update(.key(.click(column: last.x + last.width + 1, row: last.y)))
        let moved = session.frame
        #expect(moved.text.contains("Row \(rows.count)"), "the row below came into sight: \(moved.text)")
        #expect(moved.text.contains("▲"))
    }

    /// A click in a field used to put the cursor at its end, wherever it landed.
    @Test func aClickInAFieldPutsTheCursorWhereItLands() throws {
        let tree = SingleScreenTree(
            .vstack([.button("Go"), .textField(id: "q", text: "hello world", placeholder: "Search")]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))
        let field = try #require(session.frame.controls.first { $0.isField })

        session.update(.key(.click(column: field.x + 1 + 6, row: field.y)))
        session.update(.key(.character("X")))
        #expect(tree.view.content.textFields == ["hello Xworld"])

        session.update(.key(.click(column: field.x + 1, row: field.y)))
        session.update(.key(.character("Y")))
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

        session.update(.key(.character("?")))
        let help = session.frame
        session.update(.key(.enter))
        let after = session.frame

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
        session.update(.key(.character("?")))
        #expect(tree.view.content.textFields == ["?"])
        session.update(.key(.help))
        #expect(session.frame.text.contains("Keys on this screen"))
    }

    @Test func theWheelScrollsTheHelpAndDoesNotCloseIt() {
        let session = ScreenSession(tree: SingleScreenTree(.button("Go")), window: Window(width: 60, height: 10))
        session.update(.key(.help))
        let top = session.frame.text
        session.update(.key(.wheel(up: false)))

        let scrolled = session.frame
        #expect(scrolled.controls.isEmpty, "the help is still open over the screen")
        #expect(scrolled.text != top, "and scrolled")
        session.update(.key(.wheel(up: true)))
        #expect(session.frame.text == top)
    }

    /// In a field the help listed Ctrl-P twice, as the palette and as Up, and
    /// offered j, k, g and G, which type text there.
    @Test func inAFieldTheHelpOffersOnlyTheKeysAFieldTakes() throws {
        let tree = SingleScreenTree(
            .vstack([.textField(id: "q", text: "", placeholder: "Ask"), .list(id: "l", rows: ["a"])]))
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 30))
        _ = try session.update(.command(.focus("Ask"))).get()
        session.update(.key(.help))
        let help = session.frame.text

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
        let status = { String(session.frame.text.split(separator: "\n").last ?? "") }

        #expect(!status().contains("Enter"), "\(status())")
        session.update(.key(.enter))

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
            session.update(.key(key))
        }
        #expect(
            selected == [
                .select(list: "rows", row: 3), .select(list: "rows", row: 1), .select(list: "rows", row: 19),
                .select(list: "rows", row: 0),
            ])
        #expect(!session.quitRequested)

        session.update(.key(.character("q")))
        #expect(session.quitRequested)
    }

    @Test func inAFieldTheyAreText() throws {
        let tree = SingleScreenTree(
            .vstack([.textField(id: "q", text: "", placeholder: "Search"), .list(id: "rows", rows: ["a", "b"])]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 8))
        for character in "jkgGq" { session.update(.key(.character(character))) }
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
        session.update(.key(.character("m")))
        #expect(session.frame.text.contains("m: no messages yet"))

        let message =
            "route \"detail\" leaked: RepositoryDetailInteractor is still alive 1 s after its router was detached"
        session.update(.notice(message))
        let status = String(session.frame.text.split(separator: "\n").last ?? "")
        #expect(status.contains("…"), "the status line cuts it: \(status)")
        #expect(!session.frame.text.contains("the messages of this run"))

        session.update(.key(.character("m")))
        let log = session.frame.text
        let words = log.split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(words.contains(message), "\(log)")
        #expect(log.contains("1 message"))

        session.update(.key(.character("x")))
        #expect(!session.showsMessages)
        #expect(
            String(session.frame.text.split(separator: "\n").last ?? "").contains("· m ·"),
            "m is offered once there are messages")
    }

    @Test func theLogKeepsTheNewestMessages() {
        let session = ScreenSession(tree: SingleScreenTree(.text("Hi")), window: Window(width: 40, height: 12))
        for index in 0..<(ScreenSession.messageLimit + 5) { session.update(.notice("message \(index)")) }
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
        session.update(.key(.character("?")))
        let first = session.frame.text
        #expect(first.contains("Keys on this screen"))
        #expect(first.contains("of "), "says where it is: \(first)")

        for _ in 0..<30 { session.update(.key(.down)) }
        let last = session.frame.text
        #expect(last.contains("any other key closes this help"), "\(last)")
        #expect(!last.contains("Keys on this screen"))
        #expect(session.showsHelp)

        session.update(.key(.character("x")))
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

        session.update(.key(.character("A")))
        session.update(.key(.enter))
        session.update(.key(.character("B")))
        session.update(.key(.enter))

        #expect(tree.view.content.textFields == ["A", "B"])
        #expect(
            actions.filter { if case .submit = $0 { true } else { false } } == [
                .submit(field: "one"), .submit(field: "two"),
            ])
    }
}
