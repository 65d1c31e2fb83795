import Testing
import TrellisSDK

/// Counterparts of RIBs-iOS's `ViewableRouterTests`, with a `LeakDetectorMock` as
/// the shared detector.
@MainActor
struct ViewableRouterTests {
    private let leakDetectorMock = LeakDetectorMock()

    @Test func test_leakDetection() {
        withLeakDetector(leakDetectorMock) {
            let interactor = PresentableInteractor(presenter: PresenterMock())
            let viewController = ViewControllerMock()
            let router = ViewableRouter(interactor: interactor, viewController: viewController)
            router.load()

            interactor.deactivate()

            #expect(leakDetectorMock.expectViewControllerDisappearCallCount == 1)
        }
    }

    @Test func test_deinit_triggers_leakDetection() {
        withLeakDetector(leakDetectorMock) {
            let interactor = PresentableInteractor(presenter: PresenterMock())
            let viewController = ViewControllerMock()
            var router: ViewableRouter<PresentableInteractor<PresenterMock>, ViewControllerMock>? =
                ViewableRouter(interactor: interactor, viewController: viewController)
            router!.load()

            router = nil

            #expect(router == nil)
            #expect(leakDetectorMock.expectDeallocateCallCount == 2)
        }
    }
}
