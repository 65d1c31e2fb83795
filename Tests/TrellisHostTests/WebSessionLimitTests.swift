import Foundation
import Testing
import TrellisHost
import TrellisTestSupport

/// A screen larger than a page is sent (64 MiB by default: a text of millions of
/// lines) is not sent; the page is shown why in its place, and serve's log is told.
@MainActor
struct WebSessionLimitTests {
    @Test func aScreenOverTheLargestUpdateIsNotSentAndThePageAndTheLogSayWhy() throws {
        let folder = try TemporaryFolder()
        let file = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "parameters": { "behaviour": "hugeText", "lines": 100000 } } }
                """)
        let config = try RouteConfig.load(from: file)
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        try tree.launch()
        let session = WebSession(tree: tree, id: "limit")
        var said: [String] = []
        session.say = { said.append($0) }
        session.largestUpdate = 1 << 20
        let first = try #require(session.update())

        session.receive(#"{"type":"tap","id":"main.button"}"#)
        let large = try #require(session.update())
        let again = session.update()
        session.receive(#"{"type":"back"}"#)
        let back = try #require(session.update())

        #expect(first.contains("Click Button"), "the small screen is sent: \(first.prefix(300))")
        #expect(large.contains("more than the 1 MiB a page is sent, so it is not shown here"), "\(large.prefix(300))")
        #expect(large.utf8.count < 4096, "the stand-in, not the screen: \(large.utf8.count) bytes")
        #expect(again == nil, "nothing more is sent while the screen is as it was")
        #expect(said.count == 1 && said[0].hasPrefix("trellis: a screen was not sent to a page: This screen is "))
        #expect(back.contains("Click Button"), "the screen that fits is sent again: \(back.prefix(300))")
        tree.end()
    }
}
