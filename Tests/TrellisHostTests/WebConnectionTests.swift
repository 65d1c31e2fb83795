import Foundation
import Testing

@testable import TrellisHost
@testable import TrellisServe

/// A browser connection of `trellis serve` as bytes in and out: the page's files
/// are the same for everyone, the token is never a cookie, the WebSocket needs the
/// token and the page's origin, and bad frames close it.
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

    /// The token used to become a cookie, which a browser sends to every server of
    /// 127.0.0.1, whatever its port: the page's files need none, and none is set.
    @Test func thePagesFilesNeedNoTokenAndNoCookieIsEverSet() {
        var browser = connection()
        let page = browser.receive(get("/?token=s3cret") + get("/") + get("/missing"))
        #expect(text(page).hasPrefix("HTTP/1.1 200 OK\r\n") && text(page).contains("<p>page</p>"))
        #expect(text(page).contains("HTTP/1.1 404 Not Found"), "three requests in one read, each answered")
        #expect(!text(page).lowercased().contains("set-cookie"), "\(text(page))")
        #expect(!page.closes, "kept alive")
    }

    @Test func withoutTheTokenTheSocketAndPicturesAreForbiddenAndAWrongTokenAnywhere() {
        for target in ["/socket", "/picture/Widgets/gallery.png", "/?token=wrong", "/app.js?token=wrong"] {
            var stranger = connection()
            let answer = stranger.receive(get(target, ["Cookie: trellis-token-8765=s3cret"]))
            #expect(text(answer).hasPrefix("HTTP/1.1 403 Forbidden"), "\(target): a cookie is no token")
            #expect(answer.closes && !text(answer).contains("page"))
        }
        var rebound = connection()
        let answer = rebound.receive(Array("GET /?token=s3cret HTTP/1.1\r\nHost: attacker.example:8765\r\n\r\n".utf8))
        #expect(text(answer).hasPrefix("HTTP/1.1 403 Forbidden"), "DNS rebinding: a foreign Host")
    }

    @Test func theWebSocketOpensWithTheTokenAndTheOriginAndAnswersPingsAndClose() throws {
        try #require(LibCrypto.isAvailable)
        let upgrade = [
            "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        var foreign = connection()
        #expect(
            text(foreign.receive(get("/socket?token=s3cret", upgrade + ["Origin: http://evil.example"]))).hasPrefix(
                "HTTP/1.1 403"))

        var browser = connection()
        // The first frame comes in the same read as the upgrade: a masked "Hello".
        let hello: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        let opened = browser.receive(get("/socket?token=s3cret", upgrade + ["Origin: http://localhost:8765"]) + hello)
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
