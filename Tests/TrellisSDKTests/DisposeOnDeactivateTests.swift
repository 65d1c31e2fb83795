import Testing
import TrellisSDK

@MainActor
struct DisposeOnDeactivateTests {
    @Test func subscriptionEndsWhenTheInteractorDeactivates() {
        let interactor = Interactor()
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        interactor.activate()
        relay.asObservable().subscribe { received.append($0) }.disposeOnDeactivate(interactor: interactor)

        relay.accept(1)
        interactor.deactivate()
        relay.accept(2)

        #expect(received == [1])
    }

    @Test func subscriptionMadeWhileInactiveIsDisposedAtOnce() {
        let interactor = Interactor()
        let relay = PublishRelay<Int>()
        var received: [Int] = []

        relay.asObservable().subscribe { received.append($0) }.disposeOnDeactivate(interactor: interactor)
        relay.accept(1)

        #expect(received == [])
    }

    /// A disposal that binds something new while the scope is ending: it must not
    /// survive into a scope of its own.
    @Test func aSubscriptionBoundWhileTheScopeEndsIsDisposedAtOnce() {
        let interactor = Interactor()
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        interactor.activate()
        ActionDisposable {
            relay.asObservable().subscribe { received.append($0) }.disposeOnDeactivate(interactor: interactor)
        }.disposeOnDeactivate(interactor: interactor)

        interactor.deactivate()
        relay.accept(1)

        #expect(received == [])
    }

    @Test func reactivationStartsAFreshScope() {
        let interactor = Interactor()
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        interactor.activate()
        interactor.deactivate()
        interactor.activate()
        relay.asObservable().subscribe { received.append($0) }.disposeOnDeactivate(interactor: interactor)

        relay.accept(3)

        #expect(received == [3])
    }

    @Test func disposeBagDisposesWhenReleased() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        do {
            let bag = DisposeBag()
            relay.asObservable().subscribe { received.append($0) }.disposed(by: bag)
            relay.accept(1)
        }

        relay.accept(2)

        #expect(received == [1])
    }
}

/// `isActiveStream` ends when its interactor goes away: its observers are let go,
/// even while a subscription to it is still held.
@MainActor
struct ActiveStreamEndTests {
    private final class Token {}

    @Test func theStreamsObserversAreLetGoWhenTheInteractorGoes() {
        var interactor: Interactor? = Interactor()
        weak var captured: Token?
        var subscription: Disposable?
        do {
            let token = Token()
            captured = token
            subscription = interactor?.isActiveStream.subscribe { _ in _ = token }
        }
        #expect(captured != nil, "held by the stream's observer while the interactor lives")

        interactor = nil

        #expect(captured == nil, "the observer is let go with the interactor")
        subscription?.dispose()
    }
}
