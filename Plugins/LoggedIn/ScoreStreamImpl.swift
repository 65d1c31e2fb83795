import TicTacToeContracts
import TrellisSDK

final class ScoreStreamImpl: MutableScoreStream {
    private let relay = BehaviorRelay(value: Score())

    var score: Observable<Score> {
        relay.asObservable().distinctUntilChanged()
    }

    func updateScore(withWinner winner: PlayerType?) {
        var score = relay.value
        switch winner {
        case .player1?: score.player1Score += 1
        case .player2?: score.player2Score += 1
        case nil: break
        }
        relay.accept(score)
    }
}
