import Testing

@_spi(TrellisHost) @testable import TrellisSDK

/// Counterparts of RIBs-iOS's `ComponentizedBuilderTests`. Where RIBs asserts on a
/// reused component, the SDK reports it and builds on (Docs/RIBs.md): the
/// counterpart expects the report where RIBs expects the assertion.
@MainActor
struct ComponentizedBuilderTests {
    @Test func test_componentForCurrentPass_builderReturnsSameInstance_verifyAssertion() {
        let reports = MisuseReports()
        defer { reports.stop() }
        let component = MockComponent()
        let sameInstanceBuilder = MockComponentizedBuilder { component }
        sameInstanceBuilder.buildHandler = { _, _ in MockSimpleRouter() }
        let _: MockSimpleRouter = sameInstanceBuilder.build(
            withDynamicBuildDependency: (), dynamicComponentDependency: ())
        #expect(reports.messages.isEmpty)

        let _: MockSimpleRouter = sameInstanceBuilder.build(
            withDynamicBuildDependency: (), dynamicComponentDependency: ())

        #expect(reports.messages.count == 1, "Builder should not return the same instance for the same component.")
        #expect(reports.messages.first?.contains("returned the component of the previous build") == true)
    }

    @Test func test_componentForCurrentPass_builderReturnsNewInstance_verifyNoAssertion() {
        let reports = MisuseReports()
        defer { reports.stop() }
        let newInstanceBuilder = MockComponentizedBuilder { MockComponent() }
        newInstanceBuilder.buildHandler = { _, _ in MockSimpleRouter() }

        let _: MockSimpleRouter = newInstanceBuilder.build(
            withDynamicBuildDependency: (), dynamicComponentDependency: ())
        let _: MockSimpleRouter = newInstanceBuilder.build(
            withDynamicBuildDependency: (), dynamicComponentDependency: ())

        #expect(reports.messages.isEmpty)
    }

    /// Not in RIBs' tests: the simple builder builds with a component of its own each time.
    @Test func aSimpleComponentizedBuilderGivesEachBuildItsOwnComponent() {
        let builder = CountingSimpleBuilder { MockComponent() }

        let first = builder.build()
        let second = builder.build()

        #expect(first.component !== second.component)
    }
}

/// Counterparts of RIBs-iOS's `MultiStageComponentizedBuilderTests`.
@MainActor
struct MultiStageComponentizedBuilderTests {
    private let builder = MockMultiStageComponentizedBuilder { MockComponent() }

    @Test func test_componentForCurrentPass_samePass_verifySameInstance() {
        var instance = builder.componentForCurrentBuildPass
        for _ in 0..<100 {
            #expect(instance === builder.componentForCurrentBuildPass)
            instance = builder.componentForCurrentBuildPass
        }
    }

    @Test func test_componentForCurrentPass_multiplePasses_verifyDifferentInstances() {
        var dependencies: [Int] = []
        builder.finalStageBuildHandler = { _, dependency in
            dependencies.append(dependency)
            return MockSimpleRouter()
        }

        let firstPassInstance = builder.componentForCurrentBuildPass
        _ = builder.finalStageBuild(withDynamicDependency: 92393)
        let secondPassInstance = builder.componentForCurrentBuildPass

        #expect(dependencies == [92393])
        #expect(firstPassInstance !== secondPassInstance)
    }

    @Test func test_componentForCurrentPass_builderReturnsSameInstance_verifyAssertion() {
        let reports = MisuseReports()
        defer { reports.stop() }
        let component = MockComponent()
        let sameInstanceBuilder = MockMultiStageComponentizedBuilder { component }
        sameInstanceBuilder.finalStageBuildHandler = { _, _ in MockSimpleRouter() }
        _ = sameInstanceBuilder.finalStageBuild(withDynamicDependency: 92393)
        #expect(reports.messages.isEmpty)

        _ = sameInstanceBuilder.finalStageBuild(withDynamicDependency: 92393)
        #expect(reports.messages.count == 1, "the second pass's build got the first pass's component")

        _ = sameInstanceBuilder.componentForCurrentBuildPass
        #expect(reports.messages.count == 2, "a new pass asking for the component again")
    }
}

/// Collects what the SDK reports as misuse while a test runs.
@MainActor
private final class MisuseReports {
    private(set) var messages: [String] = []

    init() {
        HostHooks.onMisuse = { [unowned self] in messages.append($0) }
    }

    func stop() {
        HostHooks.onMisuse = nil
    }
}

private final class MockComponent {}

private final class MockSimpleRouter {}

private final class MockComponentizedBuilder: ComponentizedBuilder<MockComponent, MockSimpleRouter, (), ()> {
    var buildHandler: ((MockComponent, ()) -> MockSimpleRouter)?

    override func build(with component: MockComponent, _ dynamicBuildDependency: ()) -> MockSimpleRouter {
        buildHandler!(component, dynamicBuildDependency)
    }
}

private final class MockMultiStageComponentizedBuilder: MultiStageComponentizedBuilder<
    MockComponent, MockSimpleRouter, Int
>
{
    var finalStageBuildHandler: ((MockComponent, Int) -> MockSimpleRouter)?

    override func finalStageBuild(with component: MockComponent, _ dynamicDependency: Int) -> MockSimpleRouter {
        finalStageBuildHandler!(component, dynamicDependency)
    }
}

private final class BuiltWith {
    let component: MockComponent
    init(_ component: MockComponent) { self.component = component }
}

private final class CountingSimpleBuilder: SimpleComponentizedBuilder<MockComponent, BuiltWith> {
    override func build(with component: MockComponent) -> BuiltWith {
        BuiltWith(component)
    }
}
