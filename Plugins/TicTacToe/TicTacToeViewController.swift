import TicTacToeContracts
import TrellisSDK

final class TicTacToeViewController: ViewController {
    /// Draws the board: an empty cell is a button named by its position, 1 to 9.
    func show(board: Board, message: String, isOver: Bool) {
        let cells: [ViewNode] = board.cells.enumerated().map { index, player in
            switch player {
            case .player1?: .text("  X  ")
            case .player2?: .text("  O  ")
            case nil: isOver ? .text("  ·  ") : .button("\(index + 1)")
            }
        }
        var rows: [ViewNode] = [.text(message), .grid(columns: 3, cells: cells)]
        if isOver { rows.append(.button("Close")) }
        content = .vstack(rows)
    }
}
