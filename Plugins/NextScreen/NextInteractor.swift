import TrellisSDK

// MARK: - Routing

protocol NextRouting: ViewableRouting {}

// MARK: - Interactor

final class NextInteractor: PresentableInteractor<NextPresentable> {
    private let timeTextRelay: BehaviorRelay<String>

    weak var router: NextRouting?
    weak var listener: ScreenListener?

    init(component: NextComponent, presenter: NextPresentable) {
        timeTextRelay = BehaviorRelay(value: component.title)
        super.init(presenter: presenter)
        presenter.handler = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.action?.didClickButton
            .bind { [weak self] in self?.listener?.screenDidRequestDismiss() }
            .disposeOnDeactivate(interactor: self)
    }
}

extension NextInteractor: NextPresentableHandler {
    var timeText: Observable<String> {
        timeTextRelay.asObservable()
    }
}
