import Foundation
import Testing
import TrellisTestSupport

/// `trellis serve` at its limits: an update larger than the output a page may
/// have waiting, and a server with every connection taken by an open page.
struct ServeLimitTests {
    /// A first update over 8 MiB (300,000 lines) dropped the page, and again at
    /// each reconnect: the screen was never shown, and nothing said why.
    @Test func aScreenWhoseUpdateIsOverEightMiBIsShown() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "parameters": { "behaviour": "hugeText" } } }
                """)
        // Its 8 MiB take a debug host seconds to make, and a loaded machine more
        // than serve's 10 s for a turn of work: the limit is lifted.
        let app = try ServedApp(config: config.path, environment: ["TRELLIS_HANG_SECONDS": "3600"])
        let (page, _, _, _) = try app.openPage()
        // Making 8 MiB took a debug host over a minute with a load of 15 on two cores.
        page.waitForEachRead(upTo: 600)
        page.sendText(#"{"type":"tap","id":"main.button"}"#)
        var update = ""
        while !update.contains("line 300000 of a long text"), let next = page.nextText() { update = next }

        #expect(update.utf8.count > 8 << 20, "\(update.utf8.count) bytes")
        #expect(update.contains("line 300000 of a long text"), "the whole screen reached the page")
        #expect(!page.sawClose, "\(app.errors.suffix(2000))")
    }

    /// With every connection an open page, a new one was closed unanswered.
    @Test func aServerWithEveryConnectionAnOpenPageAnswers503AndSaysWhy() throws {
        let app = try ServedApp(config: "Examples/main-next.json")
        var pages: [WebTestClient] = []
        for _ in 0..<256 { pages.append(try app.openPage().page) }

        let late = try WebTestClient(port: app.port)
        late.request("/", host: "127.0.0.1:\(app.port)")
        let (head, body) = late.response()
        let deadline = Date().addingTimeInterval(60)
        while !app.errors.contains("a page was refused"), Date() < deadline { usleep(50_000) }

        #expect(head.hasPrefix("HTTP/1.1 503 Service Unavailable"), "\(head)")
        #expect(body.contains("256 pages open") && body.contains("close one, then reload"), "\(body)")
        #expect(app.errors.contains("trellis: a page was refused: this server has 256 pages open"), "\(app.errors)")
        #expect(pages.count == 256)
    }

    /// A tap handler that never returned in one tab ended serving for every tab
    /// after 10 s: the other pages only lost their connection, nothing told them,
    /// and nothing served the address again.
    @Test func aScreenStuckInOneTabIsServedAgainAndTheOtherTabsAreToldWhy() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "parameters": { "behaviour": "hangInTap" } } }
                """)
        let app = try ServedApp(config: config.path, environment: ["TRELLIS_HANG_SECONDS": "1"])
        let (stuck, _, _, _) = try app.openPage()
        let (other, otherID, _, _) = try app.openPage()
        stuck.sendText(#"{"type":"tap","id":"main.button"}"#)
        var update = ""
        while !update.contains("Frozen soon"), let next = stuck.nextText() { update = next }
        stuck.sendText(#"{"type":"tap","id":"Freeze"}"#)
        while other.nextText() != nil {}

        var again: (page: WebTestClient, id: String, first: String, hello: String)?
        let deadline = Date().addingTimeInterval(60)
        while again == nil, Date() < deadline {
            if app.errors.contains("serving again") { again = try? app.openPage(resuming: otherID) }
            if again == nil { usleep(100_000) }
        }
        let back = try #require(again, "served again: \(app.errors)")
        back.page.sendText(#"{"type":"tap","id":"main.button"}"#)
        var error = ""
        while !error.contains("next"), let next = back.page.nextText() { error = next }

        #expect(update.contains("Frozen soon"))
        #expect(app.errors.contains("the app stopped responding"), "\(app.errors)")
        #expect(app.errors.contains("serving again, with route next shown as an error"), "\(app.errors)")
        #expect(back.hello.contains("stopped responding"), "the page is told why: \(back.hello)")
        #expect(error.contains("stopped responding"), "the stuck route is an error in its place: \(error)")
    }

    /// The host's own reading of a config was timed as a screen's turn: a valid
    /// config that took longer to read than the hang limit ended the app as "not
    /// responding" (a 90 MB one, at serve's 10 s). Here 20 MB take a debug host
    /// seconds, against a limit of half a second.
    @Test func aConfigThatTakesLongerToReadThanTheHangLimitIsServed() throws {
        let folder = try TemporaryFolder()
        let title = String(repeating: "x", count: 20_000_000)
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "NextScreen", "parameters": { "title": "\(title)" } } }
                """)
        let app = try ServedApp(config: config.path, environment: ["TRELLIS_HANG_SECONDS": "0.5"])
        let (_, _, first, _) = try app.openPage()

        #expect(first.contains(#""route":["main"]"#), "\(first.prefix(300))")
        #expect(!app.errors.contains("stopped responding"), "\(app.errors.prefix(2000))")
    }
}
