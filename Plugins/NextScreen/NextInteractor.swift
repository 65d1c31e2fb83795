import Foundation
import TrellisSDK

// MARK: - Routing

protocol NextRouting: ViewableRouting {}

// MARK: - Interactor

final class NextInteractor: PresentableInteractor<NextPresentable> {
    private let timeTextRelay: BehaviorRelay<String>
    private let isClock: Bool

    weak var router: NextRouting?
    weak var listener: ScreenListener?

    init(component: NextComponent, presenter: NextPresentable) {
        timeTextRelay = BehaviorRelay(value: component.title)
        isClock = component.isClock
        super.init(presenter: presenter)
        presenter.handler = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.action?.didClickButton
            .bind { [weak self] in self?.listener?.screenDidRequestDismiss() }
            .disposeOnDeactivate(interactor: self)
        if isClock { startClock() }
    }

    /// Ticks once a second while the screen is attached; detaching cancels it.
    private func startClock() {
        task { [weak self] in
            while true {
                try await Task.sleep(for: .seconds(1))
                self?.timeTextRelay.accept("Now is \(Date().description)")
            }
        }
    }
}

extension NextInteractor: NextPresentableHandler {
    var timeText: Observable<String> {
        timeTextRelay.asObservable()
    }
}
