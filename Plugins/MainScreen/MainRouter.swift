import Foundation
import TrellisSDK

final class MainRouter: ViewableRouter<MainInteractor, MainViewController>, MainRouting {
    private let nextBuilder: ChildSlot
    private var nextRouter: ViewableRouting?

    init(nextBuilder: ChildSlot, interactor: MainInteractor, viewController: MainViewController) {
        self.nextBuilder = nextBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    var isShowingNext: Bool { nextRouter != nil }

    func attachNext() {
        guard nextRouter == nil else { return }
        let time = "Now is \(Date().description)"
        // Next keeps the time current while it is shown, as a clock.
        let router = nextBuilder.build(
            listener: interactor, parameters: ["title": .string(time), "clock": .bool(true)])
        nextRouter = router
        attachChild(router)
        viewController.present(router.viewControllable)
    }

    func detachNext() {
        guard let router = nextRouter else { return }
        viewController.dismiss(router.viewControllable)
        nextRouter = nil
        detachChild(router)
    }
}
