import TicTacToeContracts
import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { LoggedOutPlugin() }
}

/// The tutorial's LoggedOut: two player names and Login.
final class LoggedOutPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        LoggedOutBuilder(dependency: EmptyComponent())
    }
}

final class LoggedOutBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let viewController = LoggedOutViewController()
        let interactor = LoggedOutInteractor(presenter: viewController)
        interactor.parent = context.events(LoggedOutEvent.self)
        return ViewableRouter(interactor: interactor, viewController: viewController)
    }
}
