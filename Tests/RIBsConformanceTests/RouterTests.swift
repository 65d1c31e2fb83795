import Testing
import TrellisSDK

/// Counterparts of RIBs-iOS's `RouterTests`, with RIBs' `RouterMock` (Mocks.swift),
/// which conforms to `Routing` through the public SDK alone. Each test runs with
/// a `LeakDetectorMock` as the shared detector, as RIBs' `setUp` sets it.
@MainActor
struct RouterTests {
    private let leakDetectorMock = LeakDetectorMock()

    @Test func test_load_verifyLifecycleObservable() {
        withLeakDetector(leakDetectorMock) {
            var router: Router<Interactable>? = Router(interactor: InteractableMock())
            var currentLifecycle: RouterLifecycle?
            var didComplete = false
            let lifecycleDisposable = router!.lifecycle.subscribe(
                onNext: { lifecycle in
                    currentLifecycle = lifecycle
                },
                onCompleted: {
                    currentLifecycle = nil
                    didComplete = true
                })
            defer { lifecycleDisposable.dispose() }

            #expect(currentLifecycle == nil)
            #expect(!didComplete)

            router!.load()

            #expect(currentLifecycle == .didLoad)
            #expect(!didComplete)

            router = nil

            #expect(currentLifecycle == nil)
            #expect(didComplete)
        }
    }

    @Test func test_attachChild() {
        withLeakDetector(leakDetectorMock) {
            let router = Router<Interactable>(interactor: InteractableMock())
            let mockChildInteractor = InteractableMock()
            let mockChildRouter = RouterMock(interactor: mockChildInteractor)

            router.attachChild(mockChildRouter)

            #expect(router.children.count == 1)
            #expect(mockChildInteractor.activateCallCount == 1)
            #expect(mockChildRouter.loadCallCount == 1)
        }
    }

    @Test func test_attachChild_activatesSubtreeOfTheChild() {
        withLeakDetector(leakDetectorMock) {
            let router = Router<Interactable>(interactor: InteractableMock())
            let childInteractor = InteractableMock()
            let childRouter = Router<Interactable>(interactor: childInteractor)
            let grandChildInteractor = InteractableMock()
            let grandChildRouter = RouterMock(interactor: grandChildInteractor)
            childRouter.attachChild(grandChildRouter)
            router.load()

            router.attachChild(childRouter)

            #expect(grandChildInteractor.activateCallCount == 1)
            #expect(grandChildRouter.loadCallCount == 1)
        }
    }

    @Test func test_detachChild() {
        withLeakDetector(leakDetectorMock) {
            let router = Router<Interactable>(interactor: InteractableMock())
            let mockChildInteractor = InteractableMock()
            let mockChildRouter = RouterMock(interactor: mockChildInteractor)
            router.attachChild(mockChildRouter)

            router.detachChild(mockChildRouter)

            #expect(router.children.isEmpty)
            #expect(mockChildInteractor.deactivateCallCount == 1)
        }
    }

    @Test func test_detachChild_deactivatesSubtreeOfTheChild() {
        withLeakDetector(leakDetectorMock) {
            let router = Router<Interactable>(interactor: InteractableMock())
            let childInteractor = Interactor()
            let childRouter = Router(interactor: childInteractor)
            let grandChildInteractor = InteractableMock()
            let grandChildRouter = RouterMock(interactor: grandChildInteractor)
            router.load()
            router.attachChild(childRouter)
            childRouter.attachChild(grandChildRouter)
            grandChildInteractor.isActive = true

            router.detachChild(childRouter)

            #expect(grandChildInteractor.deactivateCallCount == 1)
        }
    }

    @Test func test_deinit_triggers_leakDetection() {
        withLeakDetector(leakDetectorMock) {
            let interactor = InteractableMock()
            var router: Router<Interactable>? = Router(interactor: interactor)
            router!.load()

            router = nil

            #expect(router == nil)
            #expect(leakDetectorMock.expectDeallocateCallCount == 1)
        }
    }
}
