import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { WidgetsPlugin() }
}

/// The widget gallery: each view kind the SDK added in 1.1, with live state.
public final class WidgetsPlugin: TrellisPlugin {
    public init() {}

    public func makeBuilder() -> ScreenBuildable {
        WidgetsBuilder(dependency: EmptyComponent())
    }
}

final class WidgetsBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let viewController = WidgetsViewController()
        let interactor = WidgetsInteractor(presenter: viewController)
        return WidgetsRouter(interactor: interactor, viewController: viewController)
    }
}

final class WidgetsRouter: ViewableRouter<WidgetsInteractor, WidgetsViewController> {}
