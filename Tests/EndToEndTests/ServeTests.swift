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

    @Test func theAppIsPlayedOverTheWebSocketAndAForeignOriginIsRefused() throws {
        let foreign = try WebTestClient(port: port)
        foreign.request("/socket", host: host, socketRequest(origin: "http://evil.example"))
        #expect(foreign.response().head.hasPrefix("HTTP/1.1 403"))

        let page = try WebTestClient(port: port)
        page.request("/socket", host: host, socketRequest(origin: "http://\(host)"))
        #expect(page.response().head.hasPrefix("HTTP/1.1 101 Switching Protocols"))
        let first = try #require(page.nextText())
        #expect(first.contains("Trellis pattern gallery") && first.contains("\"title\":\"launcher\""))

        page.sendText(#"{"type":"key","key":"enter"}"#)
        var update = ""
        while !update.contains("Click Button!"), let next = page.nextText() { update = next }
        #expect(update.contains("launcher › main"), "Enter opened Main → Next, as in the terminal")
        page.sendText(#"{"type":"key","key":"esc"}"#)
        while !update.contains("Trellis pattern gallery"), let next = page.nextText() { update = next }
        #expect(!update.contains("[ Click Button! ]"))

        // A second tab is a session of its own, at the root.
        let other = try WebTestClient(port: port)
        other.request("/socket", host: host, socketRequest(origin: "http://\(host)"))
        _ = other.response()
        #expect(other.nextText()?.contains("\"title\":\"launcher\"") == true)

        // A frame a browser never sends (not masked) closes the connection.
        page.send([0x81, 0x01, 0x41])
        while page.nextText() != nil {}
        #expect(page.sawClose)
        // q, which the status line offers, ends a tab's session.
        other.sendText(#"{"type":"text","text":"q"}"#)
        while other.nextText() != nil {}
        #expect(other.sawClose, "closed after q")
    }
}
