import Foundation
import Testing
import TrellisTestSupport

/// `trellis serve` end to end: the real binary serving the default config, a
/// client speaking HTTP and WebSocket to it as a browser does. Each security
/// rule is refused as stated; the app is played over the socket.
@Suite(.serialized)
struct ServeTests {
    private let app: ServedApp
    private var port: Int { app.port }
    private var token: String { app.token }

    init() throws {
        app = try ServedApp()
    }

    private var host: String { "127.0.0.1:\(port)" }

    private func socketRequest(origin: String, cookie: Bool = true) -> [String] {
        (cookie ? ["Cookie: trellis-token=\(token)"] : []) + [
            "Origin: \(origin)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
    }

    @Test func theTokenGivesACookieAndThePageNeedsNothingFromOutside() throws {
        let client = try WebTestClient(port: port)
        client.request("/", host: host)
        #expect(client.response().head.hasPrefix("HTTP/1.1 403 Forbidden"), "no token, no cookie")

        let browser = try WebTestClient(port: port)
        browser.request("/?token=\(token)", host: host)
        let signIn = browser.response().head
        #expect(signIn.hasPrefix("HTTP/1.1 302 Found") && signIn.contains("Location: /\r\n"))
        #expect(signIn.contains("HttpOnly; SameSite=Strict"))
        var files: [String] = []
        for path in ["/", "/app.js", "/app.css"] {
            browser.request(path, host: host, ["Cookie: trellis-token=\(token)"])
            let (head, body) = browser.response()
            #expect(head.hasPrefix("HTTP/1.1 200 OK"), "\(path): \(head)")
            #expect(head.contains("Content-Security-Policy: default-src 'none'"))
            files.append(body)
        }
        #expect(files[0].contains("<script src=\"/app.js\" defer></script>"))
        for file in files {
            #expect(!file.contains("http://") && !file.contains("https://") && !file.contains("//cdn"))
        }
        #expect(files[1].contains("textContent") && !files[1].contains("innerHTML"), "text, never HTML")

        let rebound = try WebTestClient(port: port)
        rebound.request("/", host: "rebound.example:\(port)", ["Cookie: trellis-token=\(token)"])
        #expect(rebound.response().head.hasPrefix("HTTP/1.1 403"), "DNS rebinding")
    }

    /// A page's socket, said hello on: the session's id and its first message.
    private func openPage(resuming session: String? = nil) throws -> (WebTestClient, id: String, first: String) {
        let page = try WebTestClient(port: port)
        page.request("/socket", host: host, socketRequest(origin: "http://\(host)"))
        #expect(page.response().head.hasPrefix("HTTP/1.1 101 Switching Protocols"))
        page.sendText(session.map { #"{"type":"hello","session":"\#($0)"}"# } ?? #"{"type":"hello"}"#)
        let hello = try #require(page.nextText())
        let id = try #require(hello.split(separator: "\"").dropLast().last.map(String.init), "\(hello)")
        return (page, id, try #require(page.nextText()))
    }

    @Test func theAppIsPlayedOverTheWebSocketAndAForeignOriginIsRefused() throws {
        let foreign = try WebTestClient(port: port)
        foreign.request("/socket", host: host, socketRequest(origin: "http://evil.example"))
        #expect(foreign.response().head.hasPrefix("HTTP/1.1 403"))

        let (page, id, first) = try openPage()
        #expect(first.hasPrefix(#"{"t":"all""#) && first.contains("Trellis pattern gallery"))
        #expect(first.contains(#""route":["launcher"]"#))

        // The launcher's first row opens Main → Next, as Enter does in the terminal.
        page.sendText(#"{"type":"select","list":"demos","row":0}"#)
        var update = ""
        while !update.contains("Click Button!"), let next = page.nextText() { update = next }
        #expect(update.hasPrefix(#"{"t":"diff","ops":[["s",[0"#), "a change, not the page again: \(update)")
        #expect(update.contains(#""route":["launcher","main"]"#))
        // A control the screen does not have is not sent, and the page is told.
        page.sendText(#"{"type":"tap","id":"Self-destruct"}"#)
        while !update.contains("that control is no longer on screen"), let next = page.nextText() { update = next }
        page.sendText(#"{"type":"select","list":"demos","row":99}"#)
        while !update.contains(#""notice":null"#), let next = page.nextText() { update = next }

        // A frame a browser never sends (not masked) closes the connection.
        page.send([0x81, 0x01, 0x41])
        while page.nextText() != nil {}
        #expect(page.sawClose)

        // The session is kept: a page that reloads comes back to Main → Next.
        let (again, sameID, resumed) = try openPage(resuming: id)
        #expect(sameID == id)
        #expect(resumed.hasPrefix(#"{"t":"all""#) && resumed.contains("Click Button!"), "\(resumed)")
        again.sendText(#"{"type":"back"}"#)
        while !update.contains("Trellis pattern gallery"), let next = again.nextText() { update = next }
        #expect(update.contains(#""route":["launcher"]"#))

        // A second tab is a session of its own, at the root.
        let (_, otherID, other) = try openPage()
        #expect(otherID != id && other.contains(#""route":["launcher"]"#))

        // A page must say hello first.
        let rude = try WebTestClient(port: port)
        rude.request("/socket", host: host, socketRequest(origin: "http://\(host)"))
        _ = rude.response()
        rude.sendText(#"{"type":"back"}"#)
        while rude.nextText() != nil {}
        #expect(rude.sawClose)
    }
}
