import TrellisSDK

/// `hugeList`: a list of `rows` rows (1,000,000 by default), made off the main
/// actor, so that only the host's own work over it (filtering, laying it out)
/// takes the main thread's time.
final class HugeListInteractor: PresentableInteractor<ViewController> {
    private let count: Int

    init(presenter: ViewController, count: Int) {
        self.count = max(count, 1)
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.content = .text("Making rows…")
        let count = count
        task { [presenter] in
            let rows = try await offMainActor { (1...count).map { "Row \($0)" } }
            presenter.content = .list(id: "rows", rows: rows)
        }
        .disposeOnDeactivate(interactor: self)
    }
}
