import Testing
import TrellisSDK

/// Counterparts of RIBs-iOS's `WorkflowTests` (its class is spelled
/// `WorkerflowTests`).
@MainActor
struct WorkflowTests {
    private let emptyObservable = Observable.just(((), ()))

    @Test func test_nestedStepsDoNotRepeat() {
        var outerStep1RunCount = 0
        var outerStep2RunCount = 0
        var outerStep3RunCount = 0
        var innerStep1RunCount = 0
        var innerStep2RunCount = 0
        var innerStep3RunCount = 0
        let emptyObservable = emptyObservable

        let workflow = Workflow<String>()
        _ =
            workflow
            .onStep { _ -> Observable<((), ())> in
                outerStep1RunCount += 1
                return emptyObservable
            }
            .onStep { _, _ -> Observable<((), ())> in
                outerStep2RunCount += 1
                return emptyObservable
            }
            .onStep { _, _ -> Observable<((), ())> in
                outerStep3RunCount += 1
                let innerStep: Step<String, (), ()>? = emptyObservable.fork(workflow)
                innerStep?
                    .onStep { _, _ -> Observable<((), ())> in
                        innerStep1RunCount += 1
                        return emptyObservable
                    }
                    .onStep { _, _ -> Observable<((), ())> in
                        innerStep2RunCount += 1
                        return emptyObservable
                    }
                    .onStep { _, _ -> Observable<((), ())> in
                        innerStep3RunCount += 1
                        return emptyObservable
                    }
                    .commit()
                return emptyObservable
            }
            .commit()
            .subscribe("Test Actionable Item")

        #expect(outerStep1RunCount == 1, "Outer step 1 should not have been run more than once")
        #expect(outerStep2RunCount == 1, "Outer step 2 should not have been run more than once")
        #expect(outerStep3RunCount == 1, "Outer step 3 should not have been run more than once")
        #expect(innerStep1RunCount == 1, "Inner step 1 should not have been run more than once")
        #expect(innerStep2RunCount == 1, "Inner step 2 should not have been run more than once")
        #expect(innerStep3RunCount == 1, "Inner step 3 should not have been run more than once")
    }

    @Test func test_workflowReceivesError() {
        let workflow = TestWorkflow()
        let emptyObservable = emptyObservable
        _ =
            workflow
            .onStep { _ -> Observable<((), ())> in emptyObservable }
            .onStep { _, _ -> Observable<((), ())> in emptyObservable }
            .onStep { _, _ -> Observable<((), ())> in Observable.error(WorkflowTestError.error) }
            .onStep { _, _ -> Observable<((), ())> in emptyObservable }
            .commit()
            .subscribe(())

        #expect(workflow.completeCallCount == 0)
        #expect(workflow.forkCallCount == 0)
        #expect(workflow.errorCallCount == 1)
    }

    @Test func test_workflowDidComplete() {
        let workflow = TestWorkflow()
        let emptyObservable = emptyObservable
        _ =
            workflow
            .onStep { _ -> Observable<((), ())> in emptyObservable }
            .onStep { _, _ -> Observable<((), ())> in emptyObservable }
            .onStep { _, _ -> Observable<((), ())> in emptyObservable }
            .commit()
            .subscribe(())

        #expect(workflow.completeCallCount == 1)
        #expect(workflow.forkCallCount == 0)
        #expect(workflow.errorCallCount == 0)
    }

    @Test func test_workflowDidFork() {
        let workflow = TestWorkflow()
        let emptyObservable = emptyObservable
        _ =
            workflow
            .onStep { _ -> Observable<((), ())> in emptyObservable }
            .onStep { _, _ -> Observable<((), ())> in emptyObservable }
            .onStep { _, _ -> Observable<((), ())> in emptyObservable }
            .onStep { _, _ -> Observable<((), ())> in
                let forkedStep: Step<(), (), ()>? = emptyObservable.fork(workflow)
                forkedStep?
                    .onStep { _, _ -> Observable<((), ())> in emptyObservable }
                    .commit()
                return emptyObservable
            }
            .commit()
            .subscribe(())

        #expect(workflow.completeCallCount == 1)
        #expect(workflow.forkCallCount == 1)
        #expect(workflow.errorCallCount == 0)
    }

    @Test func test_fork_verifySingleInvocationAtRoot() {
        let workflow = TestWorkflow()
        var rootCallCount = 0
        let emptyObservable = emptyObservable
        let rootStep =
            workflow
            .onStep { _ -> Observable<((), ())> in
                rootCallCount += 1
                return emptyObservable
            }

        let firstFork: Step<(), (), ()>? = rootStep.asObservable().fork(workflow)
        _ = firstFork?
            .onStep { _, _ -> Observable<((), ())> in Observable.just(((), ())) }
            .commit()

        let secondFork: Step<(), (), ()>? = rootStep.asObservable().fork(workflow)
        _ = secondFork?
            .onStep { _, _ -> Observable<((), ())> in Observable.just(((), ())) }
            .commit()

        #expect(rootCallCount == 0)

        _ = workflow.subscribe(())

        #expect(rootCallCount == 1)
    }
}

private enum WorkflowTestError: Error {
    case error
}

private final class TestWorkflow: Workflow<()> {
    var completeCallCount = 0
    var errorCallCount = 0
    var forkCallCount = 0

    override func didComplete() {
        completeCallCount += 1
    }

    override func didFork() {
        forkCallCount += 1
    }

    override func didReceiveError(_ error: Error) {
        errorCallCount += 1
    }
}
