import Testing
@_spi(TrellisHost) import TrellisSDK

/// Typed slots: a parent gets its child's builder by the child's builder protocol,
/// and the child builds through the slot it was handed out through.
@MainActor
struct TypedSlotTests {
    @MainActor
    private protocol NextBuildable: AnyObject {
        func build(withListener listener: ScreenListener) -> ViewableRouting
    }

    private final class NextBuilder: Builder<EmptyDependency>, NextBuildable {
        func build(withListener listener: ScreenListener) -> ViewableRouting {
            boundSlot.build(listener: listener)
        }
    }

    private final class Parent: ScreenListener {
        func screenDidRequestDismiss() {}
    }

    /// A slot that builds a screen showing its name.
    private final class NamedSlot: ChildSlot {
        let name: String
        private(set) var builds = 0

        init(name: String) {
            self.name = name
        }

        func build(listener: ScreenListener, parameters: JSONValue) -> ViewableRouting {
            builds += 1
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("built by slot \(name)")))
        }

        func build(listener: ScreenListener, parameters: JSONValue, hostView: ViewControllable) -> Routing {
            build(listener: listener, parameters: parameters)
        }
    }

    private func context(giving builder: AnyObject?) -> ScreenContext {
        let context = ScreenContext(routeID: "main", slot: { _ in fatalError("no untyped slots here") })
        if let builder { context.builderProvider = { _ in builder } }
        return context
    }

    @Test func theParentGetsTheBuilderByItsProtocolAndItBuildsThroughItsSlot() throws {
        let child = NextBuilder(dependency: EmptyComponent())
        let slot = NamedSlot(name: "next")
        bindBuilder(child, to: slot)

        let builder = try context(giving: child).slot("next", as: NextBuildable.self)
        let router = builder.build(withListener: Parent())

        #expect(builder === child)
        #expect(slot.builds == 1)
        #expect(router.viewControllable.viewController.content == .text("built by slot next"))
    }

    @Test func aBuilderOfAnotherProtocolIsRefusedNamingBoth() {
        #expect(throws: SlotTypeMismatch(route: "main", slot: "next", expected: "NextBuildable", found: "a Interactor"))
        {
            try context(giving: Interactor()).slot("next", as: NextBuildable.self)
        }
        #expect(throws: SlotTypeMismatch.self) {
            try context(giving: nil).slot("next", as: NextBuildable.self)
        }
    }

    @Test func aBuilderNoSlotGaveOutBuildsAScreenThatSaysSo() {
        let router = NextBuilder(dependency: EmptyComponent()).build(withListener: Parent())
        guard case let .text(text) = router.viewControllable.viewController.content else {
            Issue.record("expected a text screen")
            return
        }
        #expect(text.hasPrefix("NextBuilder was built directly, not through a parent's typed slot"))
    }
}
