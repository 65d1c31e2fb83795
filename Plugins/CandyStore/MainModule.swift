import TrellisSDK

// MARK: - View

@MainActor
protocol MainViewProtocol: AnyObject {
    var presenter: MainPresenterProtocol? { get set }
    func setCandyStore(viewmodel: StoreViewModel)
}

final class MainView: ViewController, MainViewProtocol, Viewable {
    var presenter: MainPresenterProtocol?
    private let disposeBag = DisposeBag()

    init() {
        super.init(content: .text("Loading…"))
        taps("store")
            .bind { [weak self] in
                guard let self else { return }
                presenter?.showCandies(from: self)
            }
            .disposed(by: disposeBag)
    }

    func setCandyStore(viewmodel: StoreViewModel) {
        content = .vstack([
            .title("Stores"), .button(title: "\(viewmodel.name)\n(\(viewmodel.imageName))", id: "store"),
        ])
    }
}

// MARK: - Presenter

@MainActor
protocol MainPresenterProtocol: AnyObject {
    func fetch()
    func mergeInteractionCandy(_ interactor: MainInteractorProtocol, fetchCandy storeObject: StoreEntity)
    func showCandies(from view: Viewable)
}

struct StoreViewModel {
    let name: String
    let imageName: String
}

final class MainPresenter: MainPresenterProtocol {
    weak var view: MainViewProtocol?
    var router: RouterProtocol?
    var interactor: MainInteractorProtocol?

    func fetch() {
        interactor?.fetchStore()
    }

    func mergeInteractionCandy(_ interactor: MainInteractorProtocol, fetchCandy storeObject: StoreEntity) {
        view?.setCandyStore(viewmodel: StoreViewModel(name: storeObject.storeName, imageName: storeObject.storeImage))
    }

    func showCandies(from view: Viewable) {
        router?.push(from: view)
    }
}

// MARK: - Interactor

@MainActor
protocol MainInteractorProtocol: AnyObject {
    func fetchStore()
}

final class MainInteractor: MainInteractorProtocol {
    private var candyStore: StoreEntity?
    private let storeAPIWorker: APIStoreWorkerProtocol

    weak var presenter: MainPresenterProtocol?

    init(withAPIWorker apiWorker: APIStoreWorkerProtocol) {
        storeAPIWorker = apiWorker
    }

    func fetchStore() {
        storeAPIWorker.fetchCandyStore { candyStore in
            self.candyStore = candyStore
            presenter?.mergeInteractionCandy(self, fetchCandy: candyStore)
        }
    }
}

// MARK: - Builder

@MainActor
final class MainBuilder {
    func buildModule(arroundView view: MainView) {
        let presenter = MainPresenter()
        let interactor = MainInteractor(withAPIWorker: StoreAPIWorker())
        view.presenter = presenter
        presenter.view = view
        presenter.router = MainRouter()
        presenter.interactor = interactor
        interactor.presenter = presenter
        presenter.fetch()
    }
}

// MARK: - Router

@MainActor
protocol RouterProtocol {
    func setCandyView() -> CandyView
    func push(from: Viewable)
}

struct MainRouter: RouterProtocol {
    func setCandyView() -> CandyView {
        let candyView = CandyView()
        CandyBuilder.buildModule(arroundView: candyView)
        return candyView
    }

    func push(from: Viewable) {
        from.push(setCandyView())
    }
}
