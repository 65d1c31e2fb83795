import TrellisSDK

final class HelloInteractor: PresentableInteractor<ViewController> {
    weak var listener: ScreenListener?

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.taps("Close")
            .bind { [weak self] in self?.listener?.screenDidRequestDismiss() }
            .disposeOnDeactivate(interactor: self)
    }
}
