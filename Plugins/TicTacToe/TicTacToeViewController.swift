import TicTacToeContracts
import TrellisSDK

final class TicTacToeViewController: ViewController {
    /// Draws the board: an empty cell is a button named by its position, 1 to 9.
    /// X and O each in a colour of their own, the winning line highlighted.
    func show(board: Board, message: String, isOver: Bool) {
        let winning = Self.winningLine(of: board.cells)
        let cells: [ViewNode] = board.cells.enumerated().map { index, player in
            let mark: ViewNode =
                switch player {
                case .player1?: .styled(.first, .text("  X  "))
                case .player2?: .styled(.second, .text("  O  "))
                case nil: isOver ? .text("  ·  ") : .button("\(index + 1)")
                }
            return winning.contains(index) ? .styled(.highlight, mark) : mark
        }
        var rows: [ViewNode] = [.text(message), .grid(columns: 3, cells: cells)]
        if isOver { rows.append(.button("Close")) }
        content = .vstack(rows)
    }

    /// The three cells of a line one player holds, if any.
    static func winningLine(of cells: [PlayerType?]) -> Set<Int> {
        let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
        for line in lines where line.allSatisfy({ cells.indices.contains($0) }) {
            if let first = cells[line[0]], line.allSatisfy({ cells[$0] == first }) { return Set(line) }
        }
        return []
    }
}
