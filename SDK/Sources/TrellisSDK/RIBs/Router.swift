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
}

/// The base class of every router.
///
/// Trellis drives ``load()``, ``attachChild(_:)`` and ``detachChild(_:)``;
/// subclasses fill in ``didLoad()``. Detaching a child deactivates its whole
/// subtree, since each router follows its interactor's active state.
@MainActor
open class Router<InteractorType: Interactable>: Routing {
    /// The interactor, with its own type.
    public let interactor: InteractorType

    public final var interactable: Interactable { interactor }

    public final private(set) var children: [Routing] = []

    private var isLoaded = false
    private var activeSubscription: Disposable?

    /// Creates a router for `interactor`.
    public init(interactor: InteractorType) {
        self.interactor = interactor
    }

    public final func load() {
        guard !isLoaded else { return }
        isLoaded = true
        bindSubtreeActiveState()
        didLoad()
    }

    /// Called once, when the router is first loaded, after its interactor is
    /// active: the place to attach children that are always present. Does nothing
    /// by default.
    open func didLoad() {}

    public final func attachChild(_ child: Routing) {
        guard !children.contains(where: { $0 === child }) else { return }
        children.append(child)
        child.interactable.activate()
        child.load()
    }

    public final func detachChild(_ child: Routing) {
        child.interactable.deactivate()
        children.removeAll { $0 === child }
    }

    private func bindSubtreeActiveState() {
        activeSubscription = interactor.isActiveStream.subscribe { [weak self] isActive in
            guard let self else { return }
            for child in self.children {
                if isActive { child.interactable.activate() } else { child.interactable.deactivate() }
            }
        }
    }

    isolated deinit {
        activeSubscription?.dispose()
        for child in children { child.interactable.deactivate() }
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
@MainActor
open class ViewableRouter<InteractorType: Interactable, ViewControllerType: ViewControllable>:
    Router<InteractorType>, ViewableRouting
{
    /// The view, with its own type.
    public let viewController: ViewControllerType

    public final var viewControllable: ViewControllable { viewController }

    /// Creates a router for `interactor` that shows `viewController`.
    public init(interactor: InteractorType, viewController: ViewControllerType) {
        self.viewController = viewController
        super.init(interactor: interactor)
    }
}
