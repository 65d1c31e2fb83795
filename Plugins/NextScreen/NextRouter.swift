import TrellisSDK

final class NextRouter: ViewableRouter<NextInteractor, NextViewController>, NextRouting {
    override init(interactor: NextInteractor, viewController: NextViewController) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}
