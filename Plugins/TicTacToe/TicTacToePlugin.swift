import TicTacToeContracts
import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { TicTacToePlugin() }
}

/// The tutorial's TicTacToe: a 3x3 board that reports its end to its parent.
final class TicTacToePlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        TicTacToeBuilder(dependency: EmptyComponent())
    }
}

final class TicTacToeBuilder: Builder<EmptyDependency>, ScreenBuildable, TicTacToeBuildable {
    /// The tutorial's `TicTacToeBuildable`: built through the slot this builder was
    /// given out through, as the route the config binds there.
    func build(withListener listener: TicTacToeListener) -> ViewableRouting {
        boundSlot.build(listener: listener)
    }

    func build(with context: ScreenContext) throws -> Routing {
        let names = try context.dependencies.resolve(TicTacToeDependency.playerNames)
        let viewController = TicTacToeViewController()
        let interactor = TicTacToeInteractor(
            names: names, presenter: viewController,
            game: context.preservedState(as: TicTacToeInteractor.Game.self))
        interactor.listener = try context.listener(as: TicTacToeListener.self)
        return ViewableRouter(interactor: interactor, viewController: viewController)
    }
}
