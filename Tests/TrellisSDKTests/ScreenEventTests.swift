import Testing
@_spi(TrellisHost) import TrellisSDK

/// A child tells its parent something as a `ScreenEvent`: delivered at once in
/// the same process, relayed as JSON by the host across processes, and decoded
/// there as the type the parent hears.
@MainActor
struct ScreenEventTests {
    enum Greeting: ScreenEvent, Equatable {
        case hello(String)
    }

    enum Farewell: ScreenEvent {
        case bye
    }

    private final class Parent: ScreenEventListener {
        let screenEventTypes: [any ScreenEvent.Type] = [Greeting.self]
        var heard: [Greeting] = []
        func screenDidSend(_ event: any ScreenEvent) {
            if let greeting = event as? Greeting { heard.append(greeting) }
        }
        func screenDidRequestDismiss() {}
    }

    /// The host's listener in a route's own process.
    private final class Relay: ScreenListener, ScreenEventRelay {
        var relayed: [(name: String, json: String)] = []
        func relay(eventNamed name: String, json: String) { relayed.append((name, json)) }
        func screenDidRequestDismiss() {}
    }

    private func context(listener: ScreenListener) -> ScreenContext {
        ScreenContext(routeID: "child", listener: listener, slot: { _ in fatalError("no slots here") })
    }

    @Test func aParentInTheSameProcessHearsTheEventAtOnce() {
        let parent = Parent()

        context(listener: parent).events(Greeting.self).send(.hello("Ada"))
        context(listener: parent).events(Farewell.self).send(.bye)

        #expect(parent.heard == [.hello("Ada")], "a Farewell, which it does not hear, is not delivered")
    }

    @Test func acrossProcessesTheEventCrossesAsJSONAndIsDecodedAsTheTypeTheParentHears() throws {
        let relay = Relay()
        let parent = Parent()

        context(listener: relay).events(Greeting.self).send(.hello("Grace"))
        let (name, json) = try #require(relay.relayed.first)

        #expect(name == Greeting.eventName)
        #expect(name.hasSuffix("ScreenEventTests.Greeting"))
        #expect(parent.receive(eventNamed: name, json: json))
        #expect(parent.heard == [.hello("Grace")])
        #expect(!parent.receive(eventNamed: Farewell.eventName, json: #"{"bye":{}}"#), "a type it does not hear")
        #expect(!parent.receive(eventNamed: name, json: "{ not json"))
        #expect(parent.heard.count == 1)
    }
}
