import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's pickers and tabs: drawn, chosen by keys and clicks, and kept sane
/// with a choice out of range or no options.
@MainActor
struct PickerAndTabsTests {
    private func launch(_ content: ViewNode) -> (ScreenSession, ViewController) {
        let tree = SingleScreenTree(content)
        return (ScreenSession(tree: tree, window: Window(width: 60, height: 12)), tree.view)
    }

    private func line(_ frame: Frame, containing text: String) -> String {
        frame.text.split(separator: "\n").first { $0.contains(text) }.map { $0.trimmingCharacters(in: .whitespaces) }
            ?? ""
    }

    @Test func arrowsEnterAndAClickChooseAndTheViewShowsTheChoice() throws {
        let (session, view) = launch(.vstack([.picker("View", options: ["Day", "Week", "Month"], selected: 0)]))
        var chosen: [Int] = []
        let subscription = view.choices("View").subscribe { chosen.append($0) }
        defer { subscription.dispose() }
        #expect(line(session.frame, containing: "View") == "View [Day]  Week   Month")

        session.update(.key(.left))
        session.update(.key(.right))
        session.update(.key(.right))
        session.update(.key(.right))
        #expect(line(session.frame, containing: "View") == "View  Day   Week  [Month]")
        session.update(.key(.enter))
        let frame = session.frame
        let control = try #require(frame.controls.first)
        #expect(frame.text.contains("←→ choose") || frame.text.contains("←→"))
        session.update(.key(.click(column: control.x + TextWidth.of(" Day  ") + 1, row: control.y)))

        #expect(chosen == [1, 2, 0, 1], "Left at the first does nothing; Right stops at the last; Enter goes round")
        #expect(view.content == .vstack([.picker("View", options: ["Day", "Week", "Month"], selected: 1)]))
    }

    @Test func aChoiceOutOfRangeIsDrawnAsTheNearestAndNoOptionsAsTheirAbsence() {
        let (session, _) = launch(
            .vstack([
                .picker("View", options: ["Day", "Week"], selected: 99),
                .picker("Sort", options: [], selected: -3),
            ]))
        let frame = session.frame
        #expect(line(frame, containing: "View") == "View  Day  [Week]")
        #expect(line(frame, containing: "Sort") == "Sort (no options)")
        #expect(frame.controls.map(\.id) == [.picker("View")], "nothing to choose in an empty picker")
    }

    @Test func tabsShowTheirBarOverTheChosenTabAndAFieldInATabIsEdited() throws {
        let (session, view) = launch(
            .tabs(
                id: "View", titles: ["Notes", "Settings"], selected: 0,
                content: .textField(id: "title", text: "", placeholder: "Title")))
        var chosen: [Int] = []
        let subscription = view.choices("View").subscribe { chosen.append($0) }
        defer { subscription.dispose() }

        #expect(line(session.frame, containing: "Notes") == "[Notes]  Settings")
        _ = try session.update(.command(.focus("Title"))).get()
        _ = try session.update(.command(.type("Groceries"))).get()
        #expect(session.frame.text.contains("[Groceries___________]"), "the field in the tab shows what was typed")
        session.update(.key(.backtab))
        session.update(.key(.right))

        #expect(chosen == [1])
        #expect(line(session.frame, containing: "Notes") == "Notes  [Settings]")
    }
}
