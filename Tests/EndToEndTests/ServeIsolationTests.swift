import Foundation
import Testing
import TrellisTestSupport

/// Under `trellis serve`, each tab that opens an isolated route runs it in a
/// process of its own, drawn in that tab's page.
struct ServeIsolationTests {
    @Test func eachTabsIsolatedRouteRunsInAProcessOfItsOwnDrawnInItsPage() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "isolation": "process", "parameters": { "behaviour": "counter" } } }
                """)
        let app = try ServedApp(config: config.path)
        let (first, _, _, _) = try app.openPage()
        let (second, _, _, _) = try app.openPage()
        /// The page's updates until one contains `text`: all of them.
        func updates(of page: WebTestClient, until text: String) -> String {
            var seen = ""
            while !seen.contains(text), let next = page.nextText() { seen += next }
            return seen
        }

        first.sendText(#"{"type":"tap","id":"main.button"}"#)
        let opened = updates(of: first, until: "count 0")
        first.sendText(#"{"type":"tap","id":"Count"}"#)
        let counted = updates(of: first, until: "count 1")
        second.sendText(#"{"type":"tap","id":"main.button"}"#)
        let other = updates(of: second, until: "count 0")
        first.sendText(#"{"type":"tap","id":"Count"}"#)
        let again = updates(of: first, until: "count 2")

        #expect(opened.contains("this test screen is build one, count 0"), "drawn in the page: \(opened)")
        #expect(counted.contains("count 1"), "its action crossed and came back: \(counted)")
        #expect(other.contains("count 0") && !other.contains("count 1"), "a process of the second tab's own")
        #expect(again.contains("count 2"))
    }

    /// Five tabs: one's screen crashes, another's hangs; each page says what
    /// happened to it, and the other three go on working. The config says
    /// nothing of isolation: `serve` runs each route in a process of its own.
    @Test func withFiveTabsOnesCrashAndAnothersHangLeaveTheOtherThreeWorking() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "launcher": { "plugin": "Launcher",
                                "children": { "mainNext": "crash", "tictactoe": "hang", "candyStore": "count",
                                              "airports": "count", "repositories": "count", "widgets": "count",
                                              "notes": "count" } },
                  "crash": { "plugin": "TestScreens", "parameters": { "behaviour": "segfaultInBuild" } },
                  "hang": { "plugin": "TestScreens", "parameters": { "behaviour": "hangInTap" } },
                  "count": { "plugin": "TestScreens", "parameters": { "behaviour": "counter" } } }
                """, root: "launcher")
        // The hang's limit: the app's own waits (a second at most for a tap) are far below it.
        let app = try ServedApp(
            config: config.path, environment: ["TRELLIS_HANG_SECONDS": "5"], isolatedByDefault: true)
        let tabs = try (0..<5).map { _ in try app.openPage().page }
        func updates(of page: WebTestClient, until text: String) -> String {
            var seen = ""
            while !seen.contains(text), let next = page.nextText() { seen += next }
            return seen
        }
        func open(_ row: Int, in page: WebTestClient) {
            page.sendText(#"{"type":"select","list":"demos","row":\#(row)}"#)
        }

        open(0, in: tabs[0])
        let crashed = updates(of: tabs[0], until: "signal 11")
        open(1, in: tabs[1])
        _ = updates(of: tabs[1], until: "Freeze")
        tabs[1].sendText(#"{"type":"tap","id":"Freeze"}"#)
        let hung = updates(of: tabs[1], until: "did not answer")
        let counted = tabs[2...].map { tab in
            open(2, in: tab)
            _ = updates(of: tab, until: "count 0")
            tab.sendText(#"{"type":"tap","id":"Count"}"#)
            return updates(of: tab, until: "count 1")
        }

        #expect(crashed.contains("Route crash (plugin TestScreens) stopped"), "\(crashed)")
        #expect(hung.contains("Route hang (plugin TestScreens) stopped"), "\(hung)")
        #expect(counted.allSatisfy { $0.contains("count 1") }, "\(counted)")
        #expect(!crashed.contains("Freeze") && !hung.contains("signal 11"), "each page says its own")
    }

    /// A route whose config says `"isolation": "none"` stays in the app's
    /// process under `serve`, the routes that say nothing each in its own, and
    /// `serve` names a route it cannot isolate (its plugin needs an object from
    /// the routes above).
    @Test func serveIsolatesTheRoutesTheConfigSaysNothingOf() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "parameters": { "behaviour": "counter" } } }
                """)
        let kept = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "isolation": "none", "parameters": { "behaviour": "counter" } } }
                """, name: "kept.json")
        /// Opens the counter in a page of `config` served by default, and says
        /// whether the app's own process maps the plugin.
        func mapsThePlugin(_ config: URL) throws -> Bool {
            let app = try ServedApp(config: config.path, isolatedByDefault: true)
            let (page, _, _, _) = try app.openPage()
            page.sendText(#"{"type":"tap","id":"main.button"}"#)
            var seen = ""
            while !seen.contains("count 0"), let next = page.nextText() { seen += next }
            let maps = childProcesses(of: app.processIdentifier).map(mappedFiles(of:))
            #expect(seen.contains("count 0"), "\(seen)")
            #expect(
                maps.count == 1 && maps.allSatisfy { $0.contains("libMainScreen.so") },
                "the app, the root's plugin in it")
            return maps.contains { $0.contains("libTestScreens.so") }
        }
        let tutorial = try ServedApp(config: "Examples/tictactoe.json", isolatedByDefault: true)
        _ = try tutorial.openPage()

        #expect(try !mapsThePlugin(config), "run in a process of its own")
        #expect(try mapsThePlugin(kept), "the config said none")
        #expect(tutorial.errors.contains("serve: 3 routes stay in the app's process: loggedIn (its plugin requires"))
    }

    /// With --watch, an edited config was read without serve's default: every
    /// route it isolated looked changed, and was swapped into the app's process.
    @Test func withWatchAnEditedConfigKeepsItsRoutesIsolated() throws {
        let folder = try TemporaryFolder()
        func writeConfig(title: String) throws -> URL {
            try folder.writeConfig(
                routes: """
                    { "main": { "plugin": "MainScreen", "children": { "next": "next" },
                                "parameters": { "title": "\(title)" } },
                      "next": { "plugin": "TestScreens", "parameters": { "behaviour": "counter" } } }
                    """)
        }
        let config = try writeConfig(title: "Before the edit")
        let app = try ServedApp(config: config.path, arguments: ["--watch"], isolatedByDefault: true)
        let (page, _, _, _) = try app.openPage()
        page.sendText(#"{"type":"tap","id":"main.button"}"#)
        var seen = ""
        while !seen.contains("count 0"), let next = page.nextText() { seen += next }
        _ = try writeConfig(title: "After the edit")
        let (later, _, _, _) = try app.openPage()
        var edited = ""
        while !edited.contains("After the edit"), let next = later.nextText() { edited += next }
        later.sendText(#"{"type":"tap","id":"main.button"}"#)
        var opened = ""
        while !opened.contains("count 0"), let next = later.nextText() { opened += next }
        let maps = childProcesses(of: app.processIdentifier).map(mappedFiles(of:))

        #expect(edited.contains("After the edit") && opened.contains("count 0"), "\(edited) \(opened)")
        #expect(maps.count == 1 && maps.allSatisfy { $0.contains("libMainScreen.so") }, "the app")
        #expect(maps.allSatisfy { !$0.contains("libTestScreens.so") }, "next still in a process of its own")
        #expect(!app.errors.contains("swapped next"), "nothing to swap: \(app.errors)")
    }

    /// What a route's own process says (here, a workflow that failed with no
    /// action under way) reaches the page of its tab, through the tab's tree:
    /// not standard error, where `serve` writes what no tab claims.
    @Test func whatAnIsolatedRouteSaysReachesItsTabsPage() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "isolation": "process",
                            "parameters": { "behaviour": "failingWorkflow" } } }
                """)
        let app = try ServedApp(config: config.path)
        let (page, _, _, _) = try app.openPage()
        page.sendText(#"{"type":"tap","id":"main.button"}"#)
        var seen = ""
        while !seen.contains("a step failed"), let next = page.nextText() { seen += next }

        #expect(seen.contains("ended: a step failed: no such step"), "on the page: \(seen)")
        #expect(!app.errors.contains("a step failed"), "not only on standard error: \(app.errors)")
    }
}
