import TrellisSDK

// MARK: - Routing

protocol MainRouting: ViewableRouting {
    func attachNext()
    func detachNext()
}

// MARK: - Interactor

final class MainInteractor: PresentableInteractor<MainPresentable>, ScreenListener {
    private let buttonTextRelay: BehaviorRelay<String>

    weak var router: MainRouting?

    init(title: String, presenter: MainPresentable) {
        buttonTextRelay = BehaviorRelay(value: title)
        super.init(presenter: presenter)
        presenter.handler = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.action?.didClickButton
            .bind { [weak self] in self?.router?.attachNext() }
            .disposeOnDeactivate(interactor: self)
    }

    // MARK: ScreenListener: what Next tells Main

    func screenDidRequestDismiss() {
        router?.detachNext()
    }
}

extension MainInteractor: MainPresentableHandler {
    var buttonText: Observable<String> {
        buttonTextRelay.asObservable()
    }
}
