import TrellisSDK

/// RIBs' `InteractorMock`: an interactor that counts its lifecycle hooks.
final class InteractorMock: Interactor {
    var didBecomeActiveCallCount = 0
    var willResignActiveCallCount = 0

    override func didBecomeActive() {
        didBecomeActiveCallCount += 1
        super.didBecomeActive()
    }

    override func willResignActive() {
        willResignActiveCallCount += 1
        super.willResignActive()
    }
}

/// RIBs' `InteractableMock`: the protocol alone, its state set by hand (as in
/// RIBs, `activate()` counts and does not change `isActive`), its stream a
/// subject the test drives.
final class InteractableMock: Interactable {
    var isActive = false { didSet { isActiveSetCallCount += 1 } }
    var isActiveSetCallCount = 0
    var isActiveStreamSubject = PublishSubject<Bool>()
    var isActiveStream: Observable<Bool> { isActiveStreamSubject.asObservable() }

    var activateHandler: (() -> Void)?
    var activateCallCount = 0
    var deactivateHandler: (() -> Void)?
    var deactivateCallCount = 0

    init() {}

    func activate() {
        activateCallCount += 1
        activateHandler?()
    }

    func deactivate() {
        deactivateCallCount += 1
        deactivateHandler?()
    }
}

/// RIBs' `RouterMock` (RouterTests.swift): a router written against the public
/// protocol, with no `@_spi` import.
final class RouterMock: Routing {
    var interactable: Interactable
    var children: [Routing]

    init(interactor: Interactable) {
        self.interactable = interactor
        self.children = []
    }

    var attachChildCallCount = 0
    func attachChild(_ child: Routing) {
        attachChildCallCount += 1
    }

    var detachChildCallCount = 0
    func detachChild(_ child: Routing) {
        detachChildCallCount += 1
    }

    var lifecycle: Observable<RouterLifecycle> {
        Observable.just(.didLoad)
    }

    var loadCallCount = 0
    func load() {
        loadCallCount += 1
    }
}

/// RIBs' `ViewControllerMock` (ViewableRouterTests.swift).
final class ViewControllerMock: ViewControllable {
    var viewController: ViewController { ViewController() }
}

/// RIBs' `TestPresenter` and `PresenterMock` (PresentableInteractorTests.swift).
protocol TestPresenter {}
final class PresenterMock: TestPresenter {}

/// RIBs' `LeakDetectionHandleMock` and `LeakDetectorMock`: a detector that counts
/// what it is asked.
final class LeakDetectionHandleMock: LeakDetectionHandle {
    var cancelCallCount = 0
    func cancel() {
        cancelCallCount += 1
    }
}

final class LeakDetectorMock: LeakDetector {
    var expectDeallocateCallCount = 0
    override func expectDeallocate(object: AnyObject, inTime time: Double) -> LeakDetectionHandle {
        expectDeallocateCallCount += 1
        return LeakDetectionHandleMock()
    }

    var expectViewControllerDisappearCallCount = 0
    override func expectViewControllerDisappear(viewController: ViewController, inTime time: Double)
        -> LeakDetectionHandle
    {
        expectViewControllerDisappearCallCount += 1
        return LeakDetectionHandleMock()
    }

    var statusCallCount = 0
    override var status: Observable<LeakDetectionStatus> {
        statusCallCount += 1
        return super.status
    }
}

/// Runs `body` with `detector` as `LeakDetector.instance`, as RIBs' `setUp` sets
/// its mock, then sets the previous one back. `body` is synchronous, so no other
/// test on the main actor runs while the shared instance is the mock.
@MainActor
func withLeakDetector<Result>(_ detector: LeakDetector, _ body: () throws -> Result) rethrows -> Result {
    let previous = LeakDetector.instance
    LeakDetector.setInstance(detector)
    defer { LeakDetector.setInstance(previous) }
    return try body()
}

/// RIBs' `ViewControllableMock`: a view with its view controller.
final class ViewControllableMock: ViewControllable {
    let viewController = ViewController()
}

/// RIBs' `WindowMock`: a window that records being made key.
final class WindowMock: AppWindow {
    private var internalIsKeyWindow = false
    private var internalRootViewController: ViewControllable?

    override var isKeyWindow: Bool { internalIsKeyWindow }

    override var rootViewController: ViewControllable? {
        get { internalRootViewController }
        set { internalRootViewController = newValue }
    }

    override func makeKeyAndVisible() {
        internalIsKeyWindow = true
    }
}
