import Testing

@_spi(TrellisHost) @testable import TrellisSDK

@MainActor
struct RouterLifecycleTests {
    @Test func attachActivatesTheChildThenLoadsIt() {
        let log = EventLog()
        let parent = RecordingRouter("parent", log: log)
        let child = RecordingRouter("child", log: log)

        parent.attachChild(child)

        #expect(log.events == ["child.didBecomeActive", "child.didLoad"])
        #expect(child.interactor.isActive)
        #expect(parent.children.first === child)
    }

    @Test func loadRunsDidLoadOnlyOnce() {
        let log = EventLog()
        let router = RecordingRouter("router", log: log)

        router.load()
        router.load()

        #expect(log.events == ["router.didLoad"])
    }

    @Test func attachingTheSameChildTwiceIsReportedAndKeepsOneCopy() {
        let log = EventLog()
        let parent = RecordingRouter("parent", log: log)
        let child = RecordingRouter("child", log: log)
        var reports: [String] = []
        HostHooks.onMisuse = { reports.append($0) }
        defer { HostHooks.onMisuse = nil }

        parent.attachChild(child)
        parent.attachChild(child)

        #expect(parent.children.count == 1)
        #expect(
            reports == [
                "RecordingRouter attached RecordingRouter, which is already attached to it; "
                    + "attach a child once, and detach it before attaching it again"
            ])
    }

    @Test func detachDeactivatesTheChildAndForgetsIt() {
        let log = EventLog()
        let parent = RecordingRouter("parent", log: log)
        let child = RecordingRouter("child", log: log)
        parent.attachChild(child)

        parent.detachChild(child)

        #expect(!child.interactor.isActive)
        #expect(parent.children.isEmpty)
        #expect(log.events.last == "child.willResignActive")
    }

    @Test func detachingASubtreeDeactivatesEveryRouterInIt() {
        let log = EventLog()
        let root = RecordingRouter("root", log: log)
        let middle = RecordingRouter("middle", log: log)
        let leaf = RecordingRouter("leaf", log: log)
        root.attachChild(middle)
        middle.attachChild(leaf)

        root.detachChild(middle)

        #expect(!middle.interactor.isActive)
        #expect(!leaf.interactor.isActive)
        #expect(Array(log.events.suffix(2)) == ["middle.willResignActive", "leaf.willResignActive"])
    }

    @Test func detachedChildIsDeallocatedWithItsInteractor() {
        let log = EventLog()
        let parent = RecordingRouter("parent", log: log)
        weak var weakChild: RecordingRouter?
        weak var weakInteractor: RecordingInteractor?
        do {
            let child = RecordingRouter("child", log: log)
            weakChild = child
            weakInteractor = child.interactor
            parent.attachChild(child)
            parent.detachChild(child)
        }

        #expect(weakChild == nil)
        #expect(weakInteractor == nil)
    }

    @Test func activeStreamReportsEachChange() {
        let interactor = RecordingInteractor("i", log: EventLog())
        var states: [Bool] = []
        let subscription = interactor.isActiveStream.subscribe { states.append($0) }

        interactor.activate()
        interactor.activate()
        interactor.deactivate()
        subscription.dispose()

        #expect(states == [false, true, false])
    }
}

/// `viewableRouting`: what a host asks instead of a cast to `ViewableRouting`.
@MainActor
struct ViewableRoutingTests {
    /// A router that conforms by itself, as a test's mock would.
    private final class StandaloneRouting: ViewableRouting {
        let interactable: Interactable = Interactor()
        let children: [Routing] = []
        let viewControllable: ViewControllable = ViewController()
        func load() {}
        func attachChild(_ child: Routing) {}
        func detachChild(_ child: Routing) {}
    }

    @Test func aRouterWithAViewAnswersItselfAndOneWithoutAnswersNil() {
        let viewless: Routing = Router(interactor: Interactor())
        let viewable: Routing = ViewableRouter(interactor: Interactor(), viewController: ViewController())
        let standalone: Routing = StandaloneRouting()

        #expect(viewless.viewableRouting == nil)
        #expect(viewable.viewableRouting === viewable)
        #expect(standalone.viewableRouting === standalone, "a type of its own gets the cast")
    }
}

/// `LaunchRouter.launch(from:)`, as RIBs' app delegate launches the root.
@MainActor
struct LaunchRouterTests {
    private final class RootRouter: LaunchRouter<Interactor, ViewController> {
        var loads = 0
        override func didLoad() {
            super.didLoad()
            loads += 1
        }
    }

    @Test func launchShowsTheViewInTheWindowActivatesAndLoads() {
        let view = ViewController(content: .text("Root"))
        let router = RootRouter(interactor: Interactor(), viewController: view)
        let window = AppWindow()

        router.launch(from: window)

        #expect(window.rootViewController === view)
        #expect(window.isKeyWindow)
        #expect(router.interactable.isActive)
        #expect(router.loads == 1)
    }

    /// A window a test subclasses, as RIBs' tests subclass `UIWindow`.
    private final class WindowMock: AppWindow {
        var madeKey = 0
        override func makeKeyAndVisible() {
            madeKey += 1
            super.makeKeyAndVisible()
        }
    }

    @Test func launchMakesAMockWindowKeyOnce() {
        let view = ViewController(content: .text("Root"))
        let router = RootRouter(interactor: Interactor(), viewController: view)
        let window = WindowMock()
        #expect(!window.isKeyWindow)

        router.launch(from: window)

        #expect(window.madeKey == 1)
        #expect(window.isKeyWindow)
        #expect(window.rootViewController === view)
    }
}

/// `Router.lifecycle`: `.didLoad` once, at load, and at once to a later subscriber.
@MainActor
struct RouterLifecycleStreamTests {
    @Test func didLoadIsSentOnceAtLoadAndAtOnceToALaterSubscriber() {
        let parent = Router(interactor: Interactor())
        parent.interactable.activate()
        parent.load()
        let child = Router(interactor: Interactor())
        var early: [RouterLifecycle] = []
        let first = child.lifecycle.subscribe { early.append($0) }

        parent.attachChild(child)
        parent.detachChild(child)
        parent.attachChild(child)
        var late: [RouterLifecycle] = []
        let second = child.lifecycle.subscribe { late.append($0) }

        #expect(early == [.didLoad], "a router loads once")
        #expect(late == [.didLoad])
        first.dispose()
        second.dispose()
    }
}
