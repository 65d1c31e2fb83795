import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { AirportSearchPlugin() }
}

/// Seed 003's Coordinator demo: search a city, push its airports. Coordinators and
/// view models live inside; the host sees a Builder and a router.
final class AirportSearchPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        AirportSearchBuilder()
    }
}

/// The SDK boundary: a navigation container is the RIB's view; the app coordinator
/// starts on it and lives as long as the RIB is attached. Building reads nothing:
/// the airport data is read once the screen is shown, off the main actor.
final class AirportSearchBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let navigationController = ViewController()
        let coordinator = AppCoordinator(navigationController: navigationController)
        return ViewableRouter(
            interactor: CoordinatorInteractor(coordinator: coordinator), viewController: navigationController)
    }
}

/// Starts the app coordinator when the RIB is attached, hands it the airport data
/// once read, and stops it when detached. Data that cannot be read is shown by the
/// host in place of the screen.
final class CoordinatorInteractor: Interactor {
    private let coordinator: AppCoordinator

    init(coordinator: AppCoordinator) {
        self.coordinator = coordinator
        super.init()
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        coordinator.start()
        task { [weak self] in
            let service = try await AirportService.shared()
            self?.coordinator.serviceDidLoad(service)
        }
    }

    override func willResignActive() {
        super.willResignActive()
        coordinator.stop()
    }
}
