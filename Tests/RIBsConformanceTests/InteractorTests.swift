import Testing
import TrellisSDK

/// Counterparts of RIBs-iOS's `InteractorTests` (those whose API the SDK has; the
/// rest are listed in Docs/RIBs.md).
@MainActor
struct InteractorTests {
    private let interactor = InteractorMock()

    /// What the stream gives a new subscriber at once.
    private func currentValue(of stream: Observable<Bool>) -> [Bool] {
        var values: [Bool] = []
        stream.subscribe { values.append($0) }.dispose()
        return values
    }

    @Test func test_interactorIsInactiveByDefault() {
        #expect(!interactor.isActive)
        #expect(currentValue(of: interactor.isActiveStream) == [false])
    }

    @Test func test_isActive_whenStarted_isTrue() {
        interactor.activate()

        #expect(interactor.isActive)
        #expect(currentValue(of: interactor.isActiveStream) == [true])
    }

    @Test func test_isActive_whenDeactivated_isFalse() {
        interactor.activate()

        interactor.deactivate()

        #expect(!interactor.isActive)
        #expect(currentValue(of: interactor.isActiveStream) == [false])
    }

    @Test func test_didBecomeActive_isCalledWhenStarted() {
        interactor.activate()

        #expect(interactor.didBecomeActiveCallCount == 1)
    }

    @Test func test_didBecomeActive_isNotCalledWhenAlreadyActive() {
        interactor.activate()
        #expect(interactor.didBecomeActiveCallCount == 1)

        interactor.activate()

        #expect(interactor.didBecomeActiveCallCount == 1)
    }

    @Test func test_willResignActive_isCalledWhenDeactivated() {
        interactor.activate()

        interactor.deactivate()

        #expect(interactor.willResignActiveCallCount == 1)
    }

    @Test func test_willResignActive_isNotCalledWhenAlreadyInactive() {
        interactor.activate()
        interactor.deactivate()
        #expect(interactor.willResignActiveCallCount == 1)

        interactor.deactivate()

        #expect(interactor.willResignActiveCallCount == 1)
    }
}
