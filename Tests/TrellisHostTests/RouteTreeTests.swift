import Foundation
import Testing
import TrellisHost
import TrellisSDK
import TrellisTestSupport

@testable import TrellisCore

/// The real Main and Next plugins, loaded into this process and driven headless.
@MainActor
struct RouteTreeTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func launch(_ routes: String) throws -> ScreenSession {
        try launchSession(configAt: try folder.writeConfig(routes: routes))
    }

    private let mainNext = """
        { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
          "next": { "plugin": "NextScreen" } }
        """

    @Test func nextIsAttachedUnderMainThenDetachedAndDeallocatedOnClose() throws {
        let session = try launch(mainNext)
        #expect(session.treeText() == "main (MainScreen)")

        _ = try session.update(.command(.tap("Click Button"))).get()
        #expect(session.treeText() == "main (MainScreen)\n  next (NextScreen)")
        #expect(session.routePath() == ["main", "next"])
        weak let nextRouter = session.tree.rootRouter?.children.first
        weak let nextInteractor = nextRouter?.interactable
        weak let nextView = (nextRouter as? ViewableRouting)?.viewControllable.viewController
        #expect(nextRouter != nil)
        #expect(nextInteractor != nil)
        #expect(nextView != nil)

        _ = try session.update(.command(.tap("Close"))).get()

        #expect(session.treeText() == "main (MainScreen)")
        #expect(nextRouter == nil, "Next's router outlived its detach")
        #expect(nextInteractor == nil, "Next's interactor outlived its detach")
        #expect(nextView == nil, "Next's view outlived its detach")
    }

    @Test func escGoesBackThroughTheRouterThatAttachedTheChild() throws {
        let session = try launch(mainNext)
        _ = try session.update(.command(.tap("Click Button"))).get()
        weak let nextRouter = session.tree.rootRouter?.children.first

        _ = try session.update(.command(.key(.escape))).get()

        #expect(session.tree.rootRouter?.children.isEmpty ?? false)
        #expect(nextRouter == nil)
        #expect(session.frame.text.contains("Click Button!"))
    }

    @Test func theTitleComesFromTheRouteParameters() throws {
        let session = try launch(
            """
            { "main": { "plugin": "MainScreen", "children": { "next": "next" }, "parameters": { "title": "Welcome" } },
              "next": { "plugin": "NextScreen" } }
            """)
        #expect(session.frame.text.contains("[ Welcome ]"))
    }

    @Test func aChildThatFailsToBuildShowsTheErrorInItsPlaceAndClosesLikeAnyChild() throws {
        // A Main child with a wrong title type throws; the parent's own title wins
        // over the config's only for the "title" key, so use another parent.
        let session = try launch(
            """
            { "main": { "plugin": "MainScreen", "children": { "next": "broken" } },
              "broken": { "plugin": "/nowhere/libMissing.so" } }
            """)

        _ = try session.update(.command(.tap("Click Button"))).get()

        let screen = session.frame.text
        #expect(screen.contains("This screen could not be shown"), "\(screen)")
        #expect(screen.contains("libMissing.so"), "\(screen)")
        _ = try session.update(.command(.tap("Close"))).get()
        #expect(session.tree.rootRouter?.children.isEmpty ?? false)
    }

    @Test func tapReportsMissingAndAmbiguousLabels() throws {
        let session = try launch(mainNext)
        #expect(throws: SessionFailure.noControl(label: "Nope", available: ["Hello, RIBs Click Button!"])) {
            try session.update(.command(.tap("Nope"))).get()
        }
        #expect(throws: SessionFailure.expectationFailed(text: "Nope")) {
            try session.update(.command(.expect("Nope"))).get()
        }
    }

    @Test func theRootThatThrowsStopsTheLaunchWithTheRoute() throws {
        let config = try RouteConfig.load(
            from: try folder.writeConfig(
                routes: """
                    { "main": { "plugin": "MainScreen", "children": { "next": "main2" }, "parameters": { "title": 3 } },
                      "main2": { "plugin": "NextScreen" } }
                    """))
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        let error = #expect(throws: RouteError.self) { try tree.launch() }
        #expect(error?.localizedDescription.contains("route \"main\": plugin MainScreen failed to build") == true)
    }
}
