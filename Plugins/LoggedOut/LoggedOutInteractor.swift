import TicTacToeContracts
import TrellisSDK

@MainActor
protocol LoggedOutPresentableListener: AnyObject {
    func login(withPlayer1Name player1Name: String, player2Name: String)
}

final class LoggedOutInteractor: PresentableInteractor<LoggedOutViewController>, LoggedOutPresentableListener {
    weak var listener: LoggedOutListener?

    override init(presenter: LoggedOutViewController) {
        super.init(presenter: presenter)
        presenter.listener = self
    }

    func login(withPlayer1Name player1Name: String, player2Name: String) {
        // Empty names fall back to "Player 1" and "Player 2", as in the tutorial.
        listener?.didLogin(with: PlayerNames(player1: player1Name, player2: player2Name))
    }
}
