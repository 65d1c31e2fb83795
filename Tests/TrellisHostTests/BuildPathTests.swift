import Foundation
import Testing
import TrellisHost
@_spi(TrellisHost) import TrellisSDK
import TrellisTestSupport

/// What the build path keeps between builds, and the leak checks it makes
/// without weak references, through a slot as a parent builds its child.
@MainActor
struct BuildPathTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private let mainLeaf = """
        { "main": { "plugin": "MainScreen", "children": { "next": "leaf" } },
          "leaf": { "plugin": "LeafScreen", "parameters": { "title": "From the config" } } }
        """

    /// The tree, Main's `next` slot, Main as the listener, and the leaks reported.
    private func launch(_ routes: String) throws -> (RouteTree, ChildSlot, ScreenListener, Leaks) {
        let config = try RouteConfig.load(from: try folder.writeConfig(routes: routes))
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        try tree.launch()
        let leaks = Leaks()
        tree.leakDetector.onLeak = { leaks.reports.append($0) }
        let listener = try #require(tree.root?.interactable as? ScreenListener)
        return (tree, try tree.slot("next", ofRoute: "main"), listener, leaks)
    }

    private final class Leaks {
        var reports: [String] = []
    }

    /// Checks every pending detach once the main actor has run what was queued on
    /// it: in a test's task, an isolated deinit (a router's, an interactor's) may
    /// be queued rather than run at the last release, as it is in the app.
    private func checkAll(_ tree: RouteTree) async {
        for _ in 0..<20 { await Task.yield() }
        tree.leakDetector.checkAll()
    }

    @Test func aChildBuiltAttachedDetachedAndFreedIsNotReported() async throws {
        let (tree, slot, listener, leaks) = try launch(mainLeaf)
        let main = try #require(tree.root)
        for _ in 0..<3 {
            let child = slot.build(listener: listener, parameters: .object([:]))
            main.attachChild(child)
            main.detachChild(child)
        }

        await checkAll(tree)

        #expect(leaks.reports.isEmpty, "\(leaks.reports)")
    }

    @Test func aChildKeptAfterItsDetachIsReportedWithEachObjectStillAlive() async throws {
        let (tree, slot, listener, leaks) = try launch(mainLeaf)
        let main = try #require(tree.root)
        let kept = slot.build(listener: listener, parameters: .object([:]))
        main.attachChild(kept)
        main.detachChild(kept)

        await checkAll(tree)

        #expect(
            leaks.reports == [
                "leak: route leaf (plugin LeafScreen) was detached, but its "
                    + "ViewableRouter<LeafInteractor, LeafViewController>, LeafInteractor, LeafViewController, "
                    + "slot router (the parent still holds what its slot built) are still alive; something (a global, a closure, "
                    + "a task, or a reference back that is not weak, such as `var router`) keeps them after the detach"
            ])
        withExtendedLifetime(kept) {}
    }

    @Test func aChildAttachedAgainAfterItsDetachIsCheckedForItsLastDetachOnly() async throws {
        let (tree, slot, listener, leaks) = try launch(mainLeaf)
        let main = try #require(tree.root)
        var child: ViewableRouting? = slot.build(listener: listener, parameters: .object([:]))
        main.attachChild(child!)
        main.detachChild(child!)
        main.attachChild(child!)
        main.detachChild(child!)
        child = nil

        await checkAll(tree)

        #expect(
            leaks.reports.isEmpty, "the first detach must not wait for objects the second one watches: \(leaks.reports)"
        )
    }

    @Test func aRouterOfAnotherTypeIsWatchedToo() async throws {
        let (tree, _, _, leaks) = try launch(mainLeaf)
        let main = try #require(tree.root)
        var mock: PlainRouting? = PlainRouting()
        main.attachChild(mock!)
        main.detachChild(mock!)
        let kept = PlainRouting()
        main.attachChild(kept)
        main.detachChild(kept)
        mock = nil

        await checkAll(tree)

        #expect(leaks.reports.count == 1, "\(leaks.reports)")
        #expect(
            leaks.reports.first?.contains("but its PlainRouting, PlainInteractable are still alive") == true,
            "\(leaks.reports)")
        withExtendedLifetime(kept) {}
    }

    @Test func aRouterNoTreeBuiltIsCheckedByTheTreeOfTheRouterThatDetachedIt() async throws {
        let (first, _, _, firstLeaks) = try launch(mainLeaf)
        let (second, _, _, secondLeaks) = try launch(mainLeaf)
        let kept = PlainRouting()
        let main = try #require(first.root)
        main.attachChild(kept)
        main.detachChild(kept)

        await checkAll(first)
        await checkAll(second)

        #expect(firstLeaks.reports.count == 1, "\(firstLeaks.reports)")
        #expect(secondLeaks.reports.isEmpty, "the tree launched last is not the detaching one: \(secondLeaks.reports)")
        withExtendedLifetime(kept) {}
    }

    @Test func aSlotBuildsWhatTheConfigAppliedSinceBindsIt() throws {
        let (tree, slot, listener, _) = try launch(mainLeaf)
        let first = slot.build(listener: listener, parameters: .object([:]))
        #expect(tree.route(of: first)?.id == "leaf")
        #expect(tree.route(of: first)?.plugin == "LeafScreen")

        let rebound = try RouteConfig.load(
            from: folder.writeConfig(
                routes: """
                    { "main": { "plugin": "MainScreen", "children": { "next": "other" } },
                      "leaf": { "plugin": "LeafScreen" },
                      "other": { "plugin": "NextScreen" } }
                    """, name: "rebound.json"))
        _ = tree.apply(rebound)
        let second = slot.build(listener: listener, parameters: .object([:]))

        #expect(tree.route(of: second)?.id == "other")
        #expect(tree.route(of: second)?.plugin == "NextScreen")
    }
}

/// A router that is not the SDK's: it takes no ticket, so a weak reference watches it.
@MainActor
private final class PlainRouting: Routing {
    let interactable: Interactable = PlainInteractable()
    var children: [Routing] { [] }
    func load() {}
    func attachChild(_ child: Routing) {}
    func detachChild(_ child: Routing) {}
}

@MainActor
private final class PlainInteractable: Interactable {
    private(set) var isActive = false
    var isActiveStream: Observable<Bool> {
        Observable { observer in
            observer(self.isActive)
            return ActionDisposable {}
        }
    }
    func activate() { isActive = true }
    func deactivate() { isActive = false }
}

/// The SDK's `LeakDetector.instance` in the host is the host's check: what a
/// plugin or RIBs' classes expect joins it, reported as the host reports leaks.
@MainActor
struct SDKLeakDetectorTests {
    private final class Kept {}

    @Test func anExpectationOfThePluginsJoinsTheHostsCheck() async throws {
        let folder = try TemporaryFolder()
        let config = try RouteConfig.load(
            from: try folder.writeConfig(
                routes: """
                    { "main": { "plugin": "LeafScreen" } }
                    """))
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        try tree.launch()
        var reports: [String] = []
        tree.leakDetector.onLeak = { reports.append($0) }
        let detector = TrellisSDK.LeakDetector.instance
        #expect("\(type(of: detector))" == "SDKLeakDetector")
        var statuses: [LeakDetectionStatus] = []
        let subscription = detector.status.subscribe { statuses.append($0) }
        defer { subscription.dispose() }
        let kept = Kept()
        let cancelled = Kept()

        // Nothing between the tree's making and this: its detector is the newest.
        detector.expectDeallocate(object: kept, inTime: 0.5)
        detector.expectDeallocate(object: Kept(), inTime: 0.5)
        detector.expectDeallocate(object: cancelled, inTime: 0.5).cancel()
        #expect(statuses.last == .InProgress)
        for _ in 0..<20 { await Task.yield() }
        tree.leakDetector.checkAll()

        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.contains("leak: a Kept was expected to go away within 0.5 s") == true)
        _ = (kept, cancelled)
    }
}
