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
}
