import Testing
import TrellisSDK

/// Counterparts of RIBs-iOS's `InteractorTests`.
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

    @Test func test_isActiveStream_completedOnInteractorDeinit() {
        var interactor: InteractorMock? = InteractorMock()
        var isActiveStreamCompleted = false
        interactor!.activate()
        _ = interactor!.isActiveStream.subscribe { _ in
        } onCompleted: {
            isActiveStreamCompleted = true
        }

        interactor = nil

        #expect(interactor == nil)
        #expect(isActiveStreamCompleted)
    }

    @Test func test_observableAttachedToInactiveInteactorIsDisposedImmediately() {
        var onDisposeCalled = false
        let subjectEmiitingValues = PublishSubject<Int>()
        let observable = subjectEmiitingValues.asObservable().do { _ in
        } onDispose: {
            onDisposeCalled = true
        }

        observable.subscribe().disposeOnDeactivate(interactor: interactor)

        #expect(onDisposeCalled)
    }

    @Test func test_observableIsDisposedOnInteractorDeactivation() {
        var onDisposeCalled = false
        let subjectEmiitingValues = PublishSubject<Int>()
        let observable = subjectEmiitingValues.asObservable().do { _ in
        } onDispose: {
            onDisposeCalled = true
        }
        interactor.activate()
        observable.subscribe().disposeOnDeactivate(interactor: interactor)

        interactor.deactivate()

        #expect(onDisposeCalled)
    }

    @Test func test_observableIsDisposedOnInteractorDeinit() {
        var interactor: InteractorMock? = InteractorMock()
        var onDisposeCalled = false
        let subjectEmiitingValues = PublishSubject<Int>()
        let observable = subjectEmiitingValues.asObservable().do { _ in
        } onDispose: {
            onDisposeCalled = true
        }
        interactor!.activate()
        observable.subscribe().disposeOnDeactivate(interactor: interactor!)
        #expect(!onDisposeCalled)

        interactor = nil

        #expect(interactor == nil)
        #expect(onDisposeCalled)
    }

    @Test func test_observableConfinedToInteractorOnlyEmitsValueWhenInteractorIsActive() {
        var emittedValue: Int?
        let subjectEmiitingValues = PublishSubject<Int>()
        let confinedObservable = subjectEmiitingValues.asObservable().confineTo(interactor)
        _ = confinedObservable.confineTo(interactor)
        _ = confinedObservable.subscribe { newValue in
            emittedValue = newValue
        }

        subjectEmiitingValues.onNext(1)
        #expect(emittedValue == nil)

        interactor.activate()
        subjectEmiitingValues.onNext(2)

        #expect(emittedValue == 2)
    }
}
