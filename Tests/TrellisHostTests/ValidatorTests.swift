import Foundation
import Testing
import TrellisHost
import TrellisTestSupport

@MainActor
struct ValidatorTests {
    private func problems(_ routes: String, root: String = "main") throws -> [ValidationProblem] {
        let folder = try TemporaryFolder()
        let config = try RouteConfig.load(from: try folder.writeConfig(routes: routes, root: root))
        return Validator(config: config, loader: PluginLoader(config: config)).problems()
    }

    @Test func theDefaultShapeHasNoProblems() throws {
        #expect(
            try problems(
                """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } }, "next": { "plugin": "NextScreen" } }
                """) == [])
    }

    @Test func anUnboundSlotIsAnError() throws {
        let found = try problems(#"{ "main": { "plugin": "MainScreen" } }"#)
        #expect(found.map(\.severity) == [.error])
        #expect(found[0].message.contains("slot \"next\""), "\(found[0].message)")
    }

    @Test func aBindingToAnUndeclaredSlotIsAnError() throws {
        let found = try problems(
            """
            { "main": { "plugin": "MainScreen", "children": { "next": "next", "extra": "next" } },
              "next": { "plugin": "NextScreen" } }
            """)
        #expect(found.count == 1)
        #expect(found[0].message.contains("routes.main.children.extra"), "\(found[0].message)")
    }

    @Test func aMissingPluginIsAnErrorAndAnUnreachableRouteAWarning() throws {
        let found = try problems(
            """
            { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
              "next": { "plugin": "NextScreen" }, "spare": { "plugin": "Ghost" } }
            """)
        #expect(found.map(\.severity) == [.error, .warning])
        #expect(found[0].message.contains("plugin \"Ghost\" not found"), "\(found[0].message)")
        #expect(found[1].message.contains("route \"spare\" is never shown"), "\(found[1].message)")
    }
}
