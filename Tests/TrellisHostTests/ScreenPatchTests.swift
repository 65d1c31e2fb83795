import Foundation
import Testing
import TrellisSDK

@testable import TrellisHost
@testable import TrellisIsolation

/// A route's process sends what changed in its screen's contents, not the
/// screen again: a key in a long list's search sends the field.
struct ScreenPatchTests {
    private func screen(query: String, rows: [String], title: String = "Airports") -> MirroredView {
        MirroredView(
            content: .stack(
                axis: .vertical, spacing: 1,
                children: [
                    .styled(.title, .text(title)), .textField(id: "q", text: query, placeholder: "search", width: 20),
                    .list(id: "airports", rows: rows),
                ]),
            title: title, pushed: [MirroredView(content: .text("over \(query)"))])
    }

    @Test func onlyTheNodesThatChangedAreSentAndApplyingThemGivesTheNewScreen() throws {
        let rows = (1...16_877).map { "Airport \($0)" }
        let before = screen(query: "s", rows: rows)
        let after = screen(query: "se", rows: rows)

        let patches = try #require(after.patches(from: before))

        #expect(patches.map(\.node) == [[1], []], "the field, and the pushed view's text: \(patches.map(\.node))")
        #expect(patches.map(\.view) == [[], [0]])
        #expect(try JSONEncoder().encode(IsolationMessage.patch(patches)).count < 400)
        #expect(before.applying(patches) == after)
    }

    @Test func aNodeInsideAStyleIsReachedAndAChangedShapeIsSentWhole() throws {
        let before = screen(query: "", rows: ["a"], title: "One")
        var after = before
        after.content = .stack(
            axis: .vertical, spacing: 1,
            children: [.styled(.title, .text("Two")), .textField(id: "q", text: "", placeholder: "search", width: 20)])
        var retitled = before
        retitled.content = .stack(
            axis: .vertical, spacing: 1,
            children: [
                .styled(.title, .text("Two")), .textField(id: "q", text: "", placeholder: "search", width: 20),
                .list(id: "airports", rows: ["a"]),
            ])

        #expect(after.patches(from: before)?.map(\.node) == [[]], "two children, not three: the stack whole")
        #expect(retitled.patches(from: before)?.map(\.node) == [[0, 0]])
        #expect(screen(query: "", rows: ["a"], title: "Other").patches(from: before) == nil, "a title: whole")
    }

    @Test func aPatchToAViewOrNodeThatIsNotThereIsRefused() {
        let shown = screen(query: "", rows: ["a"])
        let nowhere = [
            ScreenPatch(view: [3], node: [], replacement: .empty),
            ScreenPatch(view: [-1], node: [], replacement: .empty),
            ScreenPatch(view: [], node: [7], replacement: .empty),
            ScreenPatch(view: [], node: [2, 0], replacement: .empty),
            ScreenPatch(view: [], node: Array(repeating: 0, count: 65), replacement: .empty),
        ]

        for patch in nowhere { #expect(shown.applying([patch]) == nil, "\(patch)") }
        #expect(
            shown.applying([ScreenPatch(view: [0], node: [], replacement: .text("new"))])?.pushed[0].content
                == .text("new"))
    }

    /// A message of more patches than ``ScreenPatch/mostAtOnce`` is refused,
    /// and a change that large is sent whole.
    @Test func tooManyPatchesAtOnceAreRefusedAndSuchAChangeIsSentWhole() {
        let rows = (0..<(ScreenPatch.mostAtOnce + 1)).map { ViewNode.text("row \($0)") }
        let before = MirroredView(content: .stack(axis: .vertical, spacing: 0, children: rows))
        let after = MirroredView(
            content: .stack(axis: .vertical, spacing: 0, children: rows.map { _ in .text("changed") }))
        let many = Array(
            repeating: ScreenPatch(view: [], node: [0], replacement: .text("x")), count: ScreenPatch.mostAtOnce + 1)

        #expect(after.patches(from: before) == nil, "sent whole")
        #expect(before.applying(many) == nil)
        #expect(before.applying(Array(many.prefix(ScreenPatch.mostAtOnce)))?.content != before.content)
    }
}
