import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { CandyStorePlugin() }
}

/// Seed 002's VIPER demo: a store card that pushes the candy list. VIPER lives
/// inside; the host sees a Builder and a router.
final class CandyStorePlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        CandyStoreBuilder()
    }
}

/// The SDK boundary: the VIPER module's view becomes the RIB's view, and the RIB's
/// interactor only keeps the module alive while it is attached.
final class CandyStoreBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let view = MainView()
        MainBuilder().buildModule(arroundView: view)
        return ViewableRouter(interactor: ModuleInteractor(module: view), viewController: view)
    }
}

/// Holds a VIPER module for as long as its RIB is attached.
final class ModuleInteractor: Interactor {
    private let module: AnyObject

    init(module: AnyObject) {
        self.module = module
        super.init()
    }
}
