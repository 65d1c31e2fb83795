import TicTacToeContracts
import TrellisSDK

final class TicTacToeInteractor: PresentableInteractor<TicTacToeViewController> {
    weak var listener: TicTacToeListener?

    private let names: PlayerNames
    private var board = Board()
    private var currentPlayer = PlayerType.player1
    private var isOver = false

    init(names: PlayerNames, presenter: TicTacToeViewController) {
        self.names = names
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.show(board: board, message: "\(names.name(of: currentPlayer))'s turn (\(mark(currentPlayer)))", isOver: false)
        presenter.actions
            .bind { [weak self] action in
                guard case let .tap(id) = action else { return }
                self?.handleTap(id)
            }
            .disposeOnDeactivate(interactor: self)
    }

    private func handleTap(_ id: String) {
        if id == "Close" {
            listener?.gameDidEnd(withWinner: board.winner)
            return
        }
        guard !isOver, let cell = Int(id).map({ $0 - 1 }), board.play(cell, by: currentPlayer) else { return }
        if let winner = board.winner {
            isOver = true
            presenter.show(board: board, message: "\(names.name(of: winner)) won", isOver: true)
        } else if board.isFull {
            isOver = true
            presenter.show(board: board, message: "Draw", isOver: true)
        } else {
            currentPlayer = currentPlayer == .player1 ? .player2 : .player1
            presenter.show(board: board, message: "\(names.name(of: currentPlayer))'s turn (\(mark(currentPlayer)))", isOver: false)
        }
    }

    private func mark(_ player: PlayerType) -> String {
        player == .player1 ? "X" : "O"
    }
}
