import TicTacToeContracts
import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { TutorialRootPlugin() }
}

/// The tutorial's Root: shows LoggedOut, and after login LoggedIn in its place.
final class TutorialRootPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        RootBuilder(dependency: EmptyComponent())
    }
}

final class RootBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let viewController = ViewController(content: .text("Trellis TicTacToe"))
        let interactor = RootInteractor(dependencies: context.dependencies)
        interactor.listener = context.listener
        return RootRouter(
            interactor: interactor, viewController: viewController,
            loggedOutBuilder: context.slot("loggedOut"), loggedInBuilder: context.slot("loggedIn"))
    }
}
