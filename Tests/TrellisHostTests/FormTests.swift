import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost
@testable import TrellisServe

/// SDK 1.1's forms: labels lined up before their controls, a help line and an
/// error line under a control, and the label naming the control for `focus`, the
/// kit and the browser.
@MainActor
struct FormTests {
    private let expense = ViewNode.form([
        FormRow(
            "Amount", .textField(id: "amount", text: "12.5", placeholder: "0.00", width: 8),
            error: "Write two decimals, as 12.50"),
        FormRow("Category", .picker("", options: ["Food", "Fun"], selected: 0, id: "category")),
        FormRow("What", .textField(id: "what", text: "", placeholder: "Lunch, a taxi…"), help: "As the receipt says"),
        FormRow("Paid back", .toggle("Yes", isOn: false, id: "paid")),
    ])

    private func lines(_ frame: Frame) -> [String] {
        frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theLabelsAreLinedUpAndHelpAndErrorLinesAreUnderTheirControl() throws {
        let frame = Window(width: 60, height: 16).draw(
            root: ViewController(content: expense), status: StatusLine(), focus: nil)
        let controls = frame.controls
        let amount = try #require(controls.first { $0.id == .field("amount") })
        let category = try #require(controls.first { $0.id == .picker("category") })
        let what = try #require(controls.first { $0.id == .field("what") })
        let paid = try #require(controls.first { $0.id == .toggle("paid") })
        let drawn = lines(frame)

        #expect(Set([amount.x, category.x, what.x, paid.x]).count == 1, "one column of controls: \(frame.text)")
        #expect(drawn[amount.y].contains("Amount     [12.5____]"), "\(frame.text)")
        #expect(drawn[amount.y + 1].dropFirst(amount.x).hasPrefix("Write two decimals, as 12.50"), "\(frame.text)")
        #expect(drawn[what.y + 1].dropFirst(what.x).hasPrefix("As the receipt says"), "\(frame.text)")
        #expect(drawn[paid.y].contains("Paid back  [ ] Yes"), "\(frame.text)")
        #expect(amount.label == "Amount" && category.label == "Category" && what.label == "What")
        #expect(paid.label == "Yes", "a toggle keeps its title as its name")
    }

    @Test func aRowsLabelNamesItsControlAndTheFieldsPlaceholderStillFindsIt() throws {
        let tree = SingleScreenTree(expense)
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 16))
        var amounts: [String] = []
        var chosen: [Int] = []
        let edits = tree.view.edits("amount").subscribe { amounts.append($0) }
        let choices = tree.view.actions.subscribe { action in
            if case let .choose("category", index) = action { chosen.append(index) }
        }
        defer {
            edits.dispose()
            choices.dispose()
        }

        _ = try session.update(.command(.focus("Amount"))).get()
        _ = try session.update(.command(.type("0"))).get()
        _ = try session.update(.choose(option: "Fun", in: "Category")).get()
        _ = try session.update(.command(.focus("0.00"))).get()

        #expect(amounts.last == "12.50")
        #expect(chosen == [1])
        #expect(session.focus == .field("amount"), "the placeholder still names the field")
    }

    @Test func theBrowserGetsAGridOfTwoColumnsWithTheLabelAsEachControlsName() {
        let node = WebNodeBuilder().node(SceneNode(expense))

        #expect(node.head.contains(#""k":"grid","columns":2,"form":true"#), "\(node.head)")
        #expect(node.children.count == 8)
        #expect(node.children[0].head == #""k":"text","s":"Amount","label":true"#)
        #expect(node.children[1].json.contains(#""k":"field","id":"amount""#))
        #expect(node.children[1].json.contains(#""name":"Amount""#), "\(node.children[1].json)")
        #expect(node.children[1].json.contains(#""style":"destructive""#), "the error line")
        #expect(node.children[3].head.contains(#""name":"Category""#), "\(node.children[3].head)")
        #expect(node.children[5].json.contains(#""style":"help""#), "the help line")
        #expect(!node.children[7].head.contains("\"name\""), "a toggle keeps its title")
    }
}
