import TicTacToeContracts
import TrellisSDK

final class TicTacToeInteractor: PresentableInteractor<TicTacToeViewController>, StatePreserving {
    weak var listener: TicTacToeListener?

    private let names: PlayerNames
    private var board = Board()
    private var currentPlayer = PlayerType.player1
    private var isOver = false

    /// A game mid-way, as a live swap of the plugin keeps it.
    struct Game: Codable {
        /// Each cell's player (1 or 2), 0 for an empty one, row by row.
        var cells: [Int]
        var currentPlayer: Int
    }

    /// - Parameter game: The game to go on with, after a live swap.
    init(names: PlayerNames, presenter: TicTacToeViewController, game: Game? = nil) {
        self.names = names
        super.init(presenter: presenter)
        if let game { resume(game) }
    }

    var preservedState: Game {
        Game(cells: board.cells.map { $0?.rawValue ?? 0 }, currentPlayer: currentPlayer.rawValue)
    }

    /// Plays `game`'s moves again on an empty board; what a newer build cannot
    /// read is left out.
    private func resume(_ game: Game) {
        for (cell, player) in game.cells.enumerated() {
            if let player = PlayerType(rawValue: player) { _ = board.play(cell, by: player) }
        }
        currentPlayer = PlayerType(rawValue: game.currentPlayer) ?? .player1
        isOver = board.winner != nil || board.isFull
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.show(board: board, message: statusMessage, isOver: isOver)
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
        isOver = board.winner != nil || board.isFull
        if !isOver { currentPlayer = currentPlayer == .player1 ? .player2 : .player1 }
        presenter.show(board: board, message: statusMessage, isOver: isOver)
    }

    private var statusMessage: String {
        if let winner = board.winner { return "\(names.name(of: winner)) won" }
        if board.isFull { return "Draw" }
        return "\(names.name(of: currentPlayer))'s turn (\(mark(currentPlayer)))"
    }

    private func mark(_ player: PlayerType) -> String {
        player == .player1 ? "X" : "O"
    }
}
