import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's dialogs: an alert over a screen, answered by a button or Esc, and a
/// back that asks first while a screen has edits to lose.
@MainActor
struct AlertTests {
    private func launch(_ content: ViewNode) -> (ScreenSession, ViewController) {
        let tree = SingleScreenTree(content)
        return (ScreenSession(tree: tree, window: Window(width: 80, height: 16)), tree.view)
    }

    @Test func anAlertIsAModalItsButtonAnswersAndThePresenterHearsWhich() throws {
        let (session, view) = launch(.vstack([.button("Delete")]))
        var taps: [String] = []
        let subscription = view.actions.subscribe { if case let .tap(id) = $0 { taps.append(id) } }
        defer { subscription.dispose() }
        view.presentAlert(
            Alert(
                title: "Delete the note?", message: "It cannot be brought back.",
                buttons: [.cancel(), .destructive("Delete")]))
        session.update(.viewsChanged)

        let shown = session.frame
        #expect(shown.text.contains("Delete the note?") && shown.text.contains("It cannot be brought back."))
        #expect(shown.text.contains("┌"), "in a modal's frame")
        #expect(shown.controls.map(\.label) == ["Cancel", "Delete"], "only the dialog's buttons are in reach")
        #expect(shown.text.contains("Esc cancel"), "Esc is its cancel button")

        _ = try session.update(.command(.tap("Delete"))).get()

        #expect(view.presentedViewController == nil, "answered, it is dismissed")
        #expect(taps == ["Delete"])
    }

    @Test func escAnswersWithTheCancelButtonAndADialogWithoutOneWaitsForAnAnswer() throws {
        let (session, view) = launch(.text("base"))
        view.presentAlert(Alert(title: "Saved", message: "", buttons: []))
        session.update(.viewsChanged)
        #expect(session.frame.controls.map(\.label) == ["OK"], "a dialog given no buttons shows OK")
        session.update(.key(.escape))
        #expect(view.presentedViewController == nil, "OK is its cancel button")

        view.presentAlert(Alert(title: "Choose", buttons: [.init("Left"), .init("Right")]))
        session.update(.key(.escape))
        #expect(view.presentedViewController != nil, "no cancel button: Esc does not answer")
        #expect(session.frame.text.contains("nothing to go back to here"))
    }

    @Test func aBackConfirmationAsksBeforeGoingBackAndOnlyItsDestructiveAnswerGoesBack() throws {
        let (session, view) = launch(.textField(id: "body", text: "draft", placeholder: "Note"))
        var wentBack = 0
        view.backAction = { wentBack += 1 }
        view.backConfirmation = Alert(
            title: "Discard your edits?", buttons: [.cancel("Keep editing"), .destructive("Discard")])

        session.update(.key(.escape))
        #expect(session.frame.text.contains("Discard your edits?") && wentBack == 0)
        _ = try session.update(.command(.tap("Keep editing"))).get()
        #expect(view.presentedViewController == nil && wentBack == 0, "kept: still on the screen")

        session.update(.key(.escape))
        _ = try session.update(.command(.tap("Discard"))).get()
        #expect(wentBack == 1)

        view.backConfirmation = nil
        session.update(.key(.escape))
        #expect(wentBack == 2, "with nothing to lose, back goes back at once")
    }

    @Test func aPushedScreenWithEditsAsksWhenItsParentIsWhatGoesBack() throws {
        let (session, root) = launch(.text("list"))
        var popped = 0
        let editor = ViewController(content: .textField(id: "body", text: "draft", placeholder: "Note"))
        root.push(editor)
        root.backAction = {
            popped += 1
            root.pop(editor)
        }
        editor.backConfirmation = Alert(
            title: "Discard your edits?", buttons: [.cancel("Keep"), .destructive("Discard")])

        session.update(.key(.escape))
        #expect(session.frame.text.contains("Discard your edits?") && popped == 0)
        _ = try session.update(.command(.tap("Discard"))).get()

        #expect(popped == 1 && root.navigationStack.isEmpty)
    }

    @Test func aDialogOverAModalGoesOverItAndAnswersTheViewThatAsked() throws {
        let (session, view) = launch(.text("base"))
        let modal = ViewController(content: .button("Open"))
        view.present(modal)
        var answers: [String] = []
        let subscription = view.actions.subscribe { if case let .tap(id) = $0 { answers.append(id) } }
        defer { subscription.dispose() }

        view.presentAlert(Alert(title: "Sure?", buttons: [.cancel("No"), .init("Yes")]))
        #expect(modal.presentedViewController != nil, "over the modal, the top of the screen")
        _ = try session.update(.command(.tap("Yes"))).get()

        #expect(modal.presentedViewController == nil && view.presentedViewController === modal)
        #expect(answers == ["Yes"])
    }
}
