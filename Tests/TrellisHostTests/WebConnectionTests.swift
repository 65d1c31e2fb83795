import Foundation
import Testing

@testable import TrellisHost

/// A browser connection of `trellis serve` as bytes in and out: the token becomes
/// a cookie and leaves the address, the page's files need the cookie, the
/// WebSocket needs it and the page's origin, and bad frames close it.
@MainActor
struct WebConnectionTests {
    private let access = WebAccess(token: "s3cret", address: "127.0.0.1", port: 8765)
    private let files: [String: WebConnection.File] = ["/": ("text/html; charset=utf-8", Array("<p>page</p>".utf8))]

    private func connection() -> WebConnection { WebConnection(access: access, files: files) }

    private func get(_ target: String, _ fields: [String] = []) -> [UInt8] {
        Array((["GET \(target) HTTP/1.1", "Host: localhost:8765"] + fields).joined(separator: "\r\n").utf8)
            + Array("\r\n\r\n".utf8)
    }

    private func text(_ output: WebConnection.Output) -> String { String(decoding: output.bytes, as: UTF8.self) }

    @Test func theTokenBecomesACookieAndLeavesTheAddress() {
        var browser = connection()
        let signIn = browser.receive(get("/?token=s3cret"))
        #expect(text(signIn).hasPrefix("HTTP/1.1 302 Found\r\n"))
        #expect(text(signIn).contains("Location: /\r\n"))
        #expect(text(signIn).contains("Set-Cookie: trellis-token-8765=s3cret; HttpOnly; SameSite=Strict; Path=/"))
        #expect(!signIn.closes, "kept alive")
        var sent = connection()
        let elsewhere = text(sent.receive(get("//evil.example/?token=s3cret&open=x")))
        #expect(elsewhere.contains("Location: /evil.example/?open=x\r\n"), "never to another site: \(elsewhere)")

        let page = browser.receive(
            get("/", ["Cookie: trellis-token-8765=s3cret"]) + get("/missing", ["Cookie: trellis-token-8765=s3cret"]))
        #expect(text(page).hasPrefix("HTTP/1.1 200 OK\r\n") && text(page).contains("<p>page</p>"))
        #expect(text(page).contains("HTTP/1.1 404 Not Found"), "two requests in one read, each answered")
    }

    @Test func withoutTheTokenOrCookieEverythingIsForbiddenAndTheConnectionCloses() {
        for target in ["/", "/socket", "/?token=wrong", "/app.js"] {
            var stranger = connection()
            let answer = stranger.receive(get(target))
            #expect(text(answer).hasPrefix("HTTP/1.1 403 Forbidden"), "\(target)")
            #expect(answer.closes && !text(answer).contains("page"))
        }
        var rebound = connection()
        let answer = rebound.receive(
            Array("GET / HTTP/1.1\r\nHost: attacker.example:8765\r\nCookie: trellis-token-8765=s3cret\r\n\r\n".utf8))
        #expect(text(answer).hasPrefix("HTTP/1.1 403 Forbidden"), "DNS rebinding: a foreign Host")
    }

    @Test func theWebSocketOpensWithTheCookieAndTheOriginAndAnswersPingsAndClose() throws {
        try #require(LibCrypto.isAvailable)
        let upgrade = [
            "Cookie: trellis-token-8765=s3cret", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        var foreign = connection()
        #expect(
            text(foreign.receive(get("/socket", upgrade + ["Origin: http://evil.example"]))).hasPrefix("HTTP/1.1 403"))

        var browser = connection()
        // The first frame comes in the same read as the upgrade: a masked "Hello".
        let hello: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        let opened = browser.receive(get("/socket", upgrade + ["Origin: http://localhost:8765"]) + hello)
        #expect(text(opened).hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
        #expect(text(opened).contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        #expect(opened.events == [.opened, .message("Hello")])
        #expect(browser.isWebSocket)

        let ping = browser.receive([0x89, 0x81, 1, 2, 3, 4, 9 ^ 1])
        #expect(ping.bytes == [0x8A, 0x01, 9], "a pong with the ping's payload")
        let unmasked = browser.receive([0x81, 0x01, 0x41])
        #expect(unmasked.closes && unmasked.bytes.prefix(4) == [0x88, unmasked.bytes[1], 0x03, 0xEA], "1002")
        #expect(browser.receive(hello).closes, "closed stays closed")
    }

    @Test func aSlowOrHugeRequestIsRefusedNotBuffered() {
        var browser = connection()
        #expect(browser.receive(Array("GET / HTTP/1.1\r\nHost: localhost".utf8)) == WebConnection.Output())
        let huge = browser.receive(Array(repeating: UInt8(ascii: "a"), count: 20_000))
        #expect(text(huge).hasPrefix("HTTP/1.1 431") && huge.closes)
    }
}
