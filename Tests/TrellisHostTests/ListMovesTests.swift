import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// vi's and less's moves in a list: counts (`5j`, `3k`, `12G`), Ctrl-D and
/// Ctrl-U by half the rows in sight, and `:12` in the palette.
@MainActor
struct ListMovesTests {
    /// A session over one list of 100 rows, and the rows Enter selected.
    private func listSession() -> (ScreenSession, () -> [Int], Disposable) {
        let tree = SingleScreenTree(.list(id: "rows", rows: (0..<100).map { "Row \($0)" }))
        var selected: [Int] = []
        let subscription = tree.view.actions.subscribe { action in
            if case let .select(_, row) = action { selected.append(row) }
        }
        return (ScreenSession(tree: tree, window: Window(width: 40, height: 12)), { selected }, subscription)
    }

    private func type(_ text: String, into session: ScreenSession) {
        for character in text { session.update(.key(.character(character))) }
    }

    @Test func aCountMovesThatManyRowsOrGoesToThatRow() {
        let (session, selected, subscription) = listSession()
        defer { subscription.dispose() }

        type("5j", into: session)
        session.update(.key(.enter))
        type("3k", into: session)
        session.update(.key(.enter))
        type("12G", into: session)
        session.update(.key(.enter))
        type("1000j", into: session)
        session.update(.key(.enter))

        #expect(selected() == [5, 2, 11, 99])
    }

    @Test func theCountTypedIsShownAndEscDropsItWithoutGoingBack() {
        let (session, selected, subscription) = listSession()
        defer { subscription.dispose() }

        type("4", into: session)
        #expect(session.frame.text.contains("4: j, k move 4 rows"))
        session.update(.key(.escape))
        #expect(!session.frame.text.contains("nothing to go back to"), "Esc did nothing but drop the count")
        session.update(.key(.character("j")))
        session.update(.key(.enter))

        #expect(selected() == [1], "Esc dropped the count: j moved one row")
    }

    @Test func ctrlDAndCtrlUMoveHalfTheRowsInSight() throws {
        let (session, selected, subscription) = listSession()
        defer { subscription.dispose() }
        let shown = session.frame.controls.filter { if case .row = $0.id { true } else { false } }.count
        try #require(shown > 2)

        session.update(.key(.control("d")))
        session.update(.key(.enter))
        session.update(.key(.control("d")))
        session.update(.key(.control("u")))
        session.update(.key(.enter))

        #expect(selected() == [shown / 2, shown / 2])
    }

    @Test func aNumberInThePaletteGoesToThatRow() {
        let (session, selected, subscription) = listSession()
        defer { subscription.dispose() }

        session.update(.key(.character(":")))
        type("42", into: session)
        #expect(session.frame.text.contains("Go to row 42 of 100"))
        session.update(.key(.enter))
        session.update(.key(.enter))

        #expect(selected() == [41])
    }
}
