import TrellisSDK

// MARK: - Routing

protocol MainRouting: ViewableRouting {
    var isShowingNext: Bool { get }
    func attachNext()
    func detachNext()
}

// MARK: - Interactor

final class MainInteractor: PresentableInteractor<MainPresentable>, ScreenListener, StatePreserving {
    private let buttonTextRelay: BehaviorRelay<String>
    /// Whether Next was open before a live swap of this plugin: it opens again.
    private var reopensNext: Bool

    weak var router: MainRouting?

    init(title: String, presenter: MainPresentable, reopensNext: Bool = false) {
        buttonTextRelay = BehaviorRelay(value: title)
        self.reopensNext = reopensNext
        super.init(presenter: presenter)
        presenter.handler = self
    }

    /// Whether Next is open: a live swap of Main keeps it open.
    var preservedState: Bool { router?.isShowingNext ?? false }

    override func didBecomeActive() {
        super.didBecomeActive()
        if reopensNext {
            reopensNext = false
            router?.attachNext()
        }
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
