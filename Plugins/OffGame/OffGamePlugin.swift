import TicTacToeContracts
import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { OffGamePlugin() }
}

/// The tutorial's OffGame: the players, the score, Start Game and Logout.
final class OffGamePlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        OffGameBuilder(dependency: EmptyComponent())
    }
}

final class OffGameComponent: Component<EmptyDependency> {
    let names: PlayerNames
    let scoreStream: ScoreStream

    init(context: ScreenContext) throws {
        names = try context.dependencies.resolve(TicTacToeDependency.playerNames)
        scoreStream = try context.dependencies.resolve(TicTacToeDependency.scoreStream)
        super.init(dependency: EmptyComponent())
    }
}

final class OffGameBuilder: Builder<EmptyDependency>, ScreenBuildable, OffGameBuildable {
    /// The tutorial's `OffGameBuildable`: built through the slot this builder was
    /// given out through, as the route the config binds there.
    func build(withListener listener: OffGameListener) -> ViewableRouting {
        boundSlot.build(listener: listener)
    }

    func build(with context: ScreenContext) throws -> Routing {
        let component = try OffGameComponent(context: context)
        let viewController = OffGameViewController()
        let interactor = OffGameInteractor(component: component, presenter: viewController)
        interactor.listener = try context.listener(as: OffGameListener.self)
        return ViewableRouter(interactor: interactor, viewController: viewController)
    }
}
