import TicTacToeContracts
import TrellisSDK

final class OffGameViewController: ViewController {
    func show(names: PlayerNames, score: Score) {
        content = .vstack([
            .text("\(names.player1) (\(score.player1Score)) vs \(names.player2) (\(score.player2Score))"),
            .hstack([.button("Start Game"), .button("Logout")]),
        ])
    }
}
