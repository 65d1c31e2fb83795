import Testing

@testable import TrellisSDK

/// SDK 1.1's dialogs and switches without a host: what a view does with them.
@MainActor
struct DialogAndToggleTests {
    @Test func anAnsweredAlertIsDismissedAndItsPresenterHearsTheAnswer() throws {
        let view = ViewController(content: .text("note"))
        var taps: [String] = []
        let subscription = view.actions.subscribe { if case let .tap(id) = $0 { taps.append(id) } }
        defer { subscription.dispose() }

        view.presentAlert(Alert(title: "Delete?", buttons: [.cancel(), .destructive("Delete", id: "delete")]))
        let dialog = try #require(view.presentedViewController)
        #expect(dialog.backTitle == "cancel", "Esc is its cancel button, and says so")
        dialog.send(.tap("delete"))

        #expect(view.presentedViewController == nil)
        #expect(taps == ["delete"])
    }

    @Test func aFlipIsShownByTheViewBeforeTheScreenAnswers() {
        let view = ViewController(content: .vstack([.toggle("Pinned", isOn: false), .text("note")]))

        view.send(.toggle("Pinned", isOn: true))

        #expect(view.content == .vstack([.toggle("Pinned", isOn: true), .text("note")]))
        #expect(ViewNode.toggle("Pinned", isOn: true) == .toggle(Toggle("Pinned", isOn: true, id: "Pinned")))
        #expect(ViewNode.progress(0.5) == .progress(ProgressIndicator(value: 0.5, label: "")))
    }

    @Test func editsReachFieldsInScrollViewsAndPanes() {
        let view = ViewController(
            content: .panes(
                .horizontal,
                [
                    Pane(.cells(20), .scroll(id: "side", .textField(id: "name", text: "", placeholder: "Name"))),
                    Pane(.rest, .toggle("Pinned", isOn: false)),
                ]))

        view.send(.edit(field: "name", text: "Ann"))
        view.send(.toggle("Pinned", isOn: true))

        #expect(
            view.content
                == .panes(
                    .horizontal,
                    [
                        Pane(.cells(20), .scroll(id: "side", .textField(id: "name", text: "Ann", placeholder: "Name"))),
                        Pane(.rest, .toggle("Pinned", isOn: true)),
                    ]))
        #expect(ViewNode.scroll(id: "s", .empty) == .scroll(ScrollView(id: "s", height: nil, content: .empty)))
    }

    @Test func aSortIsHeardByItsTableAndTheScreenSaysTheOrder() {
        let table = Table(
            id: "planets", columns: [TableColumn("Planet", width: 12), TableColumn("Moons", width: .fraction(0.3))],
            rows: [["Mars", "2"]], allowsSorting: true)
        let view = ViewController(content: .table(table))
        var sorts: [TableSorting] = []
        let subscription = view.sorts("planets").subscribe { sorts.append($0) }
        defer { subscription.dispose() }

        view.send(.sort("planets", by: TableSorting(column: 1, ascending: false)))
        view.send(.sort("other", by: TableSorting(column: 0)))

        #expect(sorts == [TableSorting(column: 1, ascending: false)])
        #expect(view.content == .table(table), "the order shown is the screen's to set, with its rows")
        #expect(table.columns[0].width == .fixed(12) && TableColumn("x").width == .flexible)
    }
}
