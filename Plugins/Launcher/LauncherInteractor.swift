import TrellisSDK

@MainActor
protocol LauncherRouting: ViewableRouting {
    func routeToDemo(at index: Int)
    func routeToList()
}

final class LauncherInteractor: PresentableInteractor<ViewController>, ScreenListener {
    weak var router: LauncherRouting?

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.actions
            .bind { [weak self] action in
                if case let .select("demos", row) = action { self?.router?.routeToDemo(at: row) }
            }
            .disposeOnDeactivate(interactor: self)
    }

    /// A demo went back from its first screen.
    func screenDidRequestDismiss() {
        router?.routeToList()
    }
}
