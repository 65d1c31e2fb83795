import Testing
import TicTacToeContracts
import TrellisSDK
import TrellisTesting

@testable import TicTacToe

/// The tutorial's TicTacToe, built from its builder with the players its parent
/// provides, and played through the testing kit.
@MainActor
struct TicTacToeTests {
    private final class Parent: TicTacToeListener {
        var winners: [PlayerType?] = []
        func gameDidEnd(withWinner winner: PlayerType?) { winners.append(winner) }
        func screenDidRequestDismiss() {}
    }

    private func game(listener: Parent, state: TicTacToeInteractor.Game? = nil) throws -> ScreenTester {
        let players = DependencyScope()
        players.provide(PlayerNames(player1: "Ann", player2: "Bob"), for: TicTacToeDependency.playerNames)
        return try ScreenTester(
            TicTacToeBuilder(dependency: EmptyComponent()), route: "ticTacToe", listener: listener,
            dependencies: players, preservedState: state)
    }

    @Test func threeInARowWinsAndCloseTellsTheParentWho() throws {
        let parent = Parent()
        let game = try game(listener: parent)
        #expect(game.lines.first == "Ann's turn (X)")

        for cell in ["1", "4", "2", "5", "3"] { try game.tap(cell) }

        #expect(game.lines.first == "Ann won")
        try game.tap("Close")
        #expect(parent.winners == [.player1])
    }

    @Test func aTakenCellIsNoLongerOffered() throws {
        let game = try game(listener: Parent())
        try game.tap("5")
        #expect(throws: ScreenTestFailure.self) { try game.tap("5") }
        #expect(game.lines.first == "Bob's turn (O)")
    }

    @Test func aGameMidWayComesBackFromItsPreservedState() throws {
        let first = try game(listener: Parent())
        for cell in ["1", "5"] { try first.tap(cell) }
        let saved = try #require((first.router.interactable as? TicTacToeInteractor)?.preservedState)

        let swapped = try game(listener: Parent(), state: saved)

        #expect(swapped.text == first.text, "the same board and turn")
    }

    @Test func withoutPlayersItCannotBeBuilt() {
        #expect(throws: DependencyError.self) {
            try ScreenTester(TicTacToeBuilder(dependency: EmptyComponent()), listener: Parent())
        }
    }
}
