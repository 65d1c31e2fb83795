import TrellisSDK

/// Seed 003's base coordinator: starts, and keeps its child coordinators.
@MainActor
class BaseCoordinator {
    private(set) var childCoordinators: [BaseCoordinator] = []

    func start() {}

    /// Ends the coordinator and its children.
    func stop() {
        childCoordinators.forEach { $0.stop() }
        childCoordinators = []
    }

    func add(coordinator: BaseCoordinator) {
        childCoordinators.append(coordinator)
    }

    func remove(coordinator: BaseCoordinator) {
        childCoordinators.removeAll { $0 === coordinator }
    }
}

final class AppCoordinator: BaseCoordinator {
    private let navigationController: ViewController
    private var search: SearchCoordinator?

    init(navigationController: ViewController) {
        self.navigationController = navigationController
    }

    override func start() {
        let search = SearchCoordinator(navigationController: navigationController)
        self.search = search
        add(coordinator: search)
        search.start()
    }

    /// The airport data is read: the search can search it.
    func serviceDidLoad(_ service: AirportService) {
        search?.serviceDidLoad(service)
    }

    override func stop() {
        super.stop()
        search = nil
    }
}

final class SearchCoordinator: BaseCoordinator {
    private let navigationController: ViewController
    private let searchVC = SearchViewController()
    private let disposeBag = DisposeBag()

    init(navigationController: ViewController) {
        self.navigationController = navigationController
    }

    /// Shows the search at once, saying "Loading cities…" until the data is read.
    override func start() {
        // The search screen is the demo's first: no back of its own, so Esc
        // reaches whoever attached the demo.
        navigationController.push(searchVC)
    }

    func serviceDidLoad(_ service: AirportService) {
        // Weak here too: an inner closure's weak capture makes the outer one hold
        // `self` strongly, and the view would keep its coordinator alive.
        searchVC.viewModelBuilder = { [weak self, disposeBag] input in
            let viewModel = SearchViewModel(input: input, airportService: service)
            viewModel.router.citySelected
                .bind { [weak self] city, airports in self?.showAirports(of: city, airports) }
                .disposed(by: disposeBag)
            return viewModel
        }
    }

    override func stop() {
        super.stop()
        disposeBag.dispose()
    }

    private func showAirports(of city: CityViewModel, _ airports: [AirportModel]) {
        let airportsCoordinator = AirportsCoordinator(
            navigationController: navigationController, city: city, airports: airports)
        airportsCoordinator.onFinish = { [weak self, weak airportsCoordinator] in
            if let airportsCoordinator { self?.remove(coordinator: airportsCoordinator) }
        }
        add(coordinator: airportsCoordinator)
        airportsCoordinator.start()
    }
}

final class AirportsCoordinator: BaseCoordinator {
    private let navigationController: ViewController
    private let city: CityViewModel
    private let airports: [AirportModel]
    var onFinish: (() -> Void)?

    init(navigationController: ViewController, city: CityViewModel, airports: [AirportModel]) {
        self.navigationController = navigationController
        self.city = city
        self.airports = airports
    }

    override func start() {
        let airportsVC = AirportsViewController(city: city, airports: airports)
        airportsVC.backAction = { [weak self, weak airportsVC] in
            guard let self, let airportsVC else { return }
            navigationController.pop(airportsVC)
            onFinish?()
        }
        navigationController.push(airportsVC)
    }
}
