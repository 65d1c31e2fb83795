import Foundation
import Testing
import TrellisSDK
import TrellisTestSupport

@testable import TrellisCore

/// The reference's page of view kinds (`TrellisSDK.docc/ViewKinds.md`) shows what
/// the host draws: each example is drawn here, and the page must hold the drawing.
@MainActor
struct ViewKindsArticleTests {
    static let examples: [(name: String, node: ViewNode)] = [
        ("text", .text("Hello, Trellis")),
        ("title", .title("Settings")),
        ("button", .button("Save")),
        ("textField", .textField(id: "name", text: "Ann", placeholder: "Your name")),
        ("emptyField", .textField(id: "name", text: "", placeholder: "Your name")),
        ("narrowField", .textField(id: "code", text: "", placeholder: "Code", width: 6)),
        ("secureField", .secureField(id: "password", text: "s3cret", placeholder: "Password")),
        ("list", .list(id: "cities", rows: ["Seoul (KR)", "Sevilla (ES)", "Sydney (AU)"])),
        (
            "rows",
            .rows(
                id: "notes",
                rows: [ListRow("Groceries", subtitle: "milk, eggs", badge: "2d"), ListRow("Garden", badge: "★")])
        ),
        (
            "table",
            .table(
                Table(
                    id: "airports",
                    columns: [
                        TableColumn("City"), TableColumn("Code", width: 4, alignment: .center),
                        TableColumn("Flights", alignment: .trailing),
                    ],
                    rows: [["Seoul", "ICN", "812"], ["Busan", "PUS", "95"]]))
        ),
        ("label", .label(title: "Settings", icon: "⚙")),
        ("image", .image(Image(source: "garden.png", alternativeText: "A garden in bloom"))),
        ("grid", .grid(columns: 3, cells: (1...6).map { .button("\($0)") })),
        ("stacks", .vstack([.text("Count: 3"), .hstack([.button("Add"), .button("Reset")])])),
        ("toggle", .grid(columns: 1, cells: [.toggle("Wi-Fi", isOn: true), .toggle("Bluetooth", isOn: false)])),
        ("progress", .progress(0.4, label: "Copying")),
        ("underWay", .progress(nil, label: "Syncing")),
        ("divider", .vstack(spacing: 0, [.text("Inbox"), .divider, .text("Archive")])),
        ("textArea", .textArea(id: "body", text: "Dear Ann,\nthe garden is in bloom", width: 16, height: 3)),
        ("picker", .picker("View", options: ["Day", "Week", "Month"], selected: 1)),
        ("tabs", .tabs(id: "page", titles: ["Notes", "Settings"], selected: 0, content: .text("3 notes"))),
        (
            "sortableTable",
            .table(
                Table(
                    id: "planets",
                    columns: [
                        TableColumn("Planet", width: .fraction(0.5)), TableColumn("Moons", alignment: .trailing),
                    ],
                    rows: [["Earth", "1"], ["Mars", "2"]], sorting: TableSorting(column: 1), allowsSorting: true))
        ),
        ("spacer", .vstack([.hstack([.title("Inbox"), .spacer, .button("New")]), .text("3 messages")])),
        ("scroll", .scroll(id: "log", height: 3, .text((1...20).map { "Line \($0)" }.joined(separator: "\n")))),
        (
            "panes",
            .panes(
                .vertical,
                [Pane(.cells(1), .title("Folders")), Pane(.rest, .list(id: "folders", rows: ["Inbox", "Archive"]))])
        ),
        (
            "form",
            .form([
                FormRow(
                    "Amount", .textField(id: "amount", text: "12.5", placeholder: "0.00", width: 8),
                    error: "Write it as 12.50"),
                FormRow("Category", .picker("", options: ["Food", "Fun"], selected: 0, id: "category")),
                FormRow("Notes", .textArea(id: "notes", text: "", width: 16, height: 1), help: "Who was there"),
            ])
        ),
    ]

    /// `node` drawn in a window 40 columns wide, without the blank lines and the
    /// columns of spaces that centre it.
    static func drawing(_ root: ViewController) -> String {
        let text = Window(width: 40, height: 14).draw(root: root, status: StatusLine(), focus: nil).text
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        let indent = lines.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    @Test func thePageShowsWhatTheHostDrawsForEachExample() throws {
        let page = try String(
            contentsOf: Products.repository.appendingPathComponent(
                "SDK/Sources/TrellisSDK/TrellisSDK.docc/ViewKinds.md"),
            encoding: .utf8)
        var drawings = Self.examples.map { ($0.name, Self.drawing(ViewController(content: $0.node))) }
        let screen = ViewController(content: .text("note"))
        screen.presentAlert(
            Alert(
                title: "Delete the note?", message: "It cannot be brought back.",
                buttons: [.cancel(), .destructive("Delete")]))
        drawings.append(("alert", Self.drawing(screen)))

        for (name, drawing) in drawings {
            #expect(
                page.contains("```\n\(drawing)\n```"), "the page should show \(name) as the host draws it:\n\(drawing)")
        }
    }
}
