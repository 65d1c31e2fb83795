import GuideContracts
import TrellisSDK

@MainActor
protocol CounterRouting: ViewableRouting {
    func routeToDetails(count: Int)
    func routeToHistory()
    func dismissDetails()
    func popHistory()
}

/// Counter's logic. It is the listener of the children it attaches: they tell it
/// when they want to go, and it tells its router.
final class CounterInteractor: PresentableInteractor<CounterViewController>, ScreenListener, StatePreserving {
    weak var router: CounterRouting?
    weak var listener: ScreenListener?
    private let store: CounterStore

    init(store: CounterStore, presenter: CounterViewController) {
        self.store = store
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        store.count.asObservable()
            .bind { [weak self] count in self?.presenter.show(count: count) }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Add")
            .bind { [weak self] in self.map { $0.store.count.accept($0.store.count.value + 1) } }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Details")
            .bind { [weak self] in self.map { $0.router?.routeToDetails(count: $0.store.count.value) } }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("History")
            .bind { [weak self] in self?.router?.routeToHistory() }
            .disposeOnDeactivate(interactor: self)
    }

    /// A live swap of this plugin keeps the count.
    var preservedState: Int { store.count.value }

    // MARK: ScreenListener: what the children tell Counter

    func screenDidRequestDismiss() {
        router?.dismissDetails()
        router?.popHistory()
    }

    func screenDidRequestDismiss(slot: String) {
        if slot == "details" { router?.dismissDetails() } else { router?.popHistory() }
    }
}
