import Testing
import TicTacToeContracts
import TrellisSDK
import TrellisTesting

@testable import LoggedIn

/// RIBs' router test pattern, ported: LoggedIn's router under test with mock
/// child builders in its typed `offGame` and `ticTacToe` slots.
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

    private final class TicTacToeBuilderMock: TicTacToeBuildable {
        private(set) var listeners: [TicTacToeListener] = []

        func build(withListener listener: TicTacToeListener) -> ViewableRouting {
            listeners.append(listener)
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("tic tac toe")))
        }
    }

    private final class Root: LoggedInListener {
        func didLogout() {}
        func screenDidRequestDismiss() {}
    }

    private func loggedIn(offGame: OffGameBuilderMock, ticTacToe: TicTacToeBuilderMock = TicTacToeBuilderMock()) throws
        -> ScreenTester
    {
        let slots = FakeSlots()
        slots.builders["offGame"] = offGame
        slots.builders["ticTacToe"] = ticTacToe
        let scope = DependencyScope()
        scope.provide(PlayerNames(player1: "Ann", player2: "Bob"), for: TicTacToeDependency.playerNames)
        return try ScreenTester(
            LoggedInBuilder(dependency: EmptyComponent()), route: "loggedIn", listener: Root(),
            dependencies: scope, hostView: ViewController(), slots: slots)
    }

    @Test func itAttachesOffGameFromItsBuilderWhenItLoads() throws {
        let offGame = OffGameBuilderMock()
        let screen = try loggedIn(offGame: offGame)

        #expect(offGame.listeners.count == 1)
        #expect(offGame.listeners.first === screen.router.interactable, "LoggedIn's interactor listens to OffGame")
        #expect(screen.lines == ["off game"])
        #expect(screen.router.children.count == 1)
    }

    @Test func startingAGameSwapsOffGameForTicTacToeAndItsEndSwapsBack() throws {
        let offGame = OffGameBuilderMock()
        let ticTacToe = TicTacToeBuilderMock()
        let screen = try loggedIn(offGame: offGame, ticTacToe: ticTacToe)

        try #require(offGame.listeners.first).startGame()

        #expect(ticTacToe.listeners.count == 1 && ticTacToe.listeners.first === screen.router.interactable)
        #expect(screen.lines == ["tic tac toe"])
        #expect(screen.router.children.count == 1)

        try #require(ticTacToe.listeners.first).gameDidEnd(withWinner: .player2)

        #expect(offGame.listeners.count == 2, "OffGame is built again")
        #expect(screen.lines == ["off game"])
        #expect(screen.router.children.count == 1)
    }

    /// The RIBs router test as written for iOS: the router alone, built with a
    /// mock interactor and mock child builders, driven by its routing methods.
    private final class LoggedInInteractableMock: Interactor, LoggedInInteractable {
        weak var router: LoggedInRouting?
        weak var listener: LoggedInListener?
        func startGame() {}
        func logout() {}
        func gameDidEnd(withWinner winner: PlayerType?) {}
        func screenDidRequestDismiss() {}
    }

    @Test func theRouterAloneRoutesWithAMockInteractorAndMockBuilders() {
        let interactor = LoggedInInteractableMock()
        let offGame = OffGameBuilderMock()
        let ticTacToe = TicTacToeBuilderMock()
        let view = ViewController()
        let router = LoggedInRouter(
            interactor: interactor, viewController: view,
            offGameBuilder: offGame, ticTacToeBuilder: ticTacToe)
        #expect(interactor.router === router, "the router sets itself on its interactor")

        interactor.activate()
        router.load()
        router.routeToTicTacToe()

        #expect(offGame.listeners.count == 1 && offGame.listeners.first === interactor)
        #expect(ticTacToe.listeners.count == 1 && ticTacToe.listeners.first === interactor)
        #expect(router.children.count == 1 && router.isShowingGame)
        #expect(view.embeddedViewController?.content == .text("tic tac toe"))

        router.cleanupViews()
        #expect(view.embeddedViewController == nil)
    }
}
