import TicTacToeContracts
import TrellisSDK

final class RootRouter: LaunchRouter<RootInteractor, ViewController>, RootRouting {
    private let loggedOutBuilder: ChildSlot
    private let loggedInBuilder: ChildSlot
    private var loggedOut: ViewableRouting?
    private var loggedIn: Routing?

    init(
        interactor: RootInteractor, viewController: ViewController,
        loggedOutBuilder: ChildSlot, loggedInBuilder: ChildSlot
    ) {
        self.loggedOutBuilder = loggedOutBuilder
        self.loggedInBuilder = loggedInBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        routeToLoggedOut()
    }

    func routeToLoggedOut() {
        if let loggedIn {
            detachChild(loggedIn)
            self.loggedIn = nil
        }
        guard loggedOut == nil else { return }
        let child = loggedOutBuilder.build(listener: interactor)
        // Run on its own, the tutorial's first screen has nothing to go back to:
        // no back is offered there.
        if interactor.hasParent {
            child.viewControllable.viewController.backTitle = "close the tutorial"
        } else {
            child.viewControllable.viewController.backAction = nil
        }
        loggedOut = child
        attachChild(child)
        viewController.embed(child.viewControllable)
    }

    func routeToLoggedIn() -> LoggedInActionableItem? {
        if let loggedOut {
            detachChild(loggedOut)
            viewController.embed(nil)
            self.loggedOut = nil
        }
        let child = loggedInBuilder.build(listener: interactor, parameters: .object([:]), hostView: viewController)
        loggedIn = child
        attachChild(child)
        return child.interactable as? LoggedInActionableItem
    }
}
