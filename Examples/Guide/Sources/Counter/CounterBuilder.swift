import GuideContracts
import TrellisSDK

@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { CounterPlugin() }
}

final class CounterPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable { CounterBuilder(dependency: EmptyComponent()) }
}

final class CounterBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let title = try context.parameter("title", as: String.self) ?? "Counter"
        let start = try context.parameter("start", as: Int.self) ?? 0
        // What the screens below may resolve: this store, while Counter is attached.
        let store = CounterStore(count: context.preservedState(as: Int.self) ?? start)
        context.dependencies.provide(store, for: GuideDependency.counterStore)

        let view = CounterViewController(title: title)
        let interactor = CounterInteractor(store: store, presenter: view)
        interactor.listener = context.listener
        return CounterRouter(
            interactor: interactor, viewController: view,
            detailsBuilder: context.slot("details"), historyBuilder: context.slot("history"))
    }
}
