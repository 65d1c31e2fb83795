import Testing
import TrellisSDK

/// Counterpart of RIBs-iOS's `PresentableInteractorTests`. RIBs' test reads the
/// real detector; this one sets a fresh `LeakDetector` (the SDK's own, not a
/// mock) as the instance, so no other test's expectations show in its status.
@MainActor
struct PresentableInteractorTests {
    @Test func test_deinit_doesNotLeakPresenter() {
        withLeakDetector(LeakDetector()) {
            let presenterMock = PresenterMock()
            let disposeBag = DisposeBag()
            var interactor: PresentableInteractor<TestPresenter>? = PresentableInteractor<TestPresenter>(
                presenter: presenterMock)
            var status: LeakDetectionStatus = .DidComplete
            LeakDetector.instance.status.subscribe { newStatus in
                status = newStatus
            }.disposed(by: disposeBag)
            #expect(status == .DidComplete)

            interactor = nil

            #expect(interactor == nil)
            #expect(status == .InProgress)
        }
    }
}
