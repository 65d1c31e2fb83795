import Testing
import TrellisSDK

@MainActor
struct RelayTests {
    @Test func behaviorRelaySendsItsCurrentValueThenChanges() {
        let relay = BehaviorRelay(value: "a")
        var received: [String] = []
        let subscription = relay.asObservable().subscribe { received.append($0) }

        relay.accept("b")
        subscription.dispose()
        relay.accept("c")

        #expect(received == ["a", "b"])
        #expect(relay.value == "c")
    }

    @Test func publishRelaySendsOnlyLaterValues() {
        let relay = PublishRelay<Int>()
        relay.accept(1)
        var received: [Int] = []
        let subscription = relay.asObservable().subscribe { received.append($0) }

        relay.accept(2)
        subscription.dispose()

        #expect(received == [2])
    }

    @Test func mapFilterAndDistinct() {
        let relay = PublishRelay<Int>()
        var received: [String] = []
        let subscription = relay.asObservable()
            .filter { $0 % 2 == 0 }
            .distinctUntilChanged()
            .map { "#\($0)" }
            .subscribe { received.append($0) }

        [1, 2, 2, 3, 4, 4, 2].forEach(relay.accept)
        subscription.dispose()

        #expect(received == ["#2", "#4", "#2"])
    }

    @Test func combineLatestWaitsForBothThenSendsEveryChange() {
        let first = PublishRelay<Int>()
        let second = BehaviorRelay(value: "x")
        var received: [String] = []
        let subscription = Observable.combineLatest(first.asObservable(), second.asObservable())
            .subscribe { received.append("\($0)\($1)") }

        first.accept(1)
        second.accept("y")
        first.accept(2)
        subscription.dispose()

        #expect(received == ["1x", "1y", "2y"])
    }

    @Test func withLatestFromSendsOnlyOnTheSourceAndDropsEarlyValues() {
        let taps = PublishRelay<Void>()
        let name = PublishRelay<String>()
        var received: [String] = []
        let subscription = taps.asObservable().withLatestFrom(name.asObservable())
            .subscribe { received.append($0.1) }

        taps.accept(())
        name.accept("Alice")
        name.accept("Bob")
        taps.accept(())
        subscription.dispose()

        #expect(received == ["Bob"])
    }

    @Test func mergeSendsFromEverySource() {
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = Observable.merge([first.asObservable(), second.asObservable()])
            .subscribe { received.append($0) }

        first.accept(1)
        second.accept(2)
        subscription.dispose()
        first.accept(3)

        #expect(received == [1, 2])
    }
}
