import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { RepositoriesPlugin() }
}

/// Seed 004's Clean Swift demo: a repository list and a detail scene sharing one
/// reactive data store per repository. The VIP cycles live inside; the host sees a
/// Builder and a router.
final class RepositoriesPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        RepositoriesBuilder()
    }
}

/// The SDK boundary: a navigation container is the RIB's view, and the list scene
/// is pushed on it while the RIB is attached.
final class RepositoriesBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let navigationController = ViewController()
        // After a live swap, the pins made before it (StatePreserving below).
        let worker = RepositoryWorker(pinned: context.preservedState(as: Set<Int>.self))
        let interactor = SceneHostInteractor(navigationController: navigationController, worker: worker)
        return ViewableRouter(interactor: interactor, viewController: navigationController)
    }
}

final class SceneHostInteractor: Interactor, StatePreserving {
    private let navigationController: ViewController
    private let worker: RepositoryWorker
    private var list: RepositoryListViewController?

    init(navigationController: ViewController, worker: RepositoryWorker) {
        self.navigationController = navigationController
        self.worker = worker
        super.init()
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        let list = RepositoryListViewController(worker: worker, navigationController: navigationController)
        self.list = list
        navigationController.push(list)
        // Loading ends with this RIB: going back before the list arrives cancels it.
        task { [weak list] in try await list?.load() }
    }

    /// The pinned repositories' ids: a live swap of the plugin keeps the pins.
    var preservedState: Set<Int>? { list?.pinnedIDs }

    override func willResignActive() {
        super.willResignActive()
        if let list { navigationController.pop(list) }
        list = nil
    }
}
