/// A dialog over a screen, modal until it is answered (SwiftUI's `alert` and
/// `confirmationDialog`, UIKit's `UIAlertController`): a title, a message and
/// its buttons. Shown with ``ViewController/presentAlert(_:)``, or by back while
/// ``ViewController/backConfirmation`` is set. `Codable`, as a screen is. SDK 1.1.
public struct Alert: Equatable, Sendable, Codable {
    /// What the dialog asks or says, in bold.
    public var title: String
    /// More about it, under the title; empty for none.
    public var message: String
    /// Its answers, left to right. A dialog given none shows `OK`.
    public var buttons: [Button]

    /// A dialog titled `title`, saying `message`, answered with `buttons`.
    public init(title: String, message: String = "", buttons: [Button] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// One answer of a dialog.
    public struct Button: Equatable, Sendable, Codable {
        /// What an answer means, beyond its title.
        public enum Role: Equatable, Sendable, Codable {
            /// Leaves things as they were: Esc answers with it.
            case cancel
            /// Destroys something (edits, a file): drawn highlighted; in a back
            /// confirmation, the answer that goes back.
            case destructive
        }

        /// What the button says.
        public var title: String
        /// What ``ViewAction/tap(_:)`` names the answer by: its title unless given.
        public var id: String
        /// What the answer means, if more than its title says.
        public var role: Role?

        /// A button titled `title`.
        public init(_ title: String, id: String? = nil, role: Role? = nil) {
            self.title = title
            self.id = id ?? title
            self.role = role
        }

        /// The answer that leaves things as they were, which Esc gives.
        public static func cancel(_ title: String = "Cancel", id: String? = nil) -> Button {
            Button(title, id: id, role: .cancel)
        }

        /// An answer that destroys something.
        public static func destructive(_ title: String, id: String? = nil) -> Button {
            Button(title, id: id, role: .destructive)
        }
    }
}

extension ViewController {
    /// Presents `alert` over this view and anything it already presents. Its
    /// answer (a click, Enter on a button, or Esc for the `.cancel` one; a dialog
    /// with no cancel button is answered only with a button) dismisses it, then
    /// sends ``ViewAction/tap(_:)`` with the button's id to this view.
    public final func presentAlert(_ alert: Alert) {
        presentAlert(alert) { _ in }
    }

    /// Runs this view's ``backAction`` as Esc does, unless `leaving`, a view that
    /// going back takes away (this one, or one pushed or embedded in it), has a
    /// ``backConfirmation``: that is shown over it first, and its `.destructive`
    /// answer goes back. The host calls it.
    @_spi(TrellisHost) public final func goBack(leaving views: [ViewController]) {
        guard let asking = views.first(where: { $0.backConfirmation != nil }),
            let confirmation = asking.backConfirmation
        else {
            backAction?()
            return
        }
        asking.presentAlert(confirmation) { [weak self] button in
            if button.role == .destructive { self?.backAction?() }
        }
    }

    private func presentAlert(_ alert: Alert, then answered: @escaping (Alert.Button) -> Void) {
        let buttons = alert.buttons.isEmpty ? [Alert.Button.cancel("OK")] : alert.buttons
        let dialog = AlertViewController(alert: alert, buttons: buttons)
        var presenter: ViewController = self
        while let presented = presenter.presentedViewController { presenter = presented }
        dialog.answer = { [weak self, weak presenter, weak dialog] button in
            if let dialog { presenter?.dismiss(dialog) }
            self?.send(.tap(button.id))
            answered(button)
        }
        if let cancel = buttons.first(where: { $0.role == .cancel }) {
            dialog.backAction = { [weak dialog] in dialog?.answer?(cancel) }
            dialog.backTitle = cancel.title.lowercased()
        }
        presenter.present(dialog)
    }
}

/// The view of a presented ``Alert``: its title, its message and a button for each
/// answer.
final class AlertViewController: ViewController {
    /// Called with the button the user answered with.
    var answer: ((Alert.Button) -> Void)?
    private var subscription: Disposable?

    init(alert: Alert, buttons: [Alert.Button]) {
        let row = buttons.map { button -> ViewNode in
            let node = ViewNode.button(title: button.title, id: button.id)
            return button.role == .destructive ? .styled(.destructive, node) : node
        }
        super.init(
            content: .vstack(
                [.title(alert.title)] + (alert.message.isEmpty ? [] : [.text(alert.message)]) + [.hstack(row)]))
        subscription = actions.subscribe { [weak self] action in
            guard case let .tap(id) = action, let button = buttons.first(where: { $0.id == id }) else { return }
            self?.answer?(button)
        }
    }
}
