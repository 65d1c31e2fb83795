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
    private let service: AirportService

    init(navigationController: ViewController, service: AirportService) {
        self.navigationController = navigationController
        self.service = service
    }

    override func start() {
        let search = SearchCoordinator(navigationController: navigationController, service: service)
        add(coordinator: search)
        search.start()
    }
}

final class SearchCoordinator: BaseCoordinator {
    private let navigationController: ViewController
    private let service: AirportService
    private let disposeBag = DisposeBag()

    init(navigationController: ViewController, service: AirportService) {
        self.navigationController = navigationController
        self.service = service
    }

    override func start() {
        let searchVC = SearchViewController()
        // Weak here too: an inner closure's weak capture makes the outer one hold
        // `self` strongly, and the view would keep its coordinator alive.
        searchVC.viewModelBuilder = { [weak self, service, disposeBag] input in
            let viewModel = SearchViewModel(input: input, airportService: service)
            viewModel.router.citySelected
                .bind { [weak self] city, airports in self?.showAirports(of: city, airports) }
                .disposed(by: disposeBag)
            return viewModel
        }
        // The search screen is the demo's first: no back of its own, so Esc
        // reaches whoever attached the demo.
        navigationController.push(searchVC)
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
