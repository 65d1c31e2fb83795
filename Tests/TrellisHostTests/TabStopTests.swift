import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// Tab and Shift-Tab go from control to control in reading order; a list is
/// one stop, and arrows move inside it.
@MainActor
struct TabStopTests {
    /// A search field over a list of 30 rows, then `below`: the session, the
    /// tree, the actions sent so far, and the subscription that records them.
    private func launch(_ below: [ViewNode], height: Int) -> (
        ScreenSession, SingleScreenTree, () -> [ViewAction], Disposable
    ) {
        let tree = SingleScreenTree(
            .vstack(
                [
                    .textField(id: "q", text: "", placeholder: "Search"),
                    .list(id: "rows", rows: (0..<30).map { "Row \($0)" }),
                ] + below))
        let recorded = Recorded()
        let subscription = tree.view.actions.subscribe { recorded.actions.append($0) }
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: height))
        return (session, tree, { recorded.actions }, subscription)
    }

    private final class Recorded {
        var actions: [ViewAction] = []
    }

    /// Shift-Tab from a search field above a cut list landed on the last row
    /// drawn, mid-list: it lands on the list's first row in sight.
    @Test func shiftTabIntoAListLandsOnItsFirstRowInSight() {
        let (session, _, actions, subscription) = launch([], height: 8)
        defer { subscription.dispose() }

        session.update(.key(.backtab))
        session.update(.key(.enter))

        #expect(actions().last == .select(list: "rows", row: 0), "\(actions())")
    }

    /// Tab walked every row of a list (16,877 presses to leave Airports' list):
    /// a list is one stop, as in lazygit and the browser, and Tab back into it
    /// lands on the row it was left at.
    @Test func aListIsOneTabStopEnteredWhereItWasLeft() {
        let (session, tree, actions, subscription) = launch([.button("Done")], height: 10)
        defer { subscription.dispose() }

        // From the field into the list, two rows down, on to the button.
        session.update(.key(.tab))
        session.update(.key(.down))
        session.update(.key(.down))
        session.update(.key(.tab))
        session.update(.key(.enter))
        // Back into the list from the button, where it was left.
        session.update(.key(.backtab))
        session.update(.key(.enter))
        // From the list, Shift-Tab leaves it for the field above.
        session.update(.key(.backtab))
        session.update(.key(.character("x")))

        #expect(Array(actions().prefix(2)) == [.tap("Done"), .select(list: "rows", row: 2)], "\(actions())")
        #expect(tree.view.content.textFields == ["x"])
    }

    /// A view that shows another screen in place (an isolated route's first
    /// screen where its permission question was, Allow focused) kept the focus's
    /// place: Notes opened on its second control. None of the old controls is
    /// left, so the focus starts at the first; where some are left (a board cell
    /// played), it keeps its place.
    @Test func aViewWhoseControlsAreAllNewIsFocusedAtItsFirst() {
        let tree = SingleScreenTree(.hstack([.button("Deny"), .button("Allow")]))
        let recorded = Recorded()
        let subscription = tree.view.actions.subscribe { recorded.actions.append($0) }
        defer { subscription.dispose() }
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 10))

        session.update(.key(.tab))
        tree.view.content = .vstack([.button("New note"), .button("Settings"), .button("Quit")])
        session.update(.viewsChanged)
        session.update(.key(.enter))
        // A board: the second cell played (gone as a control), the focus stays second.
        session.update(.key(.tab))
        tree.view.content = .vstack([.button("New note"), .text("played"), .button("Quit")])
        session.update(.viewsChanged)
        session.update(.key(.enter))

        #expect(recorded.actions == [.tap("New note"), .tap("Quit")], "\(recorded.actions)")
    }
}
