import GuideContracts
import Testing
import TrellisSDK
import TrellisTesting

@testable import Counter
@testable import Details

/// Counter and Details, each built from its builder in this process with the
/// SDK's testing kit: fake slots record what Counter builds, and a scope stands
/// in for the routes above Details.
@MainActor
struct CounterTests {
    private let builder = CounterBuilder(dependency: EmptyComponent())

    @Test func addRaisesTheCountOnScreen() throws {
        let screen = try ScreenTester(builder, route: "counter", parameters: ["start": 3])
        try screen.tap("Add")
        #expect(screen.text.contains("Count: 4"))
    }

    @Test func detailsIsPresentedWithTheCountAndCounterAsItsListener() async throws {
        let screen = try ScreenTester(builder, route: "counter", parameters: ["start": 3])
        try screen.tap("Details")

        let build = try #require(screen.slots.builds.first)
        #expect(build.slot == "details" && build.parameters["count"] == .number(3))
        #expect(build.listener === screen.router.interactable)
        try await screen.expect("details slot")

        try screen.back()
        try await screen.expectNot("details slot")
        #expect(screen.router.children.isEmpty)
    }

    /// The SDK's own leak detector, without a host: the Counter RIB's router is
    /// expected to go away once the test lets it go, and a leak fails the test.
    @Test func theCounterRIBGoesAwayWhenLetGo() async throws {
        let detector = FailingLeakDetector()
        var statuses: [LeakDetectionStatus] = []
        let subscription = detector.status.subscribe { statuses.append($0) }
        defer { subscription.dispose() }
        var screen: ScreenTester? = try ScreenTester(builder, route: "counter")
        detector.expectDeallocate(object: try #require(screen?.router), inTime: 0.01)
        screen = nil

        // The check has run once the status says so; a leak recorded an issue.
        while statuses.last != .DidComplete { try await Task.sleep(for: .milliseconds(5)) }
        #expect(statuses == [.DidComplete, .InProgress, .DidComplete])
    }

    @Test func historyIsPushedAndPopped() async throws {
        let screen = try ScreenTester(builder, route: "counter")
        try screen.tap("History")
        try await screen.expect("history slot")
        try screen.tap("Close")
        try await screen.expectNot("history slot")
        #expect(screen.tree == "CounterRouter")
    }

    @Test func detailsResetsTheStoreItShares() async throws {
        let store = CounterStore(count: 7)
        let scope = DependencyScope()
        scope.provide(store, for: GuideDependency.counterStore)
        let details = try ScreenTester(
            DetailsBuilder(dependency: EmptyComponent()), route: "details",
            parameters: ["count": 7], dependencies: scope)
        #expect(details.text.contains("Opened at 7; the count is 7 now"))

        try details.tap("Reset")

        #expect(store.count.value == 0)
        try await details.expect("Open for 1 s", within: .seconds(5))
        try await details.expectDeallocatedAfterDetach()
    }

    @Test func aSwapKeepsTheCount() throws {
        let screen = try ScreenTester(builder, route: "counter", preservedState: 12)
        #expect(screen.text.contains("Count: 12"))
    }
}

final class FailingLeakDetector: LeakDetector {
    override func reportLeak(_ message: String) { Issue.record(Comment(rawValue: message)) }
}
