import TrellisSDK

// MARK: - Interactor

@MainActor
final class RepositoryShowInteractor {
    private let store: ReactiveDataStore<Repository>

    init(store: ReactiveDataStore<Repository>) {
        self.store = store
    }

    func togglePin() {
        var repository = store.value
        repository.isPinned.toggle()
        store.update(repository)
    }

    func bind(to presenter: RepositoryShowPresenter) -> Disposable {
        store.asObservable().bind { [weak presenter] in presenter?.present($0) }
    }
}

// MARK: - Presenter

struct RepositoryShowViewModel: Equatable {
    let title: String
    /// `owner/name`: the page's place in the route path.
    let name: String
    let desc: String
    let pinTitle: String
}

@MainActor
final class RepositoryShowPresenter {
    private let viewModel = PublishRelay<RepositoryShowViewModel>()

    func present(_ repository: Repository) {
        viewModel.accept(
            RepositoryShowViewModel(
                title: "\(repository.isPinned ? "★" : "☆") \(repository.owner)/\(repository.name)",
                name: "\(repository.owner)/\(repository.name)",
                desc: repository.desc,
                // The same width either way, so the button does not shift when it changes.
                pinTitle: repository.isPinned ? "Unpin" : " Pin "
            ))
    }

    func bind(to viewController: RepositoryShowViewController) -> Disposable {
        viewModel.asObservable().bind { [weak viewController] in viewController?.display($0) }
    }
}

// MARK: - ViewController

final class RepositoryShowViewController: ViewController {
    private let disposeBag = DisposeBag()
    private let interactor: RepositoryShowInteractor
    private let presenter = RepositoryShowPresenter()

    init(store: ReactiveDataStore<Repository>) {
        interactor = RepositoryShowInteractor(store: store)
        super.init(content: .empty)
        presenter.bind(to: self).disposed(by: disposeBag)
        interactor.bind(to: presenter).disposed(by: disposeBag)
        taps("pin")
            .bind { [weak self] in self?.interactor.togglePin() }
            .disposed(by: disposeBag)
    }

    func display(_ viewModel: RepositoryShowViewModel) {
        // A pinned repository's name is highlighted, with its star.
        let title: ViewNode =
            viewModel.pinTitle == "Unpin" ? .styled(.highlight, .text(viewModel.title)) : .title(viewModel.title)
        content = .vstack([title, .text(viewModel.desc), .button(title: viewModel.pinTitle, id: "pin")])
        // The route path names the page, as it does Airports' city pages.
        self.title = viewModel.name
    }
}
