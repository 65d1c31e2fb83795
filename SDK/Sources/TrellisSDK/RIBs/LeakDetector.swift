internal import Dispatch

/// Whether a ``LeakDetector`` is waiting on an expectation, as RIBs'
/// `LeakDetectionStatus` (its spellings kept, capitals included).
public enum LeakDetectionStatus: Sendable {
    /// An expectation is pending: an object is expected to go away soon.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case InProgress
    /// No expectation is pending.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case DidComplete
}

/// How long an object is given to go away, as RIBs' `LeakDefaultExpectationTime`.
public struct LeakDefaultExpectationTime: Sendable {
    /// For an object to be deallocated: 1 s.
    public static let deallocation = 1.0
    /// For a view to leave the screen: 5 s.
    public static let viewDisappear = 5.0
}

/// A pending expectation of a ``LeakDetector``, as RIBs' `LeakDetectionHandle`.
@MainActor
public protocol LeakDetectionHandle {
    /// Drops the expectation: nothing is checked when its time comes.
    func cancel()
}

/// Checks that what should go away does, as RIBs' `LeakDetector`: a router that
/// goes away expects its interactor to follow, a viewable router its view, a
/// presentable interactor its presenter.
///
/// Inside the host, ``instance`` is the host's detector, a subclass: every
/// detached RIB's router, interactor and view must be gone within a second,
/// reported in the app and by `TRELLIS_LEAKS` (`warn`, `fatal`, `off`). An
/// expectation for a RIB's router, interactor or view adds nothing to that check
/// (one the host never attached never ran); one for another object joins it; its
/// pending checks show in ``status``. Without a host (a plugin's unit tests), this
/// class checks by itself and reports a leak on standard error.
///
/// Replace it in a test with ``setInstance(_:)``, with a subclass that counts
/// calls, as RIBs' tests do with their `LeakDetectorMock`.
@MainActor
open class LeakDetector {
    /// The detector the SDK's routers and interactors report to.
    public private(set) static var instance = LeakDetector()

    /// Makes `newInstance` the detector the SDK reports to (a test's mock). Set
    /// the previous one back when the test ends: the instance is shared.
    public static func setInstance(_ newInstance: LeakDetector) {
        instance = newInstance
    }

    // Main-actor state that no access overlaps: unchecked (see Router.children).
    @exclusivity(unchecked) private var pendingCount = 0
    @exclusivity(unchecked) private var statusRelay: BehaviorRelay<LeakDetectionStatus>?

    /// Whether this detector checks every detached RIB itself (the host's): then
    /// what the SDK's routers and interactors would expect of their own RIB
    /// (its interactor, view, presenter) is that check's, and they ask nothing.
    final let checksDetachedRIBs: Bool

    /// A detector with no expectation pending.
    public init() {
        checksDetachedRIBs = false
    }

    /// The host's detector, which checks every detached RIB's router, interactor
    /// and view itself.
    @_spi(TrellisHost)
    public init(checkingDetachedRIBs: Void) {
        checksDetachedRIBs = true
    }

    /// What the SDK's classes expect of their own RIB's `object` as RIBs' do, unless
    /// the detector checks detached RIBs itself: one read on the build path.
    static func expectRIBObjectDeallocated(
        _ object: @autoclosure () -> AnyObject,
        inTime time: Double = LeakDefaultExpectationTime.deallocation
    ) {
        let detector = instance
        guard !detector.checksDetachedRIBs else { return }
        detector.expectDeallocate(object: object(), inTime: time)
    }

    /// `.InProgress` while an expectation is pending, then `.DidComplete`, sent
    /// now and at each change.
    open var status: Observable<LeakDetectionStatus> {
        let relay = statusRelay ?? BehaviorRelay(value: currentStatus)
        statusRelay = relay
        return relay.asObservable().distinctUntilChanged()
    }

    private var currentStatus: LeakDetectionStatus { pendingCount > 0 ? .InProgress : .DidComplete }

    /// Expects `object` to be deallocated within `time` seconds; if it is still
    /// alive then, the leak is reported.
    ///
    /// - Returns: What cancels the expectation.
    @discardableResult
    open func expectDeallocate(object: AnyObject, inTime time: Double = LeakDefaultExpectationTime.deallocation)
        -> LeakDetectionHandle
    {
        let expectation = begin()
        let description = String(describing: type(of: object))
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.seconds(time)) { [weak object] in
            MainActor.assumeIsolated {
                if expectation.isPending, object != nil {
                    self.reportLeak(
                        "leak: a \(description) was expected to be deallocated within "
                            + "\(time) s, but is still alive; look for a strong reference to it that outlives its RIB")
                }
                expectation.finish()
            }
        }
        return expectation
    }

    /// Expects `viewController` to be off the screen within `time` seconds, as
    /// RIBs expects a deactivated RIB's view to disappear.
    ///
    /// In the host, the host's check stands for it: the view of a detached RIB
    /// must be gone within a second, which a view still on screen cannot be.
    /// Without a host there is no screen, and the expectation only shows in
    /// ``status`` until its time (or its cancellation).
    ///
    /// - Returns: What cancels the expectation.
    @discardableResult
    open func expectViewControllerDisappear(
        viewController: ViewController, inTime time: Double = LeakDefaultExpectationTime.viewDisappear
    ) -> LeakDetectionHandle {
        let expectation = begin()
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.seconds(time)) {
            MainActor.assumeIsolated { expectation.finish() }
        }
        return expectation
    }

    /// Says that an expectation failed: `message` names the object and the time.
    /// By default it goes to standard error (where RIBs asserts: a plugin's
    /// mistake is said, not a crash); a test's subclass can record it, or fail.
    open func reportLeak(_ message: String) {
        HostHooks.report(message)
    }

    private func begin() -> Expectation {
        pendingCount += 1
        if pendingCount == 1 { statusRelay?.accept(.InProgress) }
        return Expectation(detector: self)
    }

    fileprivate func end() {
        pendingCount -= 1
        if pendingCount == 0 { statusRelay?.accept(.DidComplete) }
    }

    /// `time` as a dispatch interval; a time that is not a finite, positive
    /// number of seconds is checked at once.
    private static func seconds(_ time: Double) -> DispatchTimeInterval {
        guard time.isFinite, time > 0 else { return .nanoseconds(0) }
        return .nanoseconds(Int(min(time, 86_400) * 1_000_000_000))
    }
}

/// One expectation of a detector without a host: pending until its time or its
/// cancellation, whichever comes first.
@MainActor
private final class Expectation: LeakDetectionHandle {
    private var detector: LeakDetector?

    init(detector: LeakDetector) {
        self.detector = detector
    }

    var isPending: Bool { detector != nil }

    func cancel() {
        finish()
    }

    func finish() {
        detector?.end()
        detector = nil
    }
}
