import Foundation
@_spi(TrellisHost) import TrellisSDK

/// The SDK's `LeakDetector.instance` in the host: it is the host's check
/// (``LeakDetector``), so the two never disagree. What RIBs' routers and
/// interactors would expect of their own RIB is the detach check's, so they ask
/// it nothing (no cost on the build path); what a plugin expects of another
/// object joins the check. Its status is `.InProgress` while a detector waits.
@MainActor
package final class SDKLeakDetector: TrellisSDK.LeakDetector {
    package static let shared = SDKLeakDetector()

    package let waiting = BehaviorRelay(value: false)

    override private init() {
        super.init(checkingDetachedRIBs: ())
    }

    package override var status: Observable<LeakDetectionStatus> {
        waiting.asObservable().map { $0 ? .InProgress : .DidComplete }.distinctUntilChanged()
    }

    func checkDidChange(isWaiting: Bool) {
        waiting.accept(isWaiting)
    }

    @discardableResult
    package override func expectDeallocate(object: AnyObject, inTime time: Double) -> LeakDetectionHandle {
        guard let detector = LeakDetector.newest else { return Handle.none }
        let id = detector.expect(object, within: time)
        return id == 0 ? Handle.none : Handle(detector: detector, id: id)
    }

    /// The detach check stands for it: a detached RIB's view must be gone within
    /// a second, which a view still on screen cannot be.
    @discardableResult
    package override func expectViewControllerDisappear(viewController: ViewController, inTime time: Double)
        -> LeakDetectionHandle
    {
        Handle.none
    }

    /// An expectation of the host's check. One the detach check holds (a RIB's
    /// router, interactor or view) is the detach's, and stays.
    private final class Handle: LeakDetectionHandle {
        /// The handle of what adds nothing to the detach check: made once.
        static let none = Handle(detector: nil, id: 0)

        private weak var detector: LeakDetector?
        private let id: Int

        init(detector: LeakDetector?, id: Int) {
            self.detector = detector
            self.id = id
        }

        func cancel() {
            detector?.cancelExpectation(id)
        }
    }
}
