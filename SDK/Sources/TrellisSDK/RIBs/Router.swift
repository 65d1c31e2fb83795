/// A node of the router tree: it owns an interactor and attaches child routers.
@MainActor
public protocol Routing: AnyObject {
    /// The interactor whose active state this router follows.
    var interactable: Interactable { get }

    /// The attached child routers, oldest first.
    var children: [Routing] { get }

    /// Loads the router; its parent calls this on attach. Only the first call
    /// does anything.
    func load()

    /// Attaches `child`: activates its interactor, then loads it.
    func attachChild(_ child: Routing)

    /// Detaches `child`: deactivates its interactor and forgets it.
    func detachChild(_ child: Routing)

    /// This router as a ``ViewableRouting``, if it has a view; `nil` if not.
    ///
    /// What a host asks instead of `router as? ViewableRouting`: a cast makes the
    /// Swift runtime scan every loaded image's conformance records the first time
    /// it meets a plugin's router type, where this is one dynamic call. A type that
    /// conforms to ``Routing`` itself (a mock) gets the cast by default.
    var viewableRouting: ViewableRouting? { get }

    /// The router's lifecycle, as RIBs' `lifecycle`: `.didLoad` once it has
    /// loaded, and the completion when it goes away. A type that conforms to
    /// ``Routing`` itself (a mock) sends nothing by default.
    var lifecycle: Observable<RouterLifecycle> { get }
}

extension Routing {
    /// This router as a viewable one, if it has a view.
    public var viewableRouting: ViewableRouting? { self as? ViewableRouting }

    /// For a type that conforms itself, a lifecycle that sends nothing; a
    /// ``Router`` sends `didLoad` once it is loaded and completes when it goes away.
    public var lifecycle: Observable<RouterLifecycle> { .never }
}

/// What happens to a router in its life, as RIBs' `RouterLifecycle`.
public enum RouterLifecycle: Equatable, Sendable {
    /// The router has loaded: its parent attached it, or the host launched it.
    case didLoad
}

/// The base class of every router.
///
/// Trellis drives ``load()``, ``attachChild(_:)`` and ``detachChild(_:)``;
/// subclasses fill in ``didLoad()``. Detaching a child deactivates its whole
/// subtree, since each router follows its interactor's active state.
///
/// As in RIBs, `InteractorType` may be any type, a protocol such as
/// `LoggedInInteractable` included, so a router can be tested with a mock
/// interactor; the interactor given must be ``Interactable``, checked at run time.
@MainActor
open class Router<InteractorType>: Routing, ActiveStateFollower {
    /// The interactor, with the type the router knows it by.
    public let interactor: InteractorType

    /// The router's interactor, as its tree reaches it.
    public final let interactable: Interactable

    // The tree's state is read and written on the main actor only, never passed
    // inout to code that could touch it again: exclusivity cannot be violated, and
    // checking it at run time was a third of an attach's cost (Docs/Performance.md).
    /// The routers attached to this one, oldest first.
    @exclusivity(unchecked) public final private(set) var children: [Routing] = []

    @exclusivity(unchecked) fileprivate var isLoaded = false
    private var activeSubscription: Disposable?

    /// Creates a router for `interactor`.
    ///
    /// - Precondition: `interactor` is ``Interactable`` (an ``Interactor``
    ///   subclass, or a mock conforming to it); the failure names both types.
    public init(interactor: InteractorType) {
        self.interactor = interactor
        // An Interactor subclass is found by walking class metadata; only a mock
        // needs the protocol lookup, which scans every loaded image the first time
        // a plugin's new type is asked about.
        if let base = interactor as? Interactor {
            self.interactable = base
            return
        }
        guard let interactable = interactor as? Interactable else {
            fatalError("\(type(of: interactor)) is not Interactable, so it cannot be the interactor of \(Self.self)")
        }
        self.interactable = interactable
    }

    /// `nil`: a router without a view. ``ViewableRouter`` answers itself.
    open var viewableRouting: ViewableRouting? { nil }

    /// Loads the router once, when it is first attached: calls ``didLoad()``.
    public final func load() {
        guard !isLoaded else { return }
        isLoaded = true
        bindSubtreeActiveState()
        didLoad()
        lifecycleSubject?.onNext(.didLoad)
    }

    /// Made when something first observes ``lifecycle``: most routers are never
    /// observed, and building one then allocates no subject.
    @exclusivity(unchecked) private var lifecycleSubject: PublishSubject<RouterLifecycle>?

    /// The router's lifecycle, as RIBs' `lifecycle`: `.didLoad` once it has loaded
    /// (sent at once to a subscriber that comes later), and the completion when
    /// the router goes away. The stream does not keep the router.
    public final var lifecycle: Observable<RouterLifecycle> {
        let subject = lifecycleSubject ?? PublishSubject<RouterLifecycle>()
        lifecycleSubject = subject
        let stream = subject.asObservable()
        guard isLoaded else { return stream }
        return Observable.create { observer in
            observer.onNext(.didLoad)
            return stream.subscribe(
                onNext: observer.onNext, onError: observer.onError,
                onCompleted: observer.onCompleted)
        }
    }

    /// Called once, when the router is first loaded, after its interactor is
    /// active: the place to attach children that are always present. Does nothing
    /// by default.
    open func didLoad() {}

    /// Attaching a child that is already attached is a programming error: it is
    /// reported (the host shows it) and the child stays attached once.
    public final func attachChild(_ child: Routing) {
        guard index(of: child) == nil else {
            HostHooks.report(
                "\(type(of: self)) attached \(type(of: child)), which is already attached to it; "
                    + "attach a child once, and detach it before attaching it again")
            return
        }
        children.append(child)
        child.interactable.activate()
        child.load()
    }

    /// Detaches `child`: deactivates its interactor and lets it go.
    public final func detachChild(_ child: Routing) {
        child.interactable.deactivate()
        // A child is attached once: the first match is the only one.
        if let index = index(of: child) { children.remove(at: index) }
        HostHooks.onDetach?(child, self)
    }

    /// Where `child` is among the children. A loop, not `firstIndex(where:)`: a
    /// closure formed on the main actor is checked to run there at each call.
    private func index(of child: Routing) -> Int? {
        for (index, attached) in children.enumerated() where attached === child { return index }
        return nil
    }

    /// Its children follow its interactor's active state: told directly by an
    /// ``Interactor`` it alone follows, else through the interactor's stream (a
    /// mock, or an interactor shared by two routers).
    private func bindSubtreeActiveState() {
        if let base = interactable as? Interactor, base.follower == nil {
            base.follower = self
            // As the stream would at subscription: the state it starts in.
            activeStateDidChange(base.isActive)
            return
        }
        activeSubscription = interactable.isActiveStream.subscribe { [weak self] isActive in
            self?.interactorDidChangeActiveState(isActive)
        }
    }

    final func interactorDidChangeActiveState(_ isActive: Bool) {
        for child in children {
            if isActive { child.interactable.activate() } else { child.interactable.deactivate() }
        }
        activeStateDidChange(isActive)
    }

    /// Called once the router has loaded with its interactor's state, then at
    /// each change, after the children followed it. Does nothing here; a
    /// ``ViewableRouter`` expects its view to disappear while inactive.
    func activeStateDidChange(_ isActive: Bool) {}

    /// A router that goes away deactivates its interactor and its children's, as
    /// in RIBs: nothing keeps running for a RIB that no longer exists.
    ///
    /// Then, as RIBs' router does, its lifecycle completes and, if it was loaded,
    /// the interactor is expected to go away too
    /// (``LeakDetector/expectDeallocate(object:inTime:)``). A router never loaded
    /// never ran its RIB: a builder's router dropped unused expects nothing.
    isolated deinit {
        let base = interactable as? Interactor
        if let base, base.follower === self { base.follower = nil }
        activeSubscription?.dispose()
        for child in children { child.interactable.deactivate() }
        interactable.deactivate()
        lifecycleSubject?.onCompleted()
        base?.routerDidGoAway(ObjectIdentifier(self))
        if isLoaded { LeakDetector.expectRIBObjectDeallocated(interactable) }
    }
}

/// A router that has a view.
@MainActor
public protocol ViewableRouting: Routing {
    /// The view this router shows and navigates from.
    var viewControllable: ViewControllable { get }
}

/// A router with a view, which it presents, pushes or embeds its children's views
/// into.
///
/// As in RIBs, both types may be protocols (`ViewableRouter<MainInteractable,
/// MainViewControllable>`); the view controller must be ``ViewControllable``,
/// checked at run time.
@MainActor
open class ViewableRouter<InteractorType, ViewControllerType>: Router<InteractorType>, ViewableRouting {
    /// The view, with the type the router knows it by.
    public let viewController: ViewControllerType

    /// The router's view.
    public final let viewControllable: ViewControllable

    /// Itself: a router with a view.
    override public final var viewableRouting: ViewableRouting? { self }

    /// Creates a router for `interactor` that shows `viewController`.
    ///
    /// - Precondition: `viewController` is ``ViewControllable``; the failure
    ///   names both types.
    public init(interactor: InteractorType, viewController: ViewControllerType) {
        self.viewController = viewController
        // As for the interactor: the SDK's class first, the protocol for a mock.
        if let base = viewController as? ViewController {
            self.viewControllable = base
            super.init(interactor: interactor)
            return
        }
        guard let viewControllable = viewController as? ViewControllable else {
            fatalError("\(type(of: viewController)) is not ViewControllable, so it cannot be the view of \(Self.self)")
        }
        self.viewControllable = viewControllable
        super.init(interactor: interactor)
    }

    @exclusivity(unchecked) private var viewDisappearExpectation: LeakDetectionHandle?

    /// As RIBs' viewable router: while its interactor is inactive, its view is
    /// expected to leave the screen
    /// (``LeakDetector/expectViewControllerDisappear(viewController:inTime:)``).
    /// In the host, its detach check stands for this: a detached RIB's view must
    /// be gone within a second, which a view still on screen cannot be.
    override func activeStateDidChange(_ isActive: Bool) {
        let detector = LeakDetector.instance
        guard !detector.checksDetachedRIBs else { return }
        viewDisappearExpectation?.cancel()
        viewDisappearExpectation = nil
        if !isActive {
            viewDisappearExpectation = detector.expectViewControllerDisappear(
                viewController: viewControllable.uiviewController)
        }
    }

    /// As RIBs' does, it expects its view to go away with it, if it was loaded.
    // Isolated, as Router's (see PresentableInteractor's deinit).
    isolated deinit {
        guard isLoaded else { return }
        LeakDetector.expectRIBObjectDeallocated(
            viewControllable.uiviewController,
            inTime: LeakDefaultExpectationTime.viewDisappear)
    }
}

/// The window the host shows the app in: what a root router is launched from, as
/// RIBs' `LaunchRouter` is launched from the app's `UIWindow`.
///
/// Open, as `UIWindow` is, so that a test can launch a root router into a mock
/// window that records what it was asked.
@MainActor
open class AppWindow {
    private var isKey = false

    /// The view shown as the app's root, once launched: the view controller behind
    /// the root router's view, as RIBs' `launch(from:)` sets it.
    open var rootViewController: ViewControllable?

    /// Whether the window receives the user's keys: true once
    /// ``makeKeyAndVisible()`` has been called.
    open var isKeyWindow: Bool { isKey }

    /// A window showing nothing yet; the host makes one for the root route.
    public init() {}

    /// Makes this the window that receives the user's keys, and shows it.
    open func makeKeyAndVisible() {
        isKey = true
    }
}

/// A root router that the host launches, as RIBs' app delegate launches its
/// `LaunchRouter`: it shows its view in the window, activates its interactor and
/// loads.
@MainActor
public protocol LaunchRouting: ViewableRouting {
    /// Launches the app's root RIB in `window`.
    func launch(from window: AppWindow)
}

/// A ``ViewableRouter`` for the root of the app; the host calls
/// ``launch(from:)`` for a root route whose router is one. Any root router works;
/// this one is for RIB code that spells its root as RIBs does.
@MainActor
open class LaunchRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType>,
    LaunchRouting
{
    /// Shows this router's view as the window's root, makes the window key,
    /// activates the interactor and loads, as RIBs' `LaunchRouter` does.
    public final func launch(from window: AppWindow) {
        window.rootViewController = viewControllable.uiviewController
        window.makeKeyAndVisible()
        interactable.activate()
        load()
    }

    // Spelled out, as isolated as Router's (see PresentableInteractor's deinit).
    isolated deinit {}
}
