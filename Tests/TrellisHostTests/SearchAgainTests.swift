import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// `n` and `N` jump to the next and previous match of the last `/` query with
/// every row kept, as less, vim and htop search.
@MainActor
struct SearchAgainTests {
    private let cities = ["Aachen", "Little York", "Newark", "New York", "Oslo", "York", "Zurich"]

    @Test func nAndNJumpBetweenMatchesInTheWholeListAndWrap() {
        let tree = SingleScreenTree(.list(id: "cities", rows: cities))
        var selected: [Int] = []
        let subscription = tree.view.actions.subscribe { action in
            if case let .select(_, row) = action { selected.append(row) }
        }
        defer { subscription.dispose() }
        let session = ScreenSession(tree: tree, window: Window(width: 120, height: 12))

        session.update(.key(.character("/")))
        for character in "'york" { session.update(.key(.character(character))) }
        session.update(.key(.enter))
        #expect(session.frame.text.contains("n/N next match"), "offered once a filter is kept")
        // The filter gives way to the whole list, from the match it was on
        // (York, the best and shortest, last in the list's order): the next one
        // comes round from the top.
        session.update(.key(.character("n")))
        let whole = session.frame.text
        session.update(.key(.enter))
        session.update(.key(.character("n")))
        let next = session.frame.text
        session.update(.key(.enter))
        session.update(.key(.character("N")))
        session.update(.key(.enter))

        #expect(whole.contains("Oslo") && whole.contains("Zurich"), "every row kept: \(whole)")
        #expect(whole.contains("/'york  match 1 of 3, from the top"), "\(whole)")
        #expect(next.contains("/'york  match 2 of 3"), "\(next)")
        #expect(selected == [1, 3, 1], "\(selected)")
    }

    @Test func nWithNoQueryOnAListSaysWhyItDoesNothing() {
        let tree = SingleScreenTree(.list(id: "cities", rows: cities))
        let session = ScreenSession(tree: tree, window: Window(width: 120, height: 12))

        session.update(.key(.character("/")))
        for character in "york" { session.update(.key(.character(character))) }
        session.update(.key(.escape))
        session.update(.key(.character("n")))

        #expect(session.frame.text.contains("n: no search to repeat on this screen; / searches the list"))
        #expect(session.frame.text.contains("Aachen"), "the list as it was")
    }
}
