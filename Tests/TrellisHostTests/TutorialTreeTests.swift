import Foundation
import Testing
import TrellisHost
import TrellisSDK
import TrellisTestSupport

/// The tutorial's plugins loaded into this process.
@MainActor
struct TutorialTreeTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func logoutDeallocatesEveryRouterOfTheLoggedInSubtree() throws {
        let session = try launchSession(configAt: try folder.writeTutorialConfig())
        _ = try session.update(.command(.tap("Login"))).get()
        _ = try session.update(.command(.tap("Start Game"))).get()
        let root = try #require(session.tree.rootRouter)
        weak let loggedIn = root.children.first
        weak let game = loggedIn?.children.first
        weak let gameView = (game as? ViewableRouting)?.viewControllable.viewController
        weak let loggedInInteractor = loggedIn?.interactable
        #expect(session.treeText().hasSuffix("ticTacToe (TicTacToe)"))
        _ = try session.update(.command(.key(.escape))).get()
        weak let offGame = loggedIn?.children.first
        #expect(game == nil && gameView == nil, "the abandoned game outlived its detach")

        _ = try session.update(.command(.tap("Logout"))).get()

        #expect(loggedIn == nil)
        #expect(loggedInInteractor == nil)
        #expect(offGame == nil)
        #expect(session.treeText() == "root (TutorialRoot)\n  loggedOut (LoggedOut)")
    }

    @Test func aMissingDependencyAtAttachIsShownInPlaceOfTheChild() throws {
        let session = try launchSession(
            configAt: try folder.writeConfig(
                routes: """
                    { "main": { "plugin": "MainScreen", "children": { "next": "offGame" } }, "offGame": { "plugin": "OffGame" } }
                    """))

        _ = try session.update(.command(.tap("Click Button"))).get()

        let screen = session.frame.text
        #expect(screen.contains("This screen could not be shown"))
        #expect(screen.contains("requires dependency \"playerNames\""), "\(screen)")
        _ = try session.update(.command(.tap("Close"))).get()
        #expect(session.tree.rootRouter?.children.isEmpty == true)
    }
}

/// The tutorial's root is a LaunchRouter: the host launches it in its window.
@MainActor
struct LaunchedRootTests {
    @Test func aLaunchRouterRootIsLaunchedInTheHostsWindow() throws {
        let config = try RouteConfig.load(from: Products.repository.appendingPathComponent("Examples/tictactoe.json"))
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        try tree.launch()

        #expect(tree.window.rootViewController === tree.root?.viewControllable)
        #expect(tree.root?.interactable.isActive == true)
    }
}
