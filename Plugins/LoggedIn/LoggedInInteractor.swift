import TicTacToeContracts
import TrellisSDK

@MainActor
protocol LoggedInRouting: Routing {
    func routeToOffGame()
    func routeToTicTacToe()
    func cleanupViews()
    var isShowingGame: Bool { get }
}

final class LoggedInInteractor: Interactor, LoggedInInteractable, LoggedInActionableItem {
    weak var router: LoggedInRouting?
    weak var listener: LoggedInListener?

    private let mutableScoreStream: MutableScoreStream

    init(mutableScoreStream: MutableScoreStream) {
        self.mutableScoreStream = mutableScoreStream
        super.init()
    }

    override func willResignActive() {
        super.willResignActive()
        router?.cleanupViews()
    }

    // MARK: OffGameListener

    func startGame() {
        router?.routeToTicTacToe()
    }

    func logout() {
        listener?.didLogout()
    }

    // MARK: TicTacToeListener

    func gameDidEnd(withWinner winner: PlayerType?) {
        mutableScoreStream.updateScore(withWinner: winner)
        router?.routeToOffGame()
    }

    // MARK: ScreenListener: back from a child

    func screenDidRequestDismiss() {
        // Back from a game abandons it. Back from OffGame, LoggedIn's first screen,
        // goes on up: whoever attached the app takes the user out of it.
        if router?.isShowingGame == true {
            router?.routeToOffGame()
        } else {
            listener?.screenDidRequestDismiss()
        }
    }

    // MARK: LoggedInActionableItem

    func launchGame(with id: String) -> Observable<(LoggedInActionableItem, Void)> {
        whenActive { [weak self] () -> LoggedInActionableItem? in
            self?.router?.routeToTicTacToe()
            return self
        }
        .compactMap { item in item.map { ($0, ()) } }
    }
}
