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

        _ = try session.update(.command(.type("Alce"))).get()
        session.update(.key(.left))
        session.update(.key(.left))
        session.update(.key(.character("i")))
        session.update(.key(.end))
        session.update(.key(.backspace))
        session.update(.key(.home))
        session.update(.key(.delete))

        #expect(view.content.textFields == ["lic"])
    }

    @Test func theCursorIsShownInTheFocusedFieldOnly() throws {
        let (session, _) = session(.vstack([.textField(id: "name", text: "", placeholder: "Name"), .button("Go")]))
        _ = try session.update(.command(.type("한a"))).get()

        let inField = session.frame
        session.update(.key(.tab))
        let onButton = session.frame

        let field = try #require(inField.controls.first)
        #expect(inField.cursor?.x == field.x + 1 + 3)
        #expect(inField.cursor?.y == field.y)
        #expect(onButton.cursor == nil)
    }

    @Test func aScreenThatAppearsFocusesItsFirstControl() {
        let (session, _) = session(.vstack([.text("Pick one"), .button("First"), .button("Second")]))

        let frame = session.frame

        #expect(frame.controls.map(\.label) == ["First", "Second"])
        #expect(frame.canvas.cells.contains { $0.style == .focused })
        #expect(!frame.text.isEmpty)
        session.update(.key(.enter))
    }

    @Test func arrowsMoveByRowsAndColumnsInAGrid() throws {
        let (session, view) = session(.grid(columns: 3, cells: (1...9).map { .button(String($0)) }))
        var taps: [String] = []
        let subscription = view.actions.subscribe { if case let .tap(id) = $0 { taps.append(id) } }

        session.update(.key(.right))
        session.update(.key(.down))
        session.update(.key(.enter))
        session.update(.key(.down))
        session.update(.key(.left))
        session.update(.key(.enter))
        subscription.dispose()

        #expect(taps == ["5", "7"])
    }

    @Test func aLongListScrollsToKeepTheFocusedRowInSight() throws {
        let rows = (1...100).map { "Row \($0)" }
        let (session, view) = session(.vstack([.text("Cities"), .list(id: "cities", rows: rows)]), rows: 12)
        var selected: [Int] = []
        let subscription = view.actions.subscribe { if case let .select(_, row) = $0 { selected.append(row) } }

        for _ in 0..<50 { session.update(.key(.down)) }
        let frame = session.frame
        session.update(.key(.enter))
        subscription.dispose()

        #expect(frame.text.contains("Row 51"))
        #expect(!frame.text.contains("Row 1\n"))
        #expect(frame.text.split(separator: "\n").count <= 12)
        #expect(selected == [50])
    }

    @Test func typingWithoutAFocusedFieldIsAFailure() {
        let (session, _) = session(.button("Only"))

        #expect(throws: SessionFailure.noFocusedField) { try session.update(.command(.type("x"))).get() }
    }
}

extension ViewNode {
    var textFields: [String] {
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
        String(session.frame.text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    @Test func tabIsOfferedOnlyWithSomewhereToMoveAndEnterSaysWhatItDoes() {
        let one = ScreenSession(tree: SingleScreenTree(.button("Only")), window: Window(width: 80, height: 6))
        #expect(!statusRow(one).contains("Tab"))
        #expect(statusRow(one).contains("Enter press"))

        // A list is one Tab stop: alone, Tab goes nowhere; beside a button, it does.
        let list = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: ["a", "b"])), window: Window(width: 80, height: 6))
        #expect(!statusRow(list).contains("Tab"), "\(statusRow(list))")
        let listAndButton = ScreenSession(
            tree: SingleScreenTree(.vstack([.list(id: "rows", rows: ["a", "b"]), .button("Add")])),
            window: Window(width: 80, height: 6))
        #expect(statusRow(listAndButton).contains("Tab next · Enter select"))

        let text = ScreenSession(tree: SingleScreenTree(.text("Nothing to do")), window: Window(width: 80, height: 6))
        #expect(statusRow(text).hasSuffix("Ctrl-C quit"))
        #expect(!statusRow(text).contains("Enter"))
    }

    @Test func aNarrowWindowShortensTheHintsBeforeDroppingThem() {
        let session = ScreenSession(
            tree: SingleScreenTree(.vstack([.list(id: "rows", rows: ["a", "b"]), .button("Add")])),
            window: Window(width: 30, height: 6))
        #expect(statusRow(session).hasSuffix("Tab · Enter · ? · q/^C"), "\(statusRow(session))")
    }

    /// At 30 columns or less every hint used to vanish; help and quit stay, and
    /// the path gives way to them, cut with an ellipsis.
    @Test func aVeryNarrowWindowKeepsHelpAndQuitAndCutsThePathWithAnEllipsis() {
        let status = StatusLine(
            path: "launcher › tutorial › loggedIn", position: "3 of 9",
            hints: [
                .init("Tab next", short: "Tab", priority: 2), .init("Enter select", short: "Enter", priority: 5),
                .init("Esc back", short: "Esc", priority: 7), .essential("? help", short: "?"),
                .essential("q/Ctrl-C quit", short: "q/^C"),
            ])
        var canvas = Canvas(width: 24, height: 1)
        status.draw(into: &canvas, row: 0)
        #expect(canvas.text.hasPrefix(" launcher › …"), "\(canvas.text)")
        #expect(canvas.text.hasSuffix("? · q/^C"), "\(canvas.text)")

        var tiny = Canvas(width: 11, height: 1)
        status.draw(into: &tiny, row: 0)
        #expect(tiny.text.drop { $0 == " " }.hasPrefix("? · q/^C"), "\(tiny.text)")
    }

    /// The hints used to shorten all at once, so `Esc log out` was gone below
    /// about 125 columns: they shorten, then go, one at a time, the least
    /// important first, and what Esc does here is said longest.
    @Test func hintsShortenOneAtATimeAndWhatEscDoesIsSaidLongest() {
        let tree = SingleScreenTree(.vstack([.list(id: "rows", rows: ["a", "b"]), .button("Add")]))
        tree.view.backAction = {}
        tree.view.backTitle = "log out"
        let wide = ScreenSession(tree: tree, window: Window(width: 100, height: 6))
        #expect(
            statusRow(wide).hasSuffix(
                "Tab next · Enter select · Esc log out · / filter · : actions · ? help · q/Ctrl-C quit"),
            "\(statusRow(wide))")
        wide.update(.resize(Window(width: 65, height: 6)))
        #expect(
            statusRow(wide).hasSuffix("Tab · Enter select · Esc log out · ? help · q/Ctrl-C quit"), "\(statusRow(wide))"
        )
        wide.update(.resize(Window(width: 40, height: 6)))
        #expect(statusRow(wide).hasSuffix("Enter · Esc log out · ? · q/^C"), "\(statusRow(wide))")
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
        session.update(.key(.down))
        session.update(.key(.down))
        #expect(statusRow(session).hasPrefix(" main  3 of 28,298 "), "\(statusRow(session))")

        // A list all in sight says where the focus is by itself.
        let short = ScreenSession(
            tree: SingleScreenTree(.list(id: "rows", rows: ["a", "b", "c"])), window: Window(width: 80, height: 8))
        short.update(.key(.down))
        #expect(!statusRow(short).contains(" of 3"), "\(statusRow(short))")
    }

    /// The screen that goes back names what back does there.
    @Test func escSaysWhatGoingBackDoesHere() {
        let tree = SingleScreenTree(.button("Start Game"))
        tree.view.backAction = {}
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
        #expect(statusRow(session).contains("Esc back"))

        tree.view.backTitle = "log out"
        session.update(.viewsChanged)

        #expect(statusRow(session).contains("Esc log out"), "\(statusRow(session))")
        session.update(.key(.character("?")))
        #expect(session.frame.text.contains("Esc             log out"))
    }

    @Test func escIsNotOfferedAgainWhereGoingBackDidNothing() {
        let tree = SingleScreenTree(.button("Stay"))
        tree.view.backAction = {}
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 6))
        #expect(statusRow(session).contains("Esc back"))

        session.update(.key(.escape))

        #expect(statusRow(session).contains("this screen does not go back"))
        session.update(.key(.tab))
        #expect(!statusRow(session).contains("Esc"))
    }
}
