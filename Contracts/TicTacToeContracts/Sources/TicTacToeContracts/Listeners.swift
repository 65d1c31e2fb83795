import TrellisSDK

/// Why a plugin refused its parent or its link.
public enum ContractError: Error, CustomStringConvertible {
    case unknownLink(String)
    case unknownGame(String, known: [String])

    public var description: String {
        switch self {
        case let .unknownLink(url):
            "\(url) is not a link this app knows; try trellis://launchGame?gameId=ticTacToe"
        case let .unknownGame(id, known):
            "there is no game \"\(id)\"; games: \(known.joined(separator: ", "))"
        }
    }
}

/// What LoggedOut told its parent before ``LoggedOutEvent``: the RIBs-style
/// listener, which works in one process only. Kept, and Root still is one, for
/// LoggedOut plugins built against it.
@MainActor
public protocol LoggedOutListener: ScreenListener {
    func didLogin(with names: PlayerNames)
}

/// What LoggedOut tells its parent, as a message (`ScreenEvent`): the parent
/// hears it whether LoggedOut runs in the app's process or in one of its own.
public enum LoggedOutEvent: ScreenEvent, Equatable {
    /// The players logged in with these names.
    case didLogin(PlayerNames)
}

/// What LoggedIn tells its parent.
@MainActor
public protocol LoggedInListener: ScreenListener {
    func didLogout()
}

/// What OffGame tells its parent.
@MainActor
public protocol OffGameListener: ScreenListener {
    func startGame()
    func logout()
}

/// OffGame's builder, as LoggedIn builds it through its typed `offGame` slot
/// (`context.slot("offGame", as: OffGameBuildable.self)`), as the RIBs tutorial's
/// LoggedIn builds its `OffGameBuildable`.
@MainActor
public protocol OffGameBuildable: AnyObject {
    func build(withListener listener: OffGameListener) -> ViewableRouting
}

/// TicTacToe's builder, as LoggedIn builds it through its typed `ticTacToe` slot.
@MainActor
public protocol TicTacToeBuildable: AnyObject {
    func build(withListener listener: TicTacToeListener) -> ViewableRouting
}

/// What TicTacToe tells its parent.
@MainActor
public protocol TicTacToeListener: ScreenListener {
    /// The game ended with `winner`, or a draw when `nil`.
    func gameDidEnd(withWinner winner: PlayerType?)
}

/// The games LoggedIn can launch, by the id a link names them with.
public enum Games {
    public static let known = ["ticTacToe"]
}

/// The root's part in the launch-game workflow (RIBs tutorial 4).
@MainActor
public protocol RootActionableItem: AnyObject {
    /// Sends LoggedIn's item once the players have logged in.
    func waitForLogin() -> Observable<(LoggedInActionableItem, Void)>
}

/// LoggedIn's part in the launch-game workflow.
@MainActor
public protocol LoggedInActionableItem: AnyObject {
    /// Launches the game `id` and sends this item when it is on screen.
    func launchGame(with id: String) -> Observable<(LoggedInActionableItem, Void)>
}
