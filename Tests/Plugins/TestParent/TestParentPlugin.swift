import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { TestParentPlugin() }
}

/// A parent whose `Open` button makes the mistake its route's `mistake` parameter
/// names, for the host's tests:
/// - `attachWithoutShowing`: attaches the "child" slot's router and never presents
///   its view;
/// - `undeclaredSlot`: asks for slot "chlid", which its manifest does not declare.
final class TestParentPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        TestParentBuilder()
    }
}

final class TestParentBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let mistake = context.parameters["mistake"]?.stringValue ?? ""
        let view = ViewController(content: .vstack([.text("Parent"), .button("Open")]))
        let interactor = TestParentInteractor(presenter: view)
        let router = TestParentRouter(
            interactor: interactor, viewController: view,
            slot: context.slot(mistake == "undeclaredSlot" ? "chlid" : "child"),
            presents: mistake != "attachWithoutShowing")
        interactor.router = router
        return router
    }
}

final class TestParentInteractor: PresentableInteractor<ViewController>, ScreenListener {
    weak var router: TestParentRouter?

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.taps("Open").bind { [weak self] in self?.router?.open() }.disposeOnDeactivate(interactor: self)
    }

    func screenDidRequestDismiss() {
        router?.close()
    }

    /// Back from a child: says which slot's child it was.
    func screenDidRequestDismiss(slot: String) {
        router?.close()
        presenter.content = .vstack([.text("Parent; closed \(slot)"), .button("Open")])
    }
}

final class TestParentRouter: ViewableRouter<TestParentInteractor, ViewController> {
    private let slot: ChildSlot
    private let presents: Bool
    private var child: ViewableRouting?

    init(interactor: TestParentInteractor, viewController: ViewController, slot: ChildSlot, presents: Bool) {
        self.slot = slot
        self.presents = presents
        super.init(interactor: interactor, viewController: viewController)
    }

    func open() {
        guard child == nil else { return }
        let child = slot.build(listener: interactor)
        self.child = child
        attachChild(child)
        if presents { viewController.present(child.viewControllable) }
    }

    func close() {
        guard let child else { return }
        viewController.dismiss(child.viewControllable)
        detachChild(child)
        self.child = nil
    }
}
