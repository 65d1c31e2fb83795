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

/// RIBs' `InteractableMock`: the protocol alone, its state set by hand.
final class InteractableMock: Interactable {
    private let isActiveRelay = BehaviorRelay(value: false)
    var activateCallCount = 0
    var deactivateCallCount = 0

    var isActive: Bool {
        get { isActiveRelay.value }
        set { isActiveRelay.accept(newValue) }
    }
    var isActiveStream: Observable<Bool> { isActiveRelay.asObservable() }

    func activate() {
        activateCallCount += 1
        isActiveRelay.accept(true)
    }

    func deactivate() {
        deactivateCallCount += 1
        isActiveRelay.accept(false)
    }
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

