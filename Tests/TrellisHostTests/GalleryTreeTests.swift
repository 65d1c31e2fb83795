import Foundation
import Testing
import TrellisHost
import TrellisSDK
import TrellisTestSupport

@testable import TrellisCore

/// The launcher loaded into this process: a demo that goes back is detached and
/// deallocated, router, interactor and views.
@MainActor
struct GalleryTreeTests {
    @Test(arguments: [
        ("RIBs: Main → Next", ["tap Click Button"], 2),
        ("RIBs tutorial: TicTacToe", ["tap Login", "tap Start Game", "tap 5", "key esc", "tap Logout"], 1),
        ("VIPER: Candy Store", ["tap Sweet Candy Store"], 2),
        ("Coordinator: Airports", ["focus Search a city", "type Seoul", "tap Seoul (KR)"], 2),
        // Back while the list is still loading: the pending fetch must not keep the RIB.
        // (The pin round trip is played end to end, with leaks fatal, in GalleryTests.)
        ("Clean Swift: Repositories", [], 1),
        ("Widgets: switches, progress, dividers", ["tap Bluetooth", "tap More", "tap Sync"], 1),
    ])
    func aDemoIsDeallocatedAfterBackFromItsFirstScreen(demo: String, steps: [String], escapes: Int) async throws {
        // "@host" is the test runner's folder, the debug products.
        let session = try launchSession(configAt: Products.repository.appendingPathComponent("config.json"))
        try await session.step(.tap(demo))
        let root = try #require(session.tree.rootRouter)
        weak let demoRouter = root.children.first
        weak let demoView = (demoRouter as? ViewableRouting)?.viewControllable.viewController
        weak let demoInteractor = demoRouter?.interactable
        #expect(demoRouter != nil)

        for (index, step) in steps.enumerated() {
            try await session.step(try #require(try ScriptCommand.parse(step, line: index + 1)))
        }
        for _ in 0..<escapes { try await session.step(.key(.escape)) }

        #expect(root.children.isEmpty)
        #expect(demoRouter == nil, "\(demo)'s router outlived its detach")
        #expect(demoInteractor == nil, "\(demo)'s interactor outlived its detach")
        #expect(demoView == nil, "\(demo)'s view outlived its detach")
        #expect(session.frame.text.contains("Trellis pattern gallery"))
    }
}

/// Going back puts the focus on the control the user left from.
@MainActor
struct FocusRestoreTests {
    @Test func backToTheLauncherFocusesTheDemoThatWasOpen() async throws {
        let session = try launchSession(configAt: Products.repository.appendingPathComponent("config.json"))
        try await session.step(.focus("VIPER: Candy Store"))
        session.update(.key(.enter))
        try await session.step(.expect("launcher › candyStore"))
        session.update(.key(.escape))
        try await session.step(.expectNot("candyStore"))

        // Enter opens what has the focus: the Candy Store again, not the first demo.
        session.update(.key(.enter))
        try await session.step(.expect("launcher › candyStore"))
    }
}

/// Focus kept through a window too small to draw in, and a row chosen with the
/// mouse remembered for coming back (issue 29, bug 3).
@MainActor
struct FocusKeptTests {
    @Test func aRowClickedIsTheOneFocusedOnComingBack() async throws {
        let session = try launchSession(configAt: Products.repository.appendingPathComponent("config.json"))
        let viper = try #require(session.frame.controls.first { $0.label == "VIPER: Candy Store" })

        session.update(.key(.click(column: viper.x, row: viper.y)))
        try await session.step(.expect("launcher › candyStore"))
        session.update(.key(.escape))
        try await session.step(.expectNot("candyStore"))
        session.update(.key(.enter))

        try await session.step(.expect("launcher › candyStore"))
    }

    @Test func theFocusOutlastsAWindowTooSmallForTheScreen() async throws {
        let session = try launchSession(configAt: Products.repository.appendingPathComponent("config.json"))
        // The row above Notes, which would write to the user's folder of notes.
        session.update(.key(.end))
        session.update(.key(.up))
        let focused = session.frame.text
        session.update(.resize(Window(width: 10, height: 3)))
        #expect(session.frame.controls.isEmpty, "too small: nothing drawn to focus")
        session.update(.resize(Window(width: 80, height: 24)))
        session.update(.key(.enter))

        try await session.step(.expect("launcher › widgets"))
        #expect(focused.contains("Widgets: switches, progress, dividers"))
    }

    @Test func aFieldsCursorOutlastsAWindowTooSmallForTheScreen() async throws {
        let session = try launchSession(configAt: Products.repository.appendingPathComponent("Examples/airports.json"))
        try await session.step(.focus("Search a city"))
        try await session.step(.type("Seoul"))
        for _ in 0..<3 { session.update(.key(.left)) }
        session.update(.resize(Window(width: 10, height: 3)))
        session.update(.resize(Window(width: 80, height: 24)))
        session.update(.key(.character("X")))

        try await session.step(.expect("[SeXoul"))
    }
}

/// A screen's title and fields stay put while a list below them changes.
@MainActor
struct AnchoredLayoutTests {
    @Test func theAirportSearchFieldDoesNotMoveAsTheResultsNarrow() async throws {
        let session = try launchSession(configAt: Products.repository.appendingPathComponent("Examples/airports.json"))
        try await session.step(.expect("type to narrow"))
        func field() -> [Int]? {
            session.frame.controls.first { $0.label == "Search a city" }.map { [$0.x, $0.y] }
        }
        let before = try #require(field())

        try await session.step(.focus("Search a city"))
        try await session.step(.type("Seo"))
        try await session.step(.expect("Seoul (KR)"))

        #expect(field() == before)
    }
}

/// The status line's path names views pushed without a route of their own by
/// their titles.
@MainActor
struct BreadcrumbTests {
    @Test func aPushedViewIsNamedInThePath() async throws {
        let session = try launchSession(configAt: Products.repository.appendingPathComponent("config.json"))
        try await session.step(.tap("VIPER: Candy Store"))
        try await session.step(.tap("Sweet Candy Store"))

        #expect(session.routePath() == ["launcher", "candyStore", "Candies"])
        session.update(.key(.escape))
        #expect(session.routePath() == ["launcher", "candyStore"])
    }
}
