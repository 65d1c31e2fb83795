import Foundation
import TicTacToeContracts
import TrellisSDK

/// `trellis://launchGame?gameId=ticTacToe`: waits for login, then launches the game
/// (RIBs tutorial 4).
final class LaunchGameWorkflow: Workflow<RootActionableItem> {
    /// Reads the link and lays out the steps.
    ///
    /// - Throws: ``ContractError`` for a link other than launchGame, or an unknown game.
    init(url: String) throws {
        guard let components = URLComponents(string: url), components.scheme == "trellis",
            components.host == "launchGame"
        else { throw ContractError.unknownLink(url) }
        let gameID = components.queryItems?.first { $0.name == "gameId" }?.value ?? ""
        guard Games.known.contains(gameID) else { throw ContractError.unknownGame(gameID, known: Games.known) }
        super.init()
        onStep { root in root.waitForLogin() }
            .onStep { loggedIn, _ in loggedIn.launchGame(with: gameID) }
            .commit()
    }
}
