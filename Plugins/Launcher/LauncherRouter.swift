import TrellisSDK

final class LauncherRouter: ViewableRouter<LauncherInteractor, ViewController>, LauncherRouting {
    private let demoBuilders: [ChildSlot]
    private var currentDemo: ViewableRouting?

    init(interactor: LauncherInteractor, viewController: ViewController, demoBuilders: [ChildSlot]) {
        self.demoBuilders = demoBuilders
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    func routeToDemo(at index: Int) {
        guard currentDemo == nil, demoBuilders.indices.contains(index) else { return }
        let demo = demoBuilders[index].build(listener: interactor)
        currentDemo = demo
        attachChild(demo)
        viewController.push(demo.viewControllable)
    }

    func routeToList() {
        guard let demo = currentDemo else { return }
        viewController.pop(demo.viewControllable)
        detachChild(demo)
        currentDemo = nil
    }
}
