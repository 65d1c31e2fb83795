import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's switches, progress bars and dividers, as the host lays them out,
/// draws them and drives them.
@MainActor
struct ToggleProgressDividerTests {
    private func lines(_ content: ViewNode, width: Int = 40, height: Int = 8) -> [String] {
        Window(width: width, height: height).draw(
            root: ViewController(content: content), status: StatusLine(), focus: nil
        )
        .text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func aSwitchShowsItsStateBeforeItsTitleAndIsAControl() {
        let frame = Window(width: 40, height: 6).draw(
            root: ViewController(content: .vstack([.toggle("Wi-Fi", isOn: true), .toggle("Bluetooth", isOn: false)])),
            status: StatusLine(), focus: .toggle("Bluetooth"))
        #expect(frame.text.contains("[x] Wi-Fi") && frame.text.contains("[ ] Bluetooth"))
        #expect(frame.controls.map(\.id) == [.toggle("Wi-Fi"), .toggle("Bluetooth")])
        #expect(frame.controls.map(\.label) == ["Wi-Fi", "Bluetooth"])
        let focused = frame.controls[1]
        #expect(frame.canvas[focused.x, focused.y].style == .focused)
        #expect(frame.controls[0].width == "[x] Wi-Fi".count)
    }

    @Test func enterSpaceAndAClickFlipASwitchAndTheScreenHearsTheStateAskedFor() throws {
        let tree = SingleScreenTree(.vstack([.toggle("Wi-Fi", isOn: false)]))
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 8))
        var heard: [Bool] = []
        let subscription = tree.view.toggles("Wi-Fi").subscribe { heard.append($0) }
        defer { subscription.dispose() }

        session.update(.key(.enter))
        #expect(session.frame.text.contains("[x] Wi-Fi"), "the view shows the flip before the screen answers")
        session.update(.key(.character(" ")))
        let control = try #require(session.frame.controls.first)
        session.update(.key(.click(column: control.x + 1, row: control.y)))

        #expect(heard == [true, false, true])
        #expect(session.frame.text.contains("Enter switch"), "the status line says what Enter does")
    }

    @Test func aBarShowsItsShareAndPercentageAndABadValueIsKeptToItsRange() {
        #expect(lines(.progress(0.4, label: "Copying")) == ["[████████░░░░░░░░░░░░]  40% Copying"])
        #expect(lines(.progress(1)) == ["[████████████████████] 100%"])
        #expect(lines(.progress(-1)) == ["[░░░░░░░░░░░░░░░░░░░░]   0%"])
        #expect(lines(.progress(1e300)) == ["[████████████████████] 100%"])
        #expect(lines(.progress(.infinity)) == ["[████████████████████] 100%"])
        #expect(lines(.progress(.nan, label: "Loading")) == ["⠋ Loading"], "not a number is not known")
        #expect(lines(.progress(nil, label: "Loading")) == ["⠋ Loading"])
    }

    @Test func aDividerSpansItsStack() {
        let vertical = lines(.vstack(spacing: 0, [.text("Inbox"), .divider, .text("Archive")]), width: 20)
        #expect(vertical == ["Inbox", String(repeating: "─", count: 20), "Archive"])
        let horizontal = lines(.hstack(spacing: 1, [.text("a\nb"), .divider, .text("c")]), width: 20)
        #expect(horizontal == ["a │ c", "b │"])
    }

    @Test func theSDKHelpersHearTheirOwnControlOnly() {
        let view = ViewController(content: .vstack([.textField(id: "title", text: "", placeholder: "Title")]))
        var edits: [String] = []
        var submits = 0
        var rows: [Int] = []
        var flips: [Bool] = []
        let subscriptions = [
            view.edits("title").subscribe { edits.append($0) }, view.submits("title").subscribe { submits += 1 },
            view.selections("notes").subscribe { rows.append($0) },
            view.toggles("pinned").subscribe { flips.append($0) },
        ]
        defer { subscriptions.forEach { $0.dispose() } }

        for action: ViewAction in [
            .edit(field: "title", text: "Hi"), .edit(field: "other", text: "no"), .submit(field: "title"),
            .submit(field: "other"), .select(list: "notes", row: 2), .select(list: "other", row: 1),
            .toggle("pinned", isOn: true), .toggle("other", isOn: false), .tap("pinned"),
        ] {
            view.send(action)
        }

        #expect(edits == ["Hi"] && submits == 1 && rows == [2] && flips == [true])
    }
}
