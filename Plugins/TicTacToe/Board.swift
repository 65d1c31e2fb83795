import TicTacToeContracts

/// A 3x3 board: who played each cell, row by row.
struct Board: Equatable {
    private(set) var cells: [PlayerType?] = Array(repeating: nil, count: 9)

    private static let lines = [
        [0, 1, 2], [3, 4, 5], [6, 7, 8],
        [0, 3, 6], [1, 4, 7], [2, 5, 8],
        [0, 4, 8], [2, 4, 6],
    ]

    /// Plays `cell` for `player`; `false` if the cell was taken.
    mutating func play(_ cell: Int, by player: PlayerType) -> Bool {
        guard cells.indices.contains(cell), cells[cell] == nil else { return false }
        cells[cell] = player
        return true
    }

    /// The player with three in a line, if any.
    var winner: PlayerType? {
        for line in Self.lines {
            if let player = cells[line[0]], cells[line[1]] == player, cells[line[2]] == player { return player }
        }
        return nil
    }

    var isFull: Bool { !cells.contains(nil) }
}
