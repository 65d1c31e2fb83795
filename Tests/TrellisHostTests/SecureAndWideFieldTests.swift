import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's fields with a width of their own, and secure ones, drawn and edited.
@MainActor
struct SecureAndWideFieldTests {
    @Test func aFieldTakesTheWidthItIsGivenKeptToARange() {
        func drawn(_ node: ViewNode) -> String {
            Window(width: 300, height: 4).draw(root: ViewController(content: node), status: StatusLine(), focus: nil)
                .text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }[0]
        }
        #expect(drawn(.textField(id: "t", text: "Hi", placeholder: "Title", width: 8)) == "[Hi______]")
        #expect(
            drawn(.textField(id: "t", text: "", placeholder: "Title", width: 0)) == "[…]",
            "one column: the placeholder cut")
        #expect(drawn(.textField(id: "t", text: "", placeholder: "", width: 100_000)).count == 202)
    }

    @Test func aSecureFieldShowsABulletACharacterAndTheScreenGetsTheText() throws {
        let tree = SingleScreenTree(
            .vstack([.secureField(id: "password", text: "", placeholder: "Password"), .button("Log in")]))
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 8))
        var edits: [String] = []
        let subscription = tree.view.edits("password").subscribe { edits.append($0) }
        defer { subscription.dispose() }

        _ = try session.update(.command(.type("s3cret"))).get()
        let frame = session.frame
        let field = try #require(frame.controls.first)

        #expect(frame.text.contains("[••••••______________]") && !frame.text.contains("s3cret"))
        #expect(frame.cursor?.x == field.x + 1 + 6)
        #expect(edits.last == "s3cret")
        // A click on the third bullet puts the cursor before it.
        session.update(.key(.click(column: field.x + 3, row: field.y)))
        session.update(.key(.character("X")))
        #expect(edits.last == "s3Xcret")
    }
}
