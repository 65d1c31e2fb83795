import Testing

@_spi(TrellisHost) @testable import TrellisSDK

/// The reactive core's ends, as RxSwift's: completion, errors, disposal, and what
/// the operators do with them (SDK 1.1).
@MainActor
struct StreamEndTests {
    private struct Failure: Error, Equatable {}

    /// Every event a stream sends, spelled: `1`, `error`, `completed`, `disposed`.
    private func events<Element>(of stream: Observable<Element>) -> [String] {
        var events: [String] = []
        stream.subscribe(
            onNext: { events.append("\($0)") }, onError: { _ in events.append("error") },
            onCompleted: { events.append("completed") }, onDisposed: { events.append("disposed") })
        return events
    }

    @Test func createSendsValuesThenItsEndAndNothingAfter() {
        let stream = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            observer.onNext(3)
            observer.onError(Failure())
            return Disposables.create()
        }

        #expect(events(of: stream) == ["1", "2", "completed", "disposed"])
    }

    @Test func justEmptyAndErrorEnd() {
        #expect(events(of: Observable.just(7)) == ["7", "completed", "disposed"])
        #expect(events(of: Observable<Int>.empty()) == ["completed", "disposed"])
        #expect(events(of: Observable<Int>.error(Failure())) == ["error", "disposed"])
        #expect(events(of: Observable<Int>.never) == [])
    }

    @Test func anErrorNobodyHandlesIsReported() {
        var reports: [String] = []
        let previous = HostHooks.onMisuse
        HostHooks.onMisuse = { reports.append($0) }
        defer { HostHooks.onMisuse = previous }

        Observable<Int>.error(Failure()).subscribe { _ in }

        #expect(reports.count == 1)
        #expect(reports.first?.contains("ended with an error nobody handled") == true)
    }

    @Test func operatorsPassTheEndOn() {
        let subject = PublishSubject<Int>()
        var received: [String] = []
        subject.asObservable().map { $0 * 10 }.filter { $0 > 10 }.compactMap { $0 }.distinctUntilChanged()
            .subscribe(onNext: { received.append("\($0)") }, onCompleted: { received.append("completed") })

        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        subject.onNext(3)

        #expect(received == ["20", "completed"])
    }

    @Test func takeCompletesAfterItsCountAndDisposesTheSource() {
        let subject = PublishSubject<Int>()
        var disposed = false
        let source = subject.asObservable().do(onDispose: { disposed = true })

        #expect(events(of: source.take(0)) == ["completed", "disposed"])
        var received: [String] = []
        source.take(2).subscribe(onNext: { received.append("\($0)") }, onCompleted: { received.append("completed") })
        subject.onNext(1)
        #expect(!disposed)
        subject.onNext(2)

        #expect(received == ["1", "2", "completed"])
        #expect(disposed)
    }

    @Test func doSeesEachEventAndTheSubscriptionsEnds() {
        var seen: [String] = []
        let stream = Observable.just(1).do(
            onNext: { seen.append("next \($0)") }, onError: { _ in seen.append("error") },
            onCompleted: { seen.append("completed") },
            onSubscribe: { seen.append("subscribe") }, onDispose: { seen.append("dispose") })

        stream.subscribe()

        #expect(seen == ["subscribe", "next 1", "completed", "dispose"])
    }

    @Test func shareRunsTheSourceOnceForEverySubscriberUntilTheLastGoes() {
        var subscriptions = 0
        let subject = PublishSubject<Int>()
        let shared = subject.asObservable().do(onSubscribe: { subscriptions += 1 }).share()
        var first: [Int] = []
        var second: [Int] = []

        let a = shared.subscribe { first.append($0) }
        let b = shared.subscribe { second.append($0) }
        subject.onNext(1)
        a.dispose()
        subject.onNext(2)
        b.dispose()
        let c = shared.subscribe { _ in }

        #expect(first == [1])
        #expect(second == [1, 2])
        #expect(subscriptions == 2, "one for a and b together, one more after both went")
        c.dispose()
    }

    @Test func combineLatestMergeAndFlatMapLatestCompleteWhenTheirSourcesHave() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var combined: [String] = []
        Observable<(Int, Int)>.combineLatest(a.asObservable(), b.asObservable())
            .subscribe(onNext: { combined.append("\($0.0)\($0.1)") }, onCompleted: { combined.append("completed") })
        a.onNext(1)
        b.onNext(2)
        a.onCompleted()
        #expect(combined == ["12"])
        b.onCompleted()
        #expect(combined == ["12", "completed"])

        #expect(events(of: Observable.merge([.just(1), .just(2)])) == ["1", "2", "completed", "disposed"])
        #expect(
            events(of: Observable.just(3).flatMapLatest { Observable.just($0 + 1) })
                == ["4", "completed", "disposed"])
        #expect(
            events(of: Observable.just(3).flatMapLatest { _ in Observable<Int>.error(Failure()) })
                == ["error", "disposed"])
    }

    @Test func aSubjectThatEndedTellsALateSubscriberAtOnce() {
        let subject = PublishSubject<Int>()
        subject.onError(Failure())

        #expect(events(of: subject.asObservable()) == ["error", "disposed"])
    }

    @Test func anObserverSendsEachKindOfEvent() {
        var received: [String] = []
        let observer = AnyObserver<Int> { event in
            switch event {
            case .next(let value): received.append("\(value)")
            case .error: received.append("error")
            case .completed: received.append("completed")
            }
        }

        observer.on(.next(1))
        observer.onNext(2)
        observer.onError(Failure())
        observer.onCompleted()

        #expect(received == ["1", "2", "error", "completed"])
    }

    @Test func aRoutersLifecycleCompletesWhenItGoesAway() {
        var router: Router<Interactor>? = Router(interactor: Interactor())
        router?.load()
        var received: [String] = []
        router?.lifecycle.subscribe(
            onNext: { _ in received.append("didLoad") },
            onCompleted: { received.append("completed") })

        router = nil

        #expect(router == nil)
        #expect(received == ["didLoad", "completed"])
    }

    @Test func aDisposableMadeWithAnActionRunsItOnce() {
        var runs = 0
        let disposable = Disposables.create { runs += 1 }
        disposable.dispose()
        disposable.dispose()
        Disposables.create().dispose()

        #expect(runs == 1)
    }
}

/// The SDK's `LeakDetector` without a host: what a plugin's own tests get.
@MainActor
struct StandaloneLeakDetectorTests {
    private final class Object {}

    /// The SDK's detector, its reports kept (`reportLeak(_:)`) rather than
    /// written to standard error.
    private final class RecordingDetector: LeakDetector {
        var reports: [String] = []

        override func reportLeak(_ message: String) {
            reports.append(message)
        }
    }

    @Test func anObjectStillAliveAtItsTimeIsReportedAndTheStatusFollows() async {
        let detector = RecordingDetector()
        var statuses: [LeakDetectionStatus] = []
        let subscription = detector.status.subscribe { statuses.append($0) }
        defer { subscription.dispose() }
        let kept = Object()

        detector.expectDeallocate(object: kept, inTime: 0.01)
        #expect(statuses == [.DidComplete, .InProgress])
        await waitUntil { statuses.last == .DidComplete }

        #expect(statuses == [.DidComplete, .InProgress, .DidComplete])
        #expect(detector.reports.count == 1)
        #expect(detector.reports.first?.contains("leak: a Object was expected to be deallocated within 0.01 s") == true)
        _ = kept
    }

    @Test func anObjectGoneAtItsTimeOrCancelledIsNotReported() async {
        let detector = RecordingDetector()
        var statuses: [LeakDetectionStatus] = []
        let subscription = detector.status.subscribe { statuses.append($0) }
        defer { subscription.dispose() }
        do {
            let object = Object()
            detector.expectDeallocate(object: object, inTime: 0.01)
        }
        let kept = Object()
        detector.expectDeallocate(object: kept, inTime: 0.01).cancel()
        detector.expectViewControllerDisappear(viewController: ViewController(), inTime: 0.01)
        #expect(statuses.last == .InProgress)
        await waitUntil { statuses.last == .DidComplete }

        #expect(detector.reports.isEmpty)
        _ = kept
    }

    /// Waits, without a time limit of its own (the suite's runs on a loaded
    /// machine), until `condition` holds.
    private func waitUntil(_ condition: () -> Bool) async {
        while !condition() { try? await Task.sleep(for: .milliseconds(5)) }
    }
}
