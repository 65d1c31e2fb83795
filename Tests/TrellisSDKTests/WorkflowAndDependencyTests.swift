import Testing
import TrellisSDK

@MainActor
private final class Item {
    let name: String
    let ready = BehaviorRelay(value: false)
    var log: [String]

    init(_ name: String, log: [String] = []) {
        self.name = name
        self.log = log
    }

    func whenReady(_ next: Item) -> Observable<(Item, Void)> {
        ready.asObservable().filter { $0 }.map { _ in (next, ()) }
    }
}

@MainActor
struct WorkflowAndDependencyTests {
    @Test func stepsWaitForTheirItemAndEachRunsOnce() {
        let root = Item("root")
        let child = Item("child")
        var reached: [String] = []
        let workflow = Workflow<Item>()
        workflow
            .onStep { root in root.whenReady(child) }
            .onStep { child, _ in
                reached.append(child.name)
                return Observable.just((child, ()))
            }
            .commit()

        let subscription = workflow.subscribe(root)
        #expect(reached == [])
        root.ready.accept(true)
        root.ready.accept(false)
        root.ready.accept(true)
        subscription.dispose()

        #expect(reached == ["child"])
    }

    @Test func aStepWaitsUntilItsInteractorItemIsActive() {
        final class Screen: Interactor {}
        let root = Screen()
        let next = Screen()
        var reached: [String] = []
        let workflow = Workflow<Screen>()
        workflow
            .onStep { root in
                reached.append("root")
                return Observable.just((next, ()))
            }
            .onStep { _, _ in
                reached.append("next")
                return Observable.just(((), ()))
            }
            .commit()

        let subscription = workflow.subscribe(root)
        #expect(reached == [], "the root is not active yet")
        root.activate()
        #expect(reached == ["root"], "the next item is not active yet")
        next.activate()
        #expect(reached == ["root", "next"])
        subscription.dispose()
    }

    @Test func aScopeResolvesFromItselfOrAbove() throws {
        let names = DependencyKey<String>("names")
        let count = DependencyKey<Int>("count")
        let parent = DependencyScope()
        let child = DependencyScope(parent: parent)
        parent.provide("Alice", for: names)
        child.provide(3, for: count)

        #expect(try child.resolve(names) == "Alice")
        #expect(try child.resolve(count) == 3)
        #expect(throws: DependencyError.missing(name: "count")) { try parent.resolve(count) }
    }

    @Test func aValueOfAnotherTypeUnderTheSameNameIsReported() {
        let scope = DependencyScope()
        scope.provide(42, for: DependencyKey<Int>("score"))

        #expect(throws: DependencyError.wrongType(name: "score", expected: "String", found: "Int")) {
            try scope.resolve(DependencyKey<String>("score"))
        }
    }

    @Test func takeSendsOnlyTheFirstValues() {
        let relay = BehaviorRelay(value: 1)
        var received: [Int] = []
        let subscription = relay.asObservable().take(2).subscribe { received.append($0) }

        relay.accept(2)
        relay.accept(3)
        subscription.dispose()

        #expect(received == [1, 2])
    }
}

/// A workflow that records what RIBs' hooks are told.
@MainActor
private final class RecordingWorkflow: Workflow<Item> {
    var events: [String] = []

    override func didComplete() { events.append("complete") }
    override func didFork() { events.append("fork") }
    override func didReceiveError(_ error: any Error) { events.append("error: \(error)") }
}

private struct StepFailure: Error, CustomStringConvertible {
    var description: String { "no such game" }
}

/// A step that fails ends the workflow; a step can fork into branches.
@MainActor
struct WorkflowErrorAndForkTests {
    @Test func aStepThatThrowsEndsTheWorkflowAndItsErrorIsReceived() {
        let root = Item("root")
        var reachedLast = false
        let workflow = RecordingWorkflow()
        workflow
            .onStep { _ -> Observable<(Item, Void)> in throw StepFailure() }
            .onStep { item, _ in
                reachedLast = true
                return .just((item, ()))
            }
            .commit()

        let subscription = workflow.subscribe(root)

        #expect(workflow.events == ["error: no such game"])
        #expect(!reachedLast)
        subscription.dispose()
    }

    /// Both run; the workflow completes once, as RIBs' `didComplete`.
    @Test func twoBranchesForkedFromOneStepBothRunAndTheWorkflowCompletesOnce() {
        let root = Item("root")
        let child = Item("child")
        var reached: [String] = []
        let workflow = RecordingWorkflow()
        let shared = workflow.onStep { root in root.whenReady(child) }.asObservable()
        shared.fork(workflow).onStep { item, _ in
            reached.append("left")
            return .just((item, ()))
        }.commit()
        shared.fork(workflow).onStep { item, _ in
            reached.append("right")
            return .just((item, ()))
        }.commit()

        let subscription = workflow.subscribe(root)
        root.ready.accept(true)

        #expect(reached == ["left", "right"])
        #expect(workflow.events == ["fork", "fork", "complete"])
        subscription.dispose()
    }
}
