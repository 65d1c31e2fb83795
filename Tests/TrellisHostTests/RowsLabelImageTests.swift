import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's rich rows, labels and images, as the host draws and drives them.
@MainActor
struct RowsLabelImageTests {
    private let notes: ViewNode = .rows(
        id: "notes",
        rows: [
            ListRow("Groceries", subtitle: "milk, eggs", badge: "2d"), ListRow("Garden", badge: "★"),
            ListRow("Letter to Ann", subtitle: "draft"),
        ])

    @Test func aRowShowsItsTitleItsSecondaryTextAndItsBadgeInAColumn() {
        let text = Window(width: 60, height: 8).draw(
            root: ViewController(content: notes), status: StatusLine(), focus: nil
        )
        .text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(text == ["Groceries  milk, eggs  2d", "Garden                 ★", "Letter to Ann  draft"])
    }

    @Test func aRowIsSelectedAndFilteredAsAListsRowIs() throws {
        let tree = SingleScreenTree(notes)
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 8))
        var selected: [Int] = []
        let subscription = tree.view.selections("notes").subscribe { selected.append($0) }
        defer { subscription.dispose() }

        _ = try session.update(.command(.tap("Letter to Ann"))).get()
        session.update(.key(.character("/")))
        _ = try session.update(.command(.type("gard"))).get()
        session.update(.key(.enter))
        session.update(.key(.enter))

        #expect(selected == [2, 1])
    }

    @Test func aLabelHasItsIconAndAnImageItsAlternativeText() {
        let text = Window(width: 60, height: 8).draw(
            root: ViewController(
                content: .vstack([
                    .label(title: "Settings", icon: "⚙"),
                    .image(Image(source: "garden.png", alternativeText: "A garden in bloom")),
                    .image(Image(source: "logo.png", alternativeText: "")),
                ])), status: StatusLine(), focus: nil
        ).text
        #expect(text.contains("⚙ Settings"))
        #expect(text.contains("[image: A garden in bloom]"))
        #expect(text.contains("[image: logo.png]"), "no alternative text: its source")
    }
}
