import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// What nano and micro users expect of a text area: paging, the text's ends,
/// selecting with Shift, copy, cut and paste, undo and redo, and a save key
/// the screen hears.
@MainActor
struct TextAreaKeysTests {
    private func launch(_ text: String) -> (ScreenSession, ViewController, () -> String) {
        let tree = SingleScreenTree(
            .vstack([.textArea(id: "body", text: text, placeholder: "Note", width: 20, height: 3), .button("Save")]))
        let session = ScreenSession(tree: tree, window: Window(width: 40, height: 12))
        let view = tree.view
        return (session, view, { view.content.text(ofField: "body") ?? "" })
    }

    private let lines = (1...10).map { "line \($0)" }.joined(separator: "\n")

    @Test func pagesAndTheTextsEndsMoveTheCursorThere() throws {
        let (session, _, _) = launch(lines)
        _ = try session.update(.command(.focus("Note"))).get()
        session.update(.key(.textStart))
        session.update(.key(.pageDown))
        #expect(session.frame.text.contains(" 3:1 "), "a page of three rows is two rows on: \(session.frame.text)")
        session.update(.key(.textEnd))
        #expect(session.frame.text.contains(" 10:8 "), "\(session.frame.text)")
        session.update(.key(.pageUp))
        #expect(session.frame.text.contains(" 8:"), "\(session.frame.text)")
    }

    @Test func shiftSelectsAndAltWCopiesCtrlXCutsCtrlVPastes() throws {
        let (session, _, text) = launch("Dear Ann")
        var clipboard: [String] = []
        session.copyToClipboard = { copied in
            clipboard.append(copied)
            return "copied “\(copied)”"
        }
        _ = try session.update(.command(.focus("Note"))).get()
        session.update(.key(.textStart))
        for _ in 0..<4 { session.update(.key(.shifted(.right))) }
        session.update(.key(.alt("w")))
        #expect(session.frame.text.contains("copied “Dear”"))
        session.update(.key(.textEnd))
        session.update(.key(.control("v")))
        #expect(text() == "Dear AnnDear")
        // A selection typed over is replaced; Ctrl-X takes it out.
        session.update(.key(.shifted(.wordLeft)))
        session.update(.key(.control("x")))
        #expect(text() == "Dear ")
        session.update(.key(.shifted(.home)))
        session.update(.key(.character("X")))

        #expect(text() == "X")
        #expect(clipboard == ["Dear", "AnnDear"])
    }

    @Test func altUUndoesARunOfTypingAtOnceAndAltERedoesIt() throws {
        let (session, _, text) = launch("")
        _ = try session.update(.command(.focus("Note"))).get()
        for character in "Dear Ann\nhello" { session.update(.key(character == "\n" ? .enter : .character(character))) }

        session.update(.key(.alt("u")))
        #expect(text() == "Dear Ann\n")
        session.update(.key(.alt("u")))
        session.update(.key(.alt("u")))
        #expect(text() == "Dear ")
        session.update(.key(.alt("e")))
        #expect(text() == "Dear Ann")
        for _ in 0..<5 { session.update(.key(.alt("u"))) }
        #expect(text() == "")
        #expect(session.frame.text.contains("Alt-U: nothing to undo"))
    }

    @Test func ctrlSSubmitsTheAreaToTheScreen() throws {
        let (session, view, _) = launch("Dear Ann")
        var actions: [ViewAction] = []
        let subscription = view.actions.subscribe { actions.append($0) }
        defer { subscription.dispose() }
        _ = try session.update(.command(.focus("Note"))).get()
        session.update(.key(.control("s")))
        #expect(actions.contains(.submit(field: "body")), "\(actions)")
    }
}
