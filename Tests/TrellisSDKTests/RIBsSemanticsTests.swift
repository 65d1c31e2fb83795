import Testing
import TrellisSDK

// A RIB written as a RIBs developer writes one: the router knows its interactor and
// view by protocols, so its unit test can hand it mocks (RIBs' router test pattern).

@MainActor
protocol ProfileInteractable: Interactable {
    var router: ProfileRouting? { get set }
}

@MainActor
protocol ProfileViewControllable: ViewControllable {}

@MainActor
protocol ProfileRouting: ViewableRouting {
    func routeToSettings()
}

@MainActor
protocol SettingsBuildable: AnyObject {
    func build() -> ViewableRouting
}

final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable>, ProfileRouting {
    private let settingsBuilder: SettingsBuildable

    init(interactor: ProfileInteractable, viewController: ProfileViewControllable, settingsBuilder: SettingsBuildable) {
        self.settingsBuilder = settingsBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    func routeToSettings() {
        let settings = settingsBuilder.build()
        attachChild(settings)
        viewController.viewController.present(settings.viewControllable)
    }
}

final class ProfileInteractableMock: Interactor, ProfileInteractable {
    weak var router: ProfileRouting?
}

final class ProfileViewControllableMock: ViewController, ProfileViewControllable {}

final class SettingsBuildableMock: SettingsBuildable {
    private(set) var buildCallCount = 0

    func build() -> ViewableRouting {
        buildCallCount += 1
        let view = ViewController()
        return ViewableRouter(interactor: Interactor(), viewController: view)
    }
}

/// RIBs' semantics, each against RIBs-iOS's documented behaviour.
@MainActor
struct RIBsSemanticsTests {
    @Test func aRouterTakesProtocolTypesAndIsTestedWithMocks() {
        let interactor = ProfileInteractableMock()
        let view = ProfileViewControllableMock()
        let settings = SettingsBuildableMock()
        let router = ProfileRouter(interactor: interactor, viewController: view, settingsBuilder: settings)
        router.interactable.activate()
        router.load()

        router.routeToSettings()

        #expect(settings.buildCallCount == 1)
        #expect(router.children.count == 1)
        #expect(router.children.first?.interactable.isActive == true)
        #expect(view.presentedViewController != nil)
        #expect(interactor.router === router)
    }

    @Test func sharedCallsTheFactoryOnceForOptionalsAndClasses() {
        final class Thing {}
        final class TestComponent: Component<EmptyDependency> {
            var factoryCalls = 0
            var optional: Thing? {
                shared {
                    factoryCalls += 1
                    return nil
                }
            }
            var thing: Thing {
                shared {
                    factoryCalls += 1
                    return Thing()
                }
            }
        }
        let component = TestComponent(dependency: EmptyComponent())

        #expect(component.optional == nil)
        #expect(component.optional == nil)
        #expect(component.factoryCalls == 1, "an optional nil is shared, not made again")
        #expect(component.thing === component.thing)
        #expect(component.factoryCalls == 2)
    }

    @Test func aRouterThatGoesAwayDeactivatesItsInteractor() {
        let interactor = Interactor()
        do {
            let router = Router(interactor: interactor)
            router.interactable.activate()
            #expect(interactor.isActive)
        }
        #expect(!interactor.isActive)
    }

    @Test func disposeOnDeactivateReturnsTheDisposable() {
        let interactor = Interactor()
        interactor.activate()
        var disposed = false
        let disposable = ActionDisposable { disposed = true }.disposeOnDeactivate(interactor: interactor)

        disposable.dispose()

        #expect(disposed)
        interactor.deactivate()
    }

    @Test func reattachingAfterDetachActivatesAgain() {
        let parent = Router(interactor: Interactor())
        parent.interactable.activate()
        parent.load()
        let child = Router(interactor: Interactor())

        parent.attachChild(child)
        parent.detachChild(child)
        parent.attachChild(child)

        #expect(child.interactable.isActive)
        #expect(parent.children.count == 1)
    }

    @Test func aChildTakesItsParentsListenerByItsProtocolOrSaysWhyNot() throws {
        final class Parent: Interactor, ScreenListener {
            func screenDidRequestDismiss() {}
        }
        let parent = Parent()
        let attached = ScreenContext(
            routeID: "child", parameters: .object([:]), listener: parent, slot: { _ in fatalError() })
        let root = ScreenContext(routeID: "root", parameters: .object([:]), slot: { _ in fatalError() })

        #expect(try attached.listener(as: Parent.self) === parent)
        #expect(throws: ListenerMismatch(route: "child", expected: "ProfileInteractable", found: "Parent")) {
            try attached.listener(as: ProfileInteractable.self)
        }
        #expect(throws: ListenerMismatch(route: "root", expected: "Parent", found: nil)) {
            try root.listener(as: Parent.self)
        }
    }

    @Test func ribsSpellingsWorkAsTheirTrellisNames() {
        let parent = ViewController()
        let child = ViewController()
        var completions = 0

        parent.uiviewController.present(child.uiviewController, animated: true) { completions += 1 }
        #expect(parent.presentedViewController === child)
        parent.dismiss(animated: true) { completions += 1 }

        #expect(parent.presentedViewController == nil)
        #expect(completions == 2)
    }

    @Test func deactivatingAParentWithoutDetachDeactivatesItsSubtreeAndBack() {
        let parent = Router(interactor: Interactor())
        parent.interactable.activate()
        parent.load()
        let child = Router(interactor: Interactor())
        parent.attachChild(child)

        parent.interactable.deactivate()
        #expect(!child.interactable.isActive)
        parent.interactable.activate()
        #expect(child.interactable.isActive)
    }
}
