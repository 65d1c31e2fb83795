import Foundation
import Testing
import TrellisTestSupport

/// The default config's launcher and every demo behind it, walked headless.
struct GalleryTests {
    private func walk(_ script: String, config: String = "config.json") throws -> ProcessResult {
        try TrellisProcess.run(["run", config, "--headless"], input: script)
    }

    @Test func theLauncherListsEveryDemo() throws {
        let result = try walk("print\n")

        #expect(result.status == 0, "\(result.stderr)")
        for title in [
            "RIBs: Main → Next", "RIBs tutorial: TicTacToe", "VIPER: Candy Store",
            "Coordinator: Airports", "Clean Swift: Repositories", "Widgets: switches, progress, dividers",
            "Notes: a list, an editor, files",
        ] {
            #expect(result.stdout.contains(title), "\(title) is missing")
        }
    }

    /// `tap About` used to step the tab bar to the next tab (Note), as tapping
    /// the bar does: a tab's own name now chooses that tab.
    @Test func tappingATabByItsNameChoosesThatTab() throws {
        let result = try walk(
            "tap Widgets\nexpect Bluetooth\ntap About\nexpect [About]\ntap Layout\nexpect [Layout]\nprint\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Controls   Note  [Layout]  About"), "\(result.stdout)")
    }

    @Test func everyDemoAttachesItsRouteAndBackDetachesIt() throws {
        let result = try walk(
            """
            tap RIBs: Main → Next
            expect Click Button!
            tree
            key esc
            tap RIBs tutorial
            expect Player 1 name
            key esc
            tap VIPER
            expect Sweet Candy Store
            key esc
            tap Coordinator
            expect Airports by city
            key esc
            tap Clean Swift
            expect Repositories (fetched 1×)
            key esc
            expect Trellis pattern gallery
            tree
            """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "launcher (Launcher)\n  main (MainScreen)\nlauncher (Launcher)\n")
    }

    @Test func viperPushesTheCandiesAndBackPopsThem() throws {
        let result = try walk(
            """
            tap VIPER
            expect (candy_store)
            tap Sweet Candy Store
            expect Chocolate Bar  ₩1200
            expect Peppermint Drops  ₩800
            key esc
            expect Sweet Candy Store
            expect-not Chocolate Bar
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func typingACityFiltersAndSelectingItPushesItsAirports() throws {
        let result = try walk(
            """
            focus Search a city
            type Seoul
            expect 1 city
            tap Seoul (KR)
            expect Airports of Seoul (KR)
            print
            key esc
            focus Search a city
            key backspace
            key backspace
            key backspace
            key backspace
            key backspace
            type London
            tap London (GB)
            print
            """, config: "Examples/airports.json")

        #expect(result.status == 0, "\(result.stderr)")
        let screens = result.stdout.components(separatedBy: "Airports of ")
        try #require(screens.count == 3)
        for code in ["ICN  Incheon International Airport", "GMP  Gimpo International Airport"] {
            #expect(screens[1].contains(code))
        }
        for code in ["LHR  London Heathrow", "LGW  London Gatwick", "LCY  London City", "STN  London Stansted"] {
            #expect(screens[2].contains(code), "\(code) is missing")
        }
    }

    @Test func aPinMadeInTheShowSceneShowsInTheListWithoutAFetch() throws {
        let result = try walk(
            """
            expect ☆ ReactiveX/RxSwift
            tap ReactiveX/RxSwift
            expect [  Pin  ]
            tap Pin
            expect ★ ReactiveX/RxSwift
            expect [ Unpin ]
            key esc
            expect ★ ReactiveX/RxSwift: Reactive Programming in Swift
            expect Repositories (fetched 1×)
            tap ReactiveX/RxSwift
            tap Unpin
            key esc
            expect ☆ ReactiveX/RxSwift
            expect Repositories (fetched 1×)
            """, config: "Examples/repositories.json")

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: ["main-next", "tictactoe", "candy-store", "airports", "repositories", "widgets", "notes"])
    func eachDemoRunsAloneFromItsExample(name: String) throws {
        let validate = try TrellisProcess.run(["validate", "Examples/\(name).json"])
        let run = try walk("print\n", config: "Examples/\(name).json")

        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
    }
}
