import TrellisSDK

// MARK: - Interactor

@MainActor
final class RepositoryListInteractor {
    private let worker: RepositoryWorker
    /// The data store: one reactive store per repository, passed on to the show scene.
    private(set) var stores: [ReactiveDataStore<Repository>] = []
    /// `nil` until the first fetch arrives.
    private let storesRelay = BehaviorRelay<[ReactiveDataStore<Repository>]?>(value: nil)

    init(worker: RepositoryWorker) {
        self.worker = worker
    }

    func fetch() async throws {
        stores = try await worker.fetchRepositories().map(ReactiveDataStore.init)
        storesRelay.accept(stores)
    }

    var fetchCount: Int { worker.fetchCount }

    func bind(to presenter: RepositoryListPresenter) -> Disposable {
        storesRelay.asObservable().compactMap { $0 }.bind { [weak presenter, worker] stores in
            presenter?.present(stores, fetchCount: worker.fetchCount)
        }
    }
}

// MARK: - Presenter

struct RepositoryCellViewModel: Equatable {
    let title: String
    let isPinned: Bool

    init(_ repository: Repository) {
        title = "\(repository.isPinned ? "★" : "☆") \(repository.owner)/\(repository.name): \(repository.desc)"
        isPinned = repository.isPinned
    }
}

@MainActor
final class RepositoryListPresenter {
    /// `nil` until the first fetch arrives; the scene shows `Loading…` till then.
    private let cells = BehaviorRelay<(cells: [RepositoryCellViewModel], fetchCount: Int)?>(value: nil)
    private var cellBag = DisposeBag()

    /// Binds each repository's store, so a change made in another scene shows here.
    func present(_ stores: [ReactiveDataStore<Repository>], fetchCount: Int) {
        cellBag = DisposeBag()
        let streams = stores.map { $0.asObservable().map(RepositoryCellViewModel.init) }
        var latest = stores.map { RepositoryCellViewModel($0.value) }
        for (index, stream) in streams.enumerated() {
            stream.bind { [weak self] cell in
                latest[index] = cell
                self?.cells.accept((latest, fetchCount))
            }
            .disposed(by: cellBag)
        }
        cells.accept((latest, fetchCount))
    }

    func bind(to viewController: RepositoryListViewController) -> Disposable {
        cells.asObservable().compactMap { $0 }.bind { [weak viewController] state in
            viewController?.display(state.cells, fetchCount: state.fetchCount)
        }
    }
}

// MARK: - Router

@MainActor
final class RepositoryListRouter {
    private weak var navigationController: ViewController?

    init(navigationController: ViewController) {
        self.navigationController = navigationController
    }

    /// Routes a selected row to the show scene, passing its store.
    func bind(to viewController: RepositoryListViewController, interactor: RepositoryListInteractor) -> Disposable {
        viewController.selectedRow.bind { [weak self, weak interactor] row in
            guard let self, let interactor, interactor.stores.indices.contains(row) else { return }
            routeToShow(interactor.stores[row])
        }
    }

    private func routeToShow(_ store: ReactiveDataStore<Repository>) {
        guard let navigationController else { return }
        let show = RepositoryShowViewController(store: store)
        show.backAction = { [weak navigationController, weak show] in
            if let show { navigationController?.pop(show) }
        }
        navigationController.push(show)
    }
}

// MARK: - ViewController

final class RepositoryListViewController: ViewController {
    private let disposeBag = DisposeBag()
    private let interactor: RepositoryListInteractor
    private let presenter = RepositoryListPresenter()
    private let router: RepositoryListRouter

    var selectedRow: Observable<Int> {
        actions.compactMap { action in
            if case let .select("repositories", row) = action { return row }
            return nil
        }
    }

    init(worker: RepositoryWorker, navigationController: ViewController) {
        interactor = RepositoryListInteractor(worker: worker)
        router = RepositoryListRouter(navigationController: navigationController)
        super.init(content: .text("Loading…"))
        // The VIP cycle, bound reactively; the bindings end with this scene.
        interactor.bind(to: presenter).disposed(by: disposeBag)
        presenter.bind(to: self).disposed(by: disposeBag)
        router.bind(to: self, interactor: interactor).disposed(by: disposeBag)
    }

    /// The ids of the pinned repositories, once the list has arrived.
    var pinnedIDs: Set<Int>? {
        interactor.stores.isEmpty ? nil : Set(interactor.stores.map(\.value).filter(\.isPinned).map(\.id))
    }

    /// Fetches the list; the scene shows `Loading…` until it arrives.
    func load() async throws {
        try await interactor.fetch()
    }

    func display(_ cells: [RepositoryCellViewModel], fetchCount: Int) {
        // Pinned repositories highlighted, as their stars say.
        rowStyles = [
            "repositories": Dictionary(
                uniqueKeysWithValues: cells.indices.filter { cells[$0].isPinned }.map { ($0, .highlight) })
        ]
        content = .vstack([
            .title("Repositories (fetched \(fetchCount)×)"),
            .list(id: "repositories", rows: cells.map(\.title)),
        ])
    }
}
