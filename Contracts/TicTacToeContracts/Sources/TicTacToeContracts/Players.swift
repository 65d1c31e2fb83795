import TrellisSDK

/// The two players' names, as LoggedOut's login gives them.
public struct PlayerNames: Equatable, Sendable, Codable {
    public var player1: String
    public var player2: String

    /// Creates names; an empty name falls back to `Player 1` or `Player 2`, as in
    /// the RIBs tutorial.
    public init(player1: String, player2: String) {
        self.player1 = player1.isEmpty ? "Player 1" : player1
        self.player2 = player2.isEmpty ? "Player 2" : player2
    }

    /// The name of `player`.
    public func name(of player: PlayerType) -> String {
        player == .player1 ? player1 : player2
    }
}

/// Which player.
///
/// Frozen: the game has two players, and plugins switch over them without a default.
@frozen
public enum PlayerType: Int, Sendable {
    case player1 = 1
    case player2 = 2
}

/// Games won by each player since login.
public struct Score: Equatable, Sendable {
    public var player1Score: Int
    public var player2Score: Int

    /// Creates a score.
    public init(player1Score: Int = 0, player2Score: Int = 0) {
        self.player1Score = player1Score
        self.player2Score = player2Score
    }
}

/// The score, now and at every change (the tutorial's `ScoreStream`).
@MainActor
public protocol ScoreStream: AnyObject {
    var score: Observable<Score> { get }
}

/// The score stream that LoggedIn owns and writes when a game ends.
@MainActor
public protocol MutableScoreStream: ScoreStream {
    /// Counts a win for `winner`; `nil` is a draw and counts nothing.
    func updateScore(withWinner winner: PlayerType?)
}

/// The keys the tutorial's screens provide and require.
public enum TicTacToeDependency {
    /// Provided by Root at login; required by LoggedIn, OffGame and TicTacToe.
    public static let playerNames = DependencyKey<PlayerNames>("playerNames")
    /// Provided by LoggedIn; required by OffGame.
    public static let scoreStream = DependencyKey<ScoreStream>("scoreStream")
}
