import Testing
import TicTacToeContracts
import TrellisSDK
import TrellisTesting
@testable import LoggedIn

/// RIBs' router test pattern, ported: LoggedIn's router under test with a mock
/// child builder in its typed `offGame` slot, and the fake `ticTacToe` slot.
@MainActor
struct LoggedInRouterTests {
    /// What RIBs' tests call a mock builder: it records its calls and builds a
    /// plain screen.
    private final class OffGameBuilderMock: OffGameBuildable {
        private(set) var listeners: [OffGameListener] = []

        func build(withListener listener: OffGameListener) -> ViewableRouting {
            listeners.append(listener)
            return ViewableRouter(interactor: Interactor(), viewController: ViewController(content: .text("off game")))
        }
    }

    private final class Root: LoggedInListener {
        func didLogout() {}
        func screenDidRequestDismiss() {}
    }

    private func loggedIn(offGame: OffGameBuilderMock) throws -> ScreenTester {
        let slots = FakeSlots()
        slots.builders["offGame"] = offGame
        let scope = DependencyScope()
        scope.provide(PlayerNames(player1: "Ann", player2: "Bob"), for: TicTacToeDependency.playerNames)
        return try ScreenTester(LoggedInBuilder(dependency: EmptyComponent()), route: "loggedIn", listener: Root(),
                                dependencies: scope, hostView: ViewController(), slots: slots)
    }

    @Test func itAttachesOffGameFromItsBuilderWhenItLoads() throws {
        let offGame = OffGameBuilderMock()
        let screen = try loggedIn(offGame: offGame)

        #expect(offGame.listeners.count == 1)
        #expect(offGame.listeners.first === screen.router.interactable, "LoggedIn's interactor listens to OffGame")
        #expect(screen.text == "off game")
        #expect(screen.router.children.count == 1)
    }

    @Test func startingAGameSwapsOffGameForTheTicTacToeSlot() throws {
        let offGame = OffGameBuilderMock()
        let screen = try loggedIn(offGame: offGame)
        let listener = try #require(offGame.listeners.first)

        listener.startGame()

        #expect(screen.slots.builds.map(\.slot) == ["ticTacToe"])
        #expect(screen.text.hasPrefix("ticTacToe slot"))
        #expect(screen.tree == "LoggedInRouter\n  slot ticTacToe")
    }
}
