import GuideContracts
import TrellisSDK

@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { DetailsPlugin() }
}

final class DetailsPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable { DetailsBuilder(dependency: EmptyComponent()) }
}

final class DetailsBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        // Provided by a route above (Counter); without one, the host refuses the config.
        let store = try context.dependencies.resolve(GuideDependency.counterStore)
        let title = try context.parameter("title", as: String.self) ?? "Details"
        let openedAt = try context.parameter("count", as: Int.self)
        let view = ViewController()
        let interactor = DetailsInteractor(title: title, openedAt: openedAt, store: store, presenter: view)
        interactor.listener = context.listener
        return ViewableRouter(interactor: interactor, viewController: view)
    }
}

final class DetailsInteractor: PresentableInteractor<ViewController> {
    weak var listener: ScreenListener?
    private let title: String
    private let openedAt: Int?
    private let store: CounterStore
    private var seconds = 0

    init(title: String, openedAt: Int?, store: CounterStore, presenter: ViewController) {
        (self.title, self.openedAt, self.store) = (title, openedAt, store)
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        store.count.asObservable()
            .bind { [weak self] _ in self?.show() }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Reset")
            .bind { [weak self] in self?.store.count.accept(0) }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Close")
            .bind { [weak self] in self?.listener?.screenDidRequestDismiss() }
            .disposeOnDeactivate(interactor: self)
        // Asynchronous work: a task bound to this interactor, cancelled on detach.
        task { [weak self] in
            while true {
                try await Task.sleep(for: .seconds(1))
                self?.seconds += 1
                self?.show()
            }
        }
    }

    private func show() {
        presenter.content = .vstack([
            .title(title),
            .text(
                openedAt.map { "Opened at \($0); the count is \(store.count.value) now" }
                    ?? "The count is \(store.count.value)"),
            .text("Open for \(seconds) s"),
            .hstack([.button("Reset"), .button("Close")]),
        ])
    }
}
