import TrellisSDK

/// Seed 002's `Viewable`: a view that can push and pop others, as UIKit's
/// navigation controller does; here the SDK's navigation stack does it.
@MainActor
protocol Viewable: AnyObject {
    func push(_ view: ViewController)
    func pop(_ view: ViewController)
}

extension Viewable where Self: ViewController {
    func push(_ view: ViewController) {
        // Back from a pushed view pops it; the host calls this on Esc.
        view.backAction = { [weak self, weak view] in
            if let view { self?.pop(view) }
        }
        push(view as ViewControllable)
    }

    func pop(_ view: ViewController) {
        pop(view as ViewControllable)
    }
}

struct CandyViewModel {
    let title: String
}

final class CandyView: ViewController {
    var presenter: CandyPresenter?

    func show(_ candies: [CandyViewModel]) {
        title = "Candies"
        listsForReading = ["candies"]
        content = .vstack([.title("Candies"), .list(id: "candies", rows: candies.map(\.title))])
    }
}

@MainActor
final class CandyPresenter {
    weak var view: CandyView?
    var interactor: CandyInteractor?

    func fetch() {
        interactor?.fetchCandies()
    }

    func present(_ candies: [CandyEntity]) {
        view?.show(candies.map { CandyViewModel(title: "\($0.name)  ₩\($0.price)") })
    }
}

@MainActor
final class CandyInteractor {
    private let worker: APIStoreWorkerProtocol
    weak var presenter: CandyPresenter?

    init(worker: APIStoreWorkerProtocol) {
        self.worker = worker
    }

    func fetchCandies() {
        worker.fetchCandies { candies in presenter?.present(candies) }
    }
}

@MainActor
enum CandyBuilder {
    static func buildModule(arroundView view: CandyView) {
        let presenter = CandyPresenter()
        let interactor = CandyInteractor(worker: StoreAPIWorker())
        view.presenter = presenter
        presenter.view = view
        presenter.interactor = interactor
        interactor.presenter = presenter
        presenter.fetch()
    }
}
