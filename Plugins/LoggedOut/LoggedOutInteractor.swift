import TicTacToeContracts
import TrellisSDK

@MainActor
protocol LoggedOutPresentableListener: AnyObject {
    func login(withPlayer1Name player1Name: String, player2Name: String)
}

final class LoggedOutInteractor: PresentableInteractor<LoggedOutViewController>, LoggedOutPresentableListener {
    /// Where it tells its parent the players logged in.
    var parent: ScreenEvents<LoggedOutEvent>?

    override init(presenter: LoggedOutViewController) {
        super.init(presenter: presenter)
        presenter.listener = self
    }

    func login(withPlayer1Name player1Name: String, player2Name: String) {
        // Empty names fall back to "Player 1" and "Player 2", as in the tutorial.
        parent?.send(.didLogin(PlayerNames(player1: player1Name, player2: player2Name)))
    }
}
