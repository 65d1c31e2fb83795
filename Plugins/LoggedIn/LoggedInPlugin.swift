import TicTacToeContracts
import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { LoggedInPlugin() }
}

/// The tutorial's LoggedIn: no view of its own; it switches its parent's view
/// between OffGame and TicTacToe and keeps the score.
final class LoggedInPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        LoggedInBuilder(dependency: EmptyComponent())
    }
}

/// Why LoggedIn cannot be built.
struct LoggedInBuildError: Error, CustomStringConvertible {
    var description: String {
        "LoggedIn has no view of its own: attach it with a slot's build(listener:parameters:hostView:)"
    }
}

final class LoggedInComponent: Component<EmptyDependency> {
    /// The score, written here and read by OffGame: one per login.
    var mutableScoreStream: MutableScoreStream { shared { ScoreStreamImpl() } }
}

final class LoggedInBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        guard let hostView = context.hostView else { throw LoggedInBuildError() }
        let component = LoggedInComponent(dependency: dependency)
        context.dependencies.provide(component.mutableScoreStream, for: TicTacToeDependency.scoreStream)
        let interactor = LoggedInInteractor(mutableScoreStream: component.mutableScoreStream)
        interactor.listener = try context.listener(as: LoggedInListener.self)
        return LoggedInRouter(
            interactor: interactor, viewController: hostView.viewController,
            offGameBuilder: try context.slot("offGame", as: OffGameBuildable.self),
            ticTacToeBuilder: try context.slot("ticTacToe", as: TicTacToeBuildable.self))
    }
}
