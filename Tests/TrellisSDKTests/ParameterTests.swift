import Testing
import TrellisSDK

/// Typed parameters: the value, `nil` when the route gives none, and an error that
/// names the route, the key and what the config gives.
@MainActor
struct ParameterTests {
    private let context = ScreenContext(
        routeID: "clock",
        parameters: .object([
            "interval": .number(250), "ratio": .number(1.5), "on": .bool(true), "title": .string("Now"),
            "names": .array([.string("a"), .string("b")]), "style": .object(["bold": .bool(true)]), "none": .null,
        ]), slot: { _ in fatalError("no slots here") })

    @Test func eachTypeIsReadWhenItIsWhatTheConfigGives() throws {
        #expect(try context.parameter("interval", as: Int.self) == 250)
        #expect(try context.parameter("ratio", as: Double.self) == 1.5)
        #expect(try context.parameter("on", as: Bool.self) == true)
        #expect(try context.parameter("title", as: String.self) == "Now")
        #expect(try context.parameter("names", as: [String].self) == ["a", "b"])
        #expect(try context.parameter("style", as: [String: JSONValue].self) == ["bold": .bool(true)])
        #expect(try context.parameter("missing", as: Int.self) == nil)
        #expect(try context.parameter("none", as: String.self) == nil, "null is a parameter not given")
    }

    @Test func theWrongTypeIsAnErrorNamingRouteKeyAndWhatWasFound() {
        #expect(throws: ParameterError(route: "clock", key: "title", expected: "an integer", found: "a string \"Now\""))
        {
            try context.parameter("title", as: Int.self)
        }
        #expect(throws: ParameterError(route: "clock", key: "ratio", expected: "an integer", found: "the number 1.5")) {
            try context.parameter("ratio", as: Int.self)
        }
        let error = ParameterError(route: "clock", key: "on", expected: "a string", found: "true")
        #expect(
            error.description
                == "route \"clock\": parameters.on must be a string, and it is true. Fix it in the route's `parameters`."
        )
    }

    @Test func parametersAreWrittenAsAConfigWritesThem() {
        let literal: JSONValue = ["count": 3, "ratio": 1.5, "clock": true, "names": ["a", "b"], "title": "Now"]
        #expect(
            literal
                == .object([
                    "count": .number(3), "ratio": .number(1.5), "clock": .bool(true),
                    "names": .array([.string("a"), .string("b")]), "title": .string("Now"),
                ]))
    }

    private struct Style: Decodable, Equatable {
        var bold: Bool
        var color: String?
        var sizes: [Int]
    }

    @Test func aDecodableTypeIsDecodedFromTheParameter() throws {
        let context = ScreenContext(
            routeID: "card", parameters: ["style": ["bold": true, "sizes": [12, 14]]],
            slot: { _ in fatalError("no slots here") })
        #expect(try context.parameter("style", as: Style.self) == Style(bold: true, color: nil, sizes: [12, 14]))
        #expect(try context.parameter("missing", as: Style.self) == nil)
    }

    @Test func aMemberThatDoesNotFitIsNamedInTheError() {
        let context = ScreenContext(
            routeID: "card", parameters: ["style": ["bold": true, "sizes": [12, 14.5]]],
            slot: { _ in fatalError("no slots here") })
        #expect(
            throws: ParameterError(
                route: "card", key: "style", expected: "Style (at sizes[1]): a whole number that fits Int",
                found: "the number 14.5")
        ) {
            try context.parameter("style", as: Style.self)
        }
        let missing = ScreenContext(
            routeID: "card", parameters: ["style": ["sizes": []]], slot: { _ in fatalError("no slots here") })
        #expect(
            throws: ParameterError(
                route: "card", key: "style", expected: "Style (at bold): a value (it is required)", found: "null")
        ) {
            try missing.parameter("style", as: Style.self)
        }
    }
}
