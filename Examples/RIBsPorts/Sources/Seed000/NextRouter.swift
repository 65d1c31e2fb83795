import TrellisSDK

final class NextRouter: ViewableRouter<NextInteractable, NextViewControllable> {
    override init(
        interactor: NextInteractable,
        viewController: NextViewControllable
    ) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}

extension NextRouter: NextRouting {

}
