import TrellisSDK

/// Counter's router: it builds its children from slots, whichever plugins the
/// config binds to them, attaches them and shows their views.
final class CounterRouter: ViewableRouter<CounterInteractor, CounterViewController>, CounterRouting {
    private let detailsBuilder: ChildSlot
    private let historyBuilder: ChildSlot
    private var details: ViewableRouting?
    private var history: ViewableRouting?

    init(
        interactor: CounterInteractor, viewController: CounterViewController,
        detailsBuilder: ChildSlot, historyBuilder: ChildSlot
    ) {
        self.detailsBuilder = detailsBuilder
        self.historyBuilder = historyBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    // Present and dismiss: a modal over Counter.
    func routeToDetails(count: Int) {
        guard details == nil else { return }
        let child = detailsBuilder.build(listener: interactor, parameters: ["count": .number(Double(count))])
        details = child
        attachChild(child)
        viewController.present(child.viewControllable)
    }

    func dismissDetails() {
        guard let child = details else { return }
        viewController.dismiss(child.viewControllable)
        detachChild(child)
        details = nil
    }

    // Push and pop: on Counter's navigation stack.
    func routeToHistory() {
        guard history == nil else { return }
        let child = historyBuilder.build(listener: interactor)
        history = child
        attachChild(child)
        viewController.push(child.viewControllable)
    }

    func popHistory() {
        guard let child = history else { return }
        viewController.pop(child.viewControllable)
        detachChild(child)
        history = nil
    }
}
