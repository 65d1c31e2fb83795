import TrellisSDK

/// The screen shown in place of a child that could not be built.
@MainActor
enum ErrorScreen {
    package static func build(message: String, listener: ScreenListener) -> ViewableRouting {
        let view = ViewController(
            content: .vstack([
                .text("This screen could not be shown"),
                .text(message),
                .button("Close"),
            ]))
        let interactor = ErrorInteractor(view: view, listener: listener)
        return ViewableRouter(interactor: interactor, viewController: view)
    }
}

extension ErrorScreen {
    /// What a screen whose work failed shows instead of its content.
    static func failureContent(message: String, canGoBack: Bool) -> ViewNode {
        .vstack([
            .text("This screen stopped working"),
            .text(message),
            .text(canGoBack ? "Esc goes back." : "The rest of the app still works."),
        ])
    }

    /// Shows an error screen built for a viewless child in the view its parent
    /// lent it; Close asks the parent to dismiss the child as usual.
    package static func show(_ router: ViewableRouting, in hostView: ViewControllable) {
        hostView.viewController.embed(router.viewControllable)
    }
}

@MainActor
private final class ErrorInteractor: PresentableInteractor<ViewController> {
    private weak var listener: ScreenListener?

    init(view: ViewController, listener: ScreenListener) {
        self.listener = listener
        super.init(presenter: view)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.taps("Close")
            .subscribe { [weak self] in self?.listener?.screenDidRequestDismiss() }
            .disposeOnDeactivate(interactor: self)
    }
}
