import Testing
import TrellisSDK

private final class CounterComponent: Component<EmptyComponent> {
    var counter: NSObjectLike { shared { NSObjectLike() } }
    var fresh: NSObjectLike { NSObjectLike() }
}

private final class NSObjectLike {}

@MainActor
struct ComponentAndViewTests {
    @Test func sharedGivesOneInstancePerComponent() {
        let component = CounterComponent(dependency: EmptyComponent())
        let other = CounterComponent(dependency: EmptyComponent())

        #expect(component.counter === component.counter)
        #expect(!(component.fresh === component.fresh))
        #expect(!(component.counter === other.counter))
    }

    @Test func presentAndDismissOnlyTheModalItPresented() {
        let parent = ViewController()
        let modal = ViewController()
        let stranger = ViewController()

        parent.present(modal)
        parent.dismiss(stranger)
        #expect(parent.presentedViewController === modal)

        parent.dismiss(modal)
        #expect(parent.presentedViewController == nil)
    }

    @Test func popRemovesTheViewAndEverythingAboveIt() {
        let base = ViewController()
        let first = ViewController()
        let second = ViewController()
        base.push(first)
        base.push(second)

        base.pop(first)

        #expect(base.navigationStack.isEmpty)
    }

    @Test func editUpdatesTheFieldAndReportsTheAction() {
        let view = ViewController(
            content: .vstack([.text("Name"), .textField(id: "name", text: "", placeholder: "Player 1")]))
        var actions: [ViewAction] = []
        let subscription = view.actions.subscribe { actions.append($0) }

        view.send(.edit(field: "name", text: "Alice"))
        subscription.dispose()

        #expect(
            view.content == .vstack([.text("Name"), .textField(id: "name", text: "Alice", placeholder: "Player 1")]))
        #expect(actions == [.edit(field: "name", text: "Alice")])
    }

    @Test func tapsFiltersByButton() {
        let view = ViewController()
        var count = 0
        let subscription = view.taps("ok").subscribe { count += 1 }

        view.send(.tap("ok"))
        view.send(.tap("cancel"))
        subscription.dispose()

        #expect(count == 1)
    }

    @Test func jSONMergeLetsTheSecondWin() {
        let configured: JSONValue = ["title": "from config", "color": "red"]
        #expect(configured.merging(["title": "from parent"]) == ["title": "from parent", "color": "red"])
    }
}
