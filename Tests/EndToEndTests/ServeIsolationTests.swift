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

    /// Five tabs: one's isolated screen crashes, another's hangs; each page
    /// says what happened to it, and the other three go on working.
    @Test func withFiveTabsOnesCrashAndAnothersHangLeaveTheOtherThreeWorking() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "launcher": { "plugin": "Launcher",
                                "children": { "mainNext": "crash", "tictactoe": "hang", "candyStore": "count",
                                              "airports": "count", "repositories": "count", "widgets": "count",
                                              "notes": "count" } },
                  "crash": { "plugin": "TestScreens", "isolation": "process",
                             "parameters": { "behaviour": "segfaultInBuild" } },
                  "hang": { "plugin": "TestScreens", "isolation": "process", "parameters": { "behaviour": "hangInTap" } },
                  "count": { "plugin": "TestScreens", "isolation": "process", "parameters": { "behaviour": "counter" } } }
                """, root: "launcher")
        // The hang's limit: the app's own waits (a second at most for a tap) are far below it.
        let app = try ServedApp(config: config.path, environment: ["TRELLIS_HANG_SECONDS": "5"])
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
}
