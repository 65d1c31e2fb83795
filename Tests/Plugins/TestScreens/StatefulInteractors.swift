import Glibc
import TrellisSDK

final class CounterInteractor: PresentableInteractor<ViewController>, StatePreserving {
    weak var listener: ScreenListener?
    private var count: Int

    init(view: ViewController, count: Int) {
        self.count = count
        super.init(presenter: view)
    }

    var preservedState: Int { count }

    override func didBecomeActive() {
        super.didBecomeActive()
        show()
        presenter.taps("Count")
            .bind { [weak self] in
                self?.count += 1
                self?.show()
            }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Close")
            .bind { [weak self] in self?.listener?.screenDidRequestDismiss() }
            .disposeOnDeactivate(interactor: self)
    }

    private func show() {
        presenter.content = .vstack([.text("\(buildLabel), count \(count)"), .button("Count"), .button("Close")])
    }
}

final class BusyListInteractor: PresentableInteractor<ViewController> {
    private let marker: String?
    private let release: String?
    private var hasBeenBusy = false

    init(presenter: ViewController, marker: String?, release: String?) {
        self.marker = marker
        self.release = release
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        show("Chose nothing")
        presenter.selections("rows")
            .bind { [weak self] index in self?.choose(index) }
            .disposeOnDeactivate(interactor: self)
    }

    private func choose(_ index: Int) {
        if !hasBeenBusy {
            hasBeenBusy = true
            beBusy()
        }
        show("Chose Row \(index + 1)")
    }

    /// Keeps the main thread until the test says so: the keys it types meanwhile
    /// wait in the terminal, as they do behind a slow screen.
    private func beBusy() {
        guard let marker, let release else { return }
        close(open(marker, O_WRONLY | O_CREAT, 0o644))
        for _ in 0..<3000 where access(release, F_OK) != 0 { usleep(100_000) }
    }

    private func show(_ choice: String) {
        presenter.content = .vstack([.list(id: "rows", rows: (1...28_000).map { "Row \($0)" }), .text(choice)])
    }
}
