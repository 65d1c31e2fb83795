import Testing
@_spi(TrellisHost) import TrellisSDK

/// A context the host makes from the route's parameters and the parent's: each
/// parameter reads as the merged parameters have it, and they merge only when
/// read whole.
@MainActor
struct MergedParameterTests {
    private func context(route: JSONValue, call: JSONValue) -> ScreenContext {
        ScreenContext(
            routeID: "leaf", routeParameters: route, callParameters: call, listener: nil,
            dependencies: DependencyScope(), hostView: nil, slot: { _ in fatalError("no slots here") })
    }

    @Test func theParentsParameterWinsAndTheRoutesFillsTheRest() throws {
        let route: JSONValue = ["title": "From the config", "size": 3]
        let call: JSONValue = ["title": "From the parent", "bold": true]
        let context = context(route: route, call: call)

        #expect(try context.parameter("title", as: String.self) == "From the parent")
        #expect(try context.parameter("size", as: Int.self) == 3)
        #expect(try context.parameter("bold", as: Bool.self) == true)
        #expect(try context.parameter("missing", as: String.self) == nil)
        #expect(context.parameters == route.merging(call))
    }

    @Test func aParentsValueThatIsNotAnObjectReplacesTheRoutesAsMergingDoes() throws {
        let route: JSONValue = ["title": "From the config"]
        let context = context(route: route, call: "not an object")

        #expect(try context.parameter("title", as: String.self) == nil)
        #expect(context.parameters == route.merging("not an object"))
    }

    @Test func aRoutesValueThatIsNotAnObjectGivesTheParentsMembers() throws {
        let context = context(route: .null, call: ["title": "From the parent"])

        #expect(try context.parameter("title", as: String.self) == "From the parent")
        #expect(context.parameters == ["title": "From the parent"])
    }
}
