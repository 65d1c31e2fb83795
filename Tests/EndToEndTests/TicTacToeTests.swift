import Foundation
import Testing
import TrellisTestSupport

/// The RIBs tutorial app, played headless through the real binary.
struct TicTacToeTests {
    private let login = """
        focus Player 1 name
        type Alice
        focus Player 2 name
        type Bob
        tap Login
        """

    private func play(_ script: String, extra: [String] = []) throws -> ProcessResult {
        try TrellisProcess.run(["run", "Examples/tictactoe.json", "--headless"] + extra, input: script)
    }

    private func game(_ moves: [Int]) -> String {
        (["tap Start Game"] + moves.map { "tap \($0)" }).joined(separator: "\n")
    }

    @Test func theExampleConfigValidates() throws {
        let result = try TrellisProcess.run(["validate", "Examples/tictactoe.json"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func winsForEitherPlayerAndADrawUpdateTheScore() throws {
        let result = try play(
            """
            \(login)
            expect Alice (0) vs Bob (0)
            \(game([1, 4, 2, 5, 3]))
            expect Alice won
            tap Close
            expect Alice (1) vs Bob (0)
            \(game([1, 4, 2, 5, 9, 6]))
            expect Bob won
            tap Close
            expect Alice (1) vs Bob (1)
            \(game([1, 2, 3, 5, 4, 6, 8, 7, 9]))
            expect Draw
            tap Close
            expect Alice (1) vs Bob (1)
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func emptyNamesFallBackAndPlayerOnePlaysX() throws {
        let result = try play(
            """
            tap Login
            expect Player 1 (0) vs Player 2 (0)
            tap Start Game
            expect Player 1's turn (X)
            tap 5
            expect Player 2's turn (O)
            expect-not [ 5 ]
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func logoutDetachesLoggedInAndANewLoginStartsAFreshScore() throws {
        let result = try play(
            """
            \(login)
            \(game([1, 4, 2, 5, 3]))
            tap Close
            expect Alice (1) vs Bob (0)
            tap Logout
            expect Player 1 name
            tree
            focus Player 1 name
            type Carol
            tap Login
            expect Carol (0) vs Player 2 (0)
            tree
            """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                root (TutorialRoot)
                  loggedOut (LoggedOut)
                root (TutorialRoot)
                  loggedIn (LoggedIn)
                    offGame (OffGame)

                """)
    }

    @Test func escAbandonsAGameAndReturnsToOffGame() throws {
        let result = try play(
            """
            \(login)
            tap Start Game
            tap 5
            key esc
            expect Alice (0) vs Bob (0)
            tree
            """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("    offGame (OffGame)\n"))
    }

    @Test func escOnOffGameLogsOutAndEscOnTheLoginLeavesTheTutorialForTheLauncher() throws {
        let result = try TrellisProcess.run(
            ["run", "--headless"],
            input: """
                tap RIBs tutorial
                \(login)
                expect Alice (0) vs Bob (0)
                key esc
                expect Welcome! Who is playing?
                key esc
                expect Trellis pattern gallery
                wait 1.2
                tree
                """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == "launcher (Launcher)\n",
            "the whole logged-in subtree is detached and gone (leaks are fatal here)")
    }

    @Test func theLaunchGameLinkWaitsForLoginThenStartsTheGame() throws {
        let result = try play(
            """
            expect Player 1 name
            expect-not Player 1's turn
            \(login)
            expect Alice's turn (X)
            tree
            """, extra: ["--open", "trellis://launchGame?gameId=ticTacToe"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("    ticTacToe (TicTacToe)\n"))
    }

    @Test func theOpenCommandStartsTheWorkflowToo() throws {
        let result = try play(
            """
            open trellis://launchGame?gameId=ticTacToe
            tap Login
            expect Player 1's turn (X)
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func anUnknownLinkOrGameIsAClearMessage() throws {
        let game = try play("", extra: ["--open", "trellis://launchGame?gameId=chess"])
        let link = try play("open trellis://settings\n")

        #expect(game.status == 2)
        #expect(game.stderr.contains("there is no game \"chess\"; games: ticTacToe"))
        #expect(link.status == 1)
        #expect(link.stderr.contains("cannot open trellis://settings: trellis://settings is not a link this app knows"))
    }

    @Test func aPluginWhoseDependencyIsNotProvidedIsReportedByValidate() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "offGame" } }, "offGame": { "plugin": "OffGame" } }
                """)

        let result = try TrellisProcess.run(["validate", config.path])

        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "route \"offGame\": plugin OffGame requires dependency \"playerNames\", which no route above it provides."
            ))
    }
}

/// Run on its own, the tutorial offers back only where back does something.
struct StandaloneTutorialBackTests {
    /// Logs in, prints the game menu, goes back from it, and is at the login again.
    private static let loginAndBack = """
        tap Login
        expect Start Game
        print
        key esc
        expect Welcome! Who is playing?
        """

    /// The screens a headless run of `arguments` printed, once it succeeded.
    private func printedScreens(_ arguments: [String], script: String) throws -> [String] {
        let result = try TrellisProcess.run(["run", "--headless"] + arguments, input: script)
        #expect(result.status == 0, "\(result.stderr)")
        let screens = result.stdout.components(separatedBy: "Ctrl-C quit")
        try #require(screens.count >= 2, "\(result.stdout)")
        return screens
    }

    @Test func theLoginOffersNoBackAndBackFromTheGameMenuLogsOut() throws {
        let screens = try printedScreens(
            ["Examples/tictactoe.json", "--size", "100x20"],
            script: """
                print
                \(Self.loginAndBack)
                """)

        #expect(!screens[0].contains("Esc back"), "the first screen has nothing to go back to: \(screens[0])")
        #expect(screens[1].contains("Esc log out"), "the game menu goes back, to the login: \(screens[1])")
    }

    /// Esc used to mean two things: alone, it logged out of the game menu; under
    /// the launcher, it closed the demo. It has RIBs' meaning in both (the parent
    /// detaches the child left: LoggedIn, a log out), and the status line says
    /// what it will do.
    @Test func underTheLauncherEscLogsOutToo() throws {
        let screens = try printedScreens(
            ["--size", "200x20"],
            script: """
                tap RIBs tutorial: TicTacToe
                expect Welcome! Who is playing?
                print
                \(Self.loginAndBack)
                key esc
                expect Trellis pattern gallery
                """)

        #expect(screens[0].contains("Esc close the tutorial"), "\(screens[0])")
        #expect(screens[1].contains("Esc log out"), "\(screens[1])")
    }
}
