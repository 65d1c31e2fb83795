import Foundation
import Testing
import TrellisCore
import TrellisSDK

@testable import TrellisHost
@testable import TrellisServe

/// The nodes the page draws and the changes that bring it from one screen to the next.
@MainActor
struct WebNodeTests {
    private func node(_ view: ViewNode, windows: [String: Int] = [:]) -> WebNode {
        WebNodeBuilder(windows: windows).node(SceneNode(view))
    }

    @Test func aChangedFieldIsSetAtItsPathAndNothingElseIsSent() {
        let before = node(.vstack([.title("Search"), .textField(id: "q", text: "se", placeholder: "City")]))
        let after = node(.vstack([.title("Search"), .textField(id: "q", text: "seo", placeholder: "City")]))
        let changes = WebNode.changes(from: before, to: after)
        #expect(changes == [#"["s",[1],{"k":"field","id":"q","s":"seo","ph":"City"}]"#])
        #expect(WebNode.changes(from: after, to: after).isEmpty)
    }

    @Test func aChildAddedOrRemovedIsAddedOrCutNotTheWholeParentSent() {
        let form = node(.vstack([.textField(id: "name", text: "Al", placeholder: ""), .button("Save")]))
        let warned = node(
            .vstack([.textField(id: "name", text: "Al", placeholder: ""), .button("Save"), .text("Too short")]))
        #expect(WebNode.changes(from: form, to: warned) == [#"["a",[],{"k":"text","s":"Too short"}]"#])
        #expect(WebNode.changes(from: warned, to: form) == [#"["d",[],2]"#])
    }

    @Test func aListSendsItsWindowAndOnlyTheRowsThatChanged() {
        let rows = (0..<1000).map { "City \($0)" }
        var changed = rows
        changed[502] = "Seoul"
        let before = node(.list(id: "cities", rows: rows), windows: ["cities": 500])
        let after = node(.list(id: "cities", rows: changed), windows: ["cities": 500])
        #expect(before.rows?.start == 500 && before.rows?.items.count == WebNodeBuilder.windowLength)
        #expect(WebNode.changes(from: before, to: after) == [#"["r",[],1000,500,150,{"502":"Seoul"}]"#])
        // A window past the end is kept to the list.
        #expect(node(.list(id: "cities", rows: rows), windows: ["cities": 5000]).rows?.start == 850)
    }

    @Test func twoListsOfOneIdKeepWindowsOfTheirOwn() {
        let rows = (0..<400).map(String.init)
        let both = node(.vstack([.list(id: "l", rows: rows), .list(id: "l", rows: rows)]), windows: ["l#2": 200])
        #expect(both.children[0].rows?.start == 0 && !both.children[0].head.contains("\"w\""))
        #expect(both.children[1].rows?.start == 200 && both.children[1].head.contains(#""w":"l#2""#))
    }

    @Test func textFromAPluginIsJSONTextThatCannotCloseAScript() throws {
        let hostile = node(.text("</script><img src=x onerror=alert(1)>\u{2028}\"\\"))
        #expect(!hostile.json.contains("<"))
        let read = try JSONSerialization.jsonObject(with: Data(hostile.json.utf8)) as? [String: Any]
        #expect(read?["s"] as? String == "</script><img src=x onerror=alert(1)>\u{2028}\"\\")
    }

    @Test func aTreeDeeperThanTheLimitIsCutAndSaysSo() {
        let deep = (0..<500).reduce(ViewNode.text("bottom")) { inner, _ in .vstack([inner]) }
        let json = node(deep).json
        #expect(
            json.contains("[views nested more than \(Scene.deepest) deep: cut here]"),
            "in brackets: \(json.suffix(200))")
        #expect(json.contains(#""k":"styled","style":"highlight""#), "highlighted, as the terminal draws it")
    }
}
