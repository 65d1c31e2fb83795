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
}
