import Foundation

extension TemporaryFolder {
    /// Writes the tutorial app's routes (as `Examples/tictactoe.json` has them)
    /// with the build's products folder as the search path.
    @discardableResult
    public func writeTutorialConfig() throws -> URL {
        try writeConfig(
            routes: """
                { "root": { "plugin": "TutorialRoot", "children": { "loggedOut": "loggedOut", "loggedIn": "loggedIn" } },
                  "loggedOut": { "plugin": "LoggedOut" },
                  "loggedIn": { "plugin": "LoggedIn", "children": { "offGame": "offGame", "ticTacToe": "ticTacToe" } },
                  "offGame": { "plugin": "OffGame" },
                  "ticTacToe": { "plugin": "TicTacToe" } }
                """, root: "root")
    }
}
