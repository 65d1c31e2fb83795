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
/// starts on it and lives as long as the RIB is attached.
final class AirportSearchBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let service = try AirportService.shared()
        let navigationController = ViewController()
        let coordinator = AppCoordinator(navigationController: navigationController, service: service)
        return ViewableRouter(
            interactor: CoordinatorInteractor(coordinator: coordinator), viewController: navigationController)
    }
}

/// Starts the app coordinator when the RIB is attached and stops it when detached.
final class CoordinatorInteractor: Interactor {
    private let coordinator: BaseCoordinator

    init(coordinator: BaseCoordinator) {
        self.coordinator = coordinator
        super.init()
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        coordinator.start()
    }

    override func willResignActive() {
        super.willResignActive()
        coordinator.stop()
    }
}
