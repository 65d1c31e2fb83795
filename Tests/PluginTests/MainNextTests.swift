import Testing
import TrellisSDK
import TrellisTesting

@testable import MainScreen
@testable import NextScreen

/// Seed 000's Main and Next, each built from its builder with the testing kit:
/// Main with a fake `next` slot, as RIBs' router tests use a mock child builder.
@MainActor
struct MainNextTests {
    @Test func mainPresentsItsNextSlotWithTheTimeAndItselfAsListener() async throws {
        let main = try ScreenTester(
            MainBuilder(dependency: EmptyComponent()), route: "main", parameters: ["title": "Hello"])
        #expect(main.lines == ["[ Hello ]"])

        try main.tap("Hello")

        let build = try #require(main.slots.builds.first)
        #expect(main.slots.builds.count == 1 && build.slot == "next")
        #expect(build.parameters["title"]?.stringValue?.hasPrefix("Now is ") == true)
        #expect(build.parameters["clock"] == .bool(true))
        #expect(build.listener === main.router.interactable, "Main's interactor listens to Next")
        try await main.expect("next slot")
        #expect(main.tree == "MainRouter\n  slot next")
    }

    @Test func nextClosingDetachesItFromMain() async throws {
        let main = try ScreenTester(MainBuilder(dependency: EmptyComponent()), route: "main")
        try main.tap("Click Button!")
        try await main.expect("next slot")

        try main.tap("Close")

        try await main.expectNot("next slot")
        #expect(main.router.children.isEmpty)
        #expect(main.tree == "MainRouter")
    }

    @Test func backFromNextClosesItToo() async throws {
        let main = try ScreenTester(MainBuilder(dependency: EmptyComponent()), route: "main")
        try main.tap("Click Button!")
        try main.back()
        try await main.expectNot("next slot")
        #expect(main.router.children.isEmpty)
    }

    @Test func aTitleThatIsNotTextIsRefusedWithTheFix() {
        #expect(throws: MainBuildError.titleIsNotText) {
            try ScreenTester(MainBuilder(dependency: EmptyComponent()), parameters: ["title": .number(3)])
        }
    }

    @Test func nextShowsTheTitleItIsGivenAndCloseAsksItsParent() throws {
        let next = try ScreenTester(
            NextBuilder(dependency: EmptyComponent()), route: "next", parameters: ["title": "Now is noon"])
        #expect(next.lines == ["Now is noon", "[ Close ]"])

        try next.tap("Close")

        #expect(next.listener.dismissRequests == [nil])
    }

    @Test func bothAreDeallocatedAfterTheyAreDetached() async throws {
        let main = try ScreenTester(MainBuilder(dependency: EmptyComponent()), route: "main")
        try main.tap("Click Button!")
        try await main.expectDeallocatedAfterDetach()

        let next = try ScreenTester(
            NextBuilder(dependency: EmptyComponent()), route: "next", parameters: ["clock": .bool(true)])
        try await next.expectDeallocatedAfterDetach()
    }

    @Test func mainSwappedWhileNextIsOpenOpensItAgain() throws {
        let main = try ScreenTester(MainBuilder(dependency: EmptyComponent()), route: "main", preservedState: true)
        #expect(main.slots.builds.map(\.slot) == ["next"])
    }
}
