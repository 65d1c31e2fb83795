import Foundation

/// The baseline the router tree is held to: a tree written the obvious way a
/// competent Swift developer would, without RIBs' guarantees (no active-state
/// streams, no subtree deactivation on a parent's deactivation, no leak checks).
@MainActor
final class NaiveInteractor {
    private(set) var isActive = false
    var onActivate: [() -> Void] = []
    var onDeactivate: [() -> Void] = []

    func activate() {
        guard !isActive else { return }
        isActive = true
        for action in onActivate { action() }
    }

    func deactivate() {
        guard isActive else { return }
        isActive = false
        for action in onDeactivate { action() }
    }
}

/// The naive tree's view: a title, as the Next screen's is.
@MainActor
final class NaiveView {
    var title: String

    init(title: String) {
        self.title = title
    }
}

/// The naive tree's node: an interactor, a view and children.
@MainActor
final class NaiveRouter {
    let interactor: NaiveInteractor
    let view: NaiveView?
    private(set) var children: [NaiveRouter] = []

    init(interactor: NaiveInteractor, view: NaiveView? = nil) {
        self.interactor = interactor
        self.view = view
    }

    func attach(_ child: NaiveRouter) {
        children.append(child)
        child.interactor.activate()
    }

    func detach(_ child: NaiveRouter) {
        child.interactor.deactivate()
        children.removeAll { $0 === child }
    }
}

/// The naive builder: allocates a router, an interactor and a view from its
/// parameters, as the Next screen's builder does through the SDK.
@MainActor
struct NaiveBuilder {
    func build(parameters: [String: String]) -> NaiveRouter {
        let view = NaiveView(title: parameters["title"] ?? "Next")
        let interactor = NaiveInteractor()
        interactor.onActivate.append { [weak view] in view?.title += "" }
        return NaiveRouter(interactor: interactor, view: view)
    }
}
