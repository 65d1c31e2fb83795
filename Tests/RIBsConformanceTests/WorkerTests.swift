import Testing
import TrellisSDK

/// Counterparts of RIBs-iOS's `WorkerTests`, asserting what they assert.
@MainActor
struct WorkerTests {
    private let worker = TestWorker()
    private let interactor = InteractorMock()
    private let disposable = DisposeBag()

    @Test func test_didStart_onceOnly_boundToInteractor() {
        #expect(worker.didStartCallCount == 0)
        #expect(worker.didStopCallCount == 0)

        worker.start(interactor)
        #expect(worker.isStarted)
        #expect(worker.didStartCallCount == 0)
        #expect(worker.didStopCallCount == 0)

        interactor.activate()
        #expect(worker.isStarted)
        #expect(worker.didStartCallCount == 1)
        #expect(worker.didStopCallCount == 0)

        interactor.deactivate()
        #expect(worker.isStarted)
        #expect(worker.didStartCallCount == 1)
        #expect(worker.didStopCallCount == 1)

        worker.start(interactor)
        #expect(worker.isStarted)
        #expect(worker.didStartCallCount == 1)
        #expect(worker.didStopCallCount == 1)

        interactor.activate()
        #expect(worker.isStarted)
        #expect(worker.didStartCallCount == 2)
        #expect(worker.didStopCallCount == 1)

        worker.stop()
        #expect(!worker.isStarted)
        #expect(worker.didStartCallCount == 2)
        #expect(worker.didStopCallCount == 2)

        worker.stop()
        #expect(!worker.isStarted)
        #expect(worker.didStartCallCount == 2)
        #expect(worker.didStopCallCount == 2)
    }

    @Test func test_start_stop_lifecycle() {
        var seen: [Bool] = []
        worker.isStartedStream.take(1).subscribe { seen.append($0) }.disposed(by: disposable)

        interactor.activate()
        worker.start(interactor)
        worker.isStartedStream.take(1).subscribe { seen.append($0) }.disposed(by: disposable)

        worker.stop()
        worker.isStartedStream.take(1).subscribe { seen.append($0) }.disposed(by: disposable)

        #expect(seen == [false, true, false])
    }

    /// Not in RIBs' tests, but its contract: what `didStart` binds with
    /// `disposeOnStop` ends when the work stops, and the worker keeps no interactor.
    @Test func whatTheWorkBindsEndsWhenItStopsAndTheScopeIsNotRetained() {
        let relay = PublishRelay<Int>()
        let worker = BindingWorker(relay)
        var interactor: InteractorMock? = InteractorMock()
        weak let weakInteractor = interactor
        worker.start(interactor!)
        interactor!.activate()
        relay.accept(1)
        interactor!.deactivate()
        relay.accept(2)
        interactor!.activate()
        relay.accept(3)
        worker.stop()
        relay.accept(4)
        interactor = nil

        #expect(worker.received == [1, 3])
        #expect(weakInteractor == nil)
    }
}

private final class TestWorker: Worker {
    private(set) var didStartCallCount = 0
    private(set) var didStopCallCount = 0

    override func didStart(_ interactorScope: InteractorScope) {
        super.didStart(interactorScope)
        didStartCallCount += 1
    }

    override func didStop() {
        super.didStop()
        didStopCallCount += 1
    }
}

private final class BindingWorker: Worker {
    let relay: PublishRelay<Int>
    private(set) var received: [Int] = []

    init(_ relay: PublishRelay<Int>) {
        self.relay = relay
    }

    override func didStart(_ interactorScope: InteractorScope) {
        relay.asObservable().subscribe { [weak self] in self?.received.append($0) }.disposeOnStop(self)
    }
}
