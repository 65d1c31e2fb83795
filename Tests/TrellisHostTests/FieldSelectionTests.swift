import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// A one-line field selects, copies, cuts and pastes as a text area does:
/// Shift with a move selects, typing replaces what is selected, Alt-W copies,
/// Ctrl-X cuts, Ctrl-V pastes.
@MainActor
struct FieldSelectionTests {
    private func launch(_ field: ViewNode) -> (ScreenSession, () -> String) {
        let tree = SingleScreenTree(.vstack([field, .button("Save")]))
        let session = ScreenSession(tree: tree, window: Window(width: 90, height: 12))
        let view = tree.view
        return (session, { view.content.text(ofField: "city") ?? "" })
    }

    @Test func shiftSelectsAndAltWCopiesCtrlXCutsCtrlVPastesAndTypingReplaces() throws {
        let (session, text) = launch(.textField(id: "city", text: "New York", placeholder: "City"))
        var clipboard: [String] = []
        session.copyToClipboard = { copied in
            clipboard.append(copied)
            return "copied “\(copied)”"
        }
        _ = try session.update(.command(.focus("City"))).get()
        session.update(.key(.home))
        for _ in 0..<3 { session.update(.key(.shifted(.right))) }
        session.update(.key(.alt("w")))
        #expect(session.frame.text.contains("copied “New”"))
        session.update(.key(.end))
        session.update(.key(.control("v")))
        #expect(text() == "New YorkNew")

        session.update(.key(.shifted(.wordLeft)))
        session.update(.key(.control("x")))
        #expect(text() == "New ")
        #expect(clipboard == ["New", "YorkNew"])
        session.update(.key(.shifted(.home)))
        session.update(.key(.character("Y")))
        #expect(text() == "Y")
        // A move without Shift ends the selection: Backspace takes one character.
        session.update(.key(.shifted(.left)))
        session.update(.key(.right))
        session.update(.key(.backspace))
        #expect(text() == "")
    }

    @Test func theSelectionIsDrawnPlainInTheFocusedField() throws {
        let (session, _) = launch(.textField(id: "city", text: "Oslo", placeholder: "City"))
        _ = try session.update(.command(.focus("City"))).get()
        session.update(.key(.shifted(.left)))
        session.update(.key(.shifted(.left)))
        let frame = session.frame
        let field = try #require(frame.controls.first { $0.id == .field("city") })

        // [Oslo: "Os" in the focus colours, "lo" selected.
        #expect(frame.canvas[field.x + 2, field.y].style == .focused)
        #expect(frame.canvas[field.x + 3, field.y].style == .plain)
        #expect(frame.canvas[field.x + 4, field.y].style == .plain)
        #expect(frame.canvas[field.x + 5, field.y].style == .focused)
    }

    @Test func aSecureFieldsTextIsNotCopiedAndNothingSelectedIsSaid() throws {
        let (session, _) = launch(.secureField(id: "city", text: "hunter2", placeholder: "City"))
        _ = try session.update(.command(.focus("City"))).get()
        session.update(.key(.shifted(.home)))
        session.update(.key(.alt("w")))
        #expect(session.frame.text.contains("a secure field's text is not copied"))
        let (plain, _) = launch(.textField(id: "city", text: "Oslo", placeholder: "City"))
        _ = try plain.update(.command(.focus("City"))).get()
        plain.update(.key(.control("x")))
        #expect(plain.frame.text.contains("Ctrl-X: nothing is selected"))
    }
}
