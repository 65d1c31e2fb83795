import Foundation
import Testing
import TrellisSDK

@testable import TrellisHost

struct RouteConfigTests {
    private let file = URL(fileURLWithPath: "/configs/app.json")

    private func decode(_ text: String) throws -> RouteConfig {
        try RouteConfig.decode(text, file: file)
    }

    private func error(_ text: String) -> ConfigError? {
        do {
            _ = try RouteConfig.decode(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func decodesTheDocumentedShape() throws {
        let config = try decode(
            """
            {
              "plugins": [".build/debug"],
              "root": "main",
              "routes": {
                "main": { "plugin": "MainScreen", "children": { "next": "next" },
                          "parameters": { "title": "Hello" } },
                "next": { "plugin": "NextScreen" }
              }
            }
            """)

        #expect(config.root == "main")
        #expect(config.searchPath.map(\.path) == ["/configs/.build/debug"])
        #expect(
            config.routes["main"]
                == Route(
                    id: "main", plugin: "MainScreen", children: ["next": "next"],
                    parameters: ["title": "Hello"]))
        #expect(config.routes["next"] == Route(id: "next", plugin: "NextScreen"))
    }

    @Test func searchPathDefaultsToTheConfigFolder() throws {
        let config = try decode(#"{ "root": "a", "routes": { "a": { "plugin": "A" } } }"#)
        #expect(config.searchPath.map(\.path) == ["/configs"])
    }

    @Test func malformedJSONNamesLineAndColumn() {
        #expect(
            error("{\n  \"root\": main\n}")
                == .malformedJSON(
                    file: "/configs/app.json", line: 2, column: 11,
                    reason: "expected a value (strings need double quotes)"))
        #expect(
            error(#"{ "root": "a", }"#)
                == .malformedJSON(
                    file: "/configs/app.json", line: 1, column: 16, reason: "expected a key in double quotes"))
    }

    @Test func unknownKeysAreNamedWithTheirPath() {
        #expect(
            error(#"{ "root": "a", "routes": { "a": { "plugin": "A", "childs": {} } } }"#)
                == .unknownKey(
                    file: "/configs/app.json", path: "routes.a.childs",
                    allowed: ["plugin", "children", "parameters", "sha256", "isolation", "permissions"]))
        #expect(
            error(#"{ "root": "a", "route": {} }"#)
                == .unknownKey(
                    file: "/configs/app.json", path: "route",
                    allowed: ["plugins", "root", "routes", "allowExternalPlugins", "theme", "isolation"]))
    }

    @Test func aThemeIsOneOfItsNames() throws {
        #expect(
            try decode(#"{ "root": "a", "theme": "high-contrast", "routes": { "a": { "plugin": "A" } } }"#).theme
                == .highContrast)
        #expect(try decode(#"{ "root": "a", "routes": { "a": { "plugin": "A" } } }"#).theme == nil)
        #expect(
            error(#"{ "root": "a", "theme": "dark", "routes": {} }"#)
                == .wrongType(
                    file: "/configs/app.json", path: "theme",
                    expected: #"one of "default", "light", "high-contrast", "none", not "dark""#))
    }

    @Test func wrongTypesAreNamedWithTheirPath() {
        #expect(
            error(#"{ "root": "a", "routes": { "a": { "plugin": 3 } } }"#)
                == .wrongType(file: "/configs/app.json", path: "routes.a.plugin", expected: "a string"))
        #expect(
            error(#"{ "root": "a", "routes": { "a": { "plugin": "A", "children": { "x": 1 } } } }"#)
                == .wrongType(file: "/configs/app.json", path: "routes.a.children.x", expected: "a string"))
        #expect(
            error(#"{ "plugins": "lib", "root": "a", "routes": {} }"#)
                == .wrongType(file: "/configs/app.json", path: "plugins", expected: "an array of folder paths"))
    }

    @Test func missingKeysAreReported() {
        guard case .missingKey(_, "routes.a.plugin", _)? = error(#"{ "root": "a", "routes": { "a": {} } }"#) else {
            Issue.record("expected the missing plugin to be reported")
            return
        }
        guard case .missingKey(_, "root", _)? = error(#"{ "routes": {} }"#) else {
            Issue.record("expected the missing root to be reported")
            return
        }
    }

    @Test func danglingRouteIdsAreReported() {
        #expect(
            error(#"{ "root": "a", "routes": { "a": { "plugin": "A", "children": { "next": "b" } } } }"#)
                == .unknownRoute(file: "/configs/app.json", path: "routes.a.children.next", route: "b", known: ["a"]))
        #expect(
            error(#"{ "root": "z", "routes": { "a": { "plugin": "A" } } }"#)
                == .unknownRoute(file: "/configs/app.json", path: "root", route: "z", known: ["a"]))
    }

    @Test func cyclesAreReported() {
        let text = """
            { "root": "a", "routes": {
                "a": { "plugin": "A", "children": { "s": "b" } },
                "b": { "plugin": "B", "children": { "s": "a" } } } }
            """
        #expect(error(text) == .cycle(file: "/configs/app.json", routes: ["a", "b", "a"]))
    }

    @Test func messagesSayWhatToDo() {
        let message = ConfigError.unknownRoute(file: "c.json", path: "root", route: "z", known: ["a"])
            .localizedDescription
        #expect(
            message == "c.json: root names route \"z\", which `routes` does not define. Defined routes: a. "
                + "Add the route or fix the name.")
    }

    /// With no route defined, the message does not list an empty set of them.
    @Test func aRootNamingARouteOfNoRoutesSaysTheyAreEmpty() {
        let message = ConfigError.unknownRoute(file: "c.json", path: "root", route: "main", known: [])
            .localizedDescription

        #expect(
            message
                == "c.json: root names route \"main\", which `routes` does not define. `routes` is empty: add the route there."
        )
    }
}
