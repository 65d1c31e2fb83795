import Testing
import TrellisSDK

/// Counterpart of RIBs-iOS's `LaunchRouterTests`: a launch router of mocks only.
@MainActor
struct LaunchRouterTests {
    private let interactor = InteractableMock()
    private let viewController = ViewControllableMock()

    @Test func test_launchFromWindow() {
        let launchRouter: LaunchRouting = LaunchRouter(interactor: interactor, viewController: viewController)
        let window = WindowMock()
        launchRouter.launch(from: window)

        #expect(window.rootViewController === viewController.uiviewController)
        #expect(window.isKeyWindow)
    }
}
