import Foundation
import Testing

@testable import TrellisHost
@testable import TrellisServe

/// The protocol layer of `trellis serve`: HTTP/1.1 request heads within limits,
/// WebSocket frames per RFC 6455, the handshake, and the access rules (token,
/// cookie, Host, Origin), each refused as stated.
struct WebProtocolTests {
    private func parse(_ text: String) -> HTTPRequestParser.Result {
        var parser = HTTPRequestParser()
        parser.feed(Array(text.utf8))
        return parser.next()
    }

    private func request(_ lines: [String]) throws -> HTTPRequest {
        guard case let .request(request) = parse(lines.joined(separator: "\r\n") + "\r\n\r\n") else {
            throw CancellationError()
        }
        return request
    }

    @Test func aRequestHeadIsReadInPiecesAndTwoInARow() throws {
        var parser = HTTPRequestParser()
        let text = "GET /?token=a%20b HTTP/1.1\r\nHost: localhost:8765\r\nCookie: x=1; trellis-token-8765=t \r\n\r\n"
        for byte in text.utf8.dropLast() {
            parser.feed([byte])
            #expect(parser.next() == .needMore)
        }
        parser.feed(Array("\n".utf8) + Array("HEAD /x HTTP/1.0\r\n\r\n".utf8))
        guard case let .request(first) = parser.next(), case let .request(second) = parser.next() else {
            Issue.record("two requests expected")
            return
        }
        #expect(first.path == "/" && first.query("token") == "a b" && first.header("host") == "localhost:8765")
        #expect(first.header("Cookie") == "x=1; trellis-token-8765=t", "trailing spaces are not part of a value")
        #expect(first.keepsAlive && !second.keepsAlive)
        #expect(second.method == "HEAD" && second.path == "/x")
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n", HTTPStatus.methodNotAllowed),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", .notImplemented),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n", .contentTooLarge),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .versionNotSupported),
        ("GET / HTTP/1.1\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET http://evil/ HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        // A browser reads `/\\host` as `//host`: a redirect there would leave the site.
        ("GET /\\evil.example/?token=t HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\u{1}\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nBad Field: a\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n", .headerFieldsTooLarge),
    ])
    func aBadRequestIsRefusedWithItsStatus(text: String, status: HTTPStatus) {
        guard case let .refused(refused, _) = parse(text) else {
            Issue.record("\(text.debugDescription) was not refused")
            return
        }
        #expect(refused == status)
    }

    @Test func aHeadLongerThan16KiBIsRefusedBeforeItEnds() {
        var parser = HTTPRequestParser()
        parser.feed(Array("GET / HTTP/1.1\r\nX-Long: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 17_000))
        guard case .refused(.headerFieldsTooLarge, _) = parser.next() else {
            Issue.record("a head of 17,000 bytes was not refused")
            return
        }
    }

    @Test func everyResponseForbidsSniffingFramingAndOtherOrigins() {
        let bytes = HTTPResponse.text(.forbidden, "no token").bytes(closing: true)
        let head = String(decoding: bytes, as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
        for field in [
            "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer", "frame-ancestors 'none'",
            "default-src 'none'", "Connection: close", "Content-Length: 24",
        ] {
            #expect(head.contains(field), "\(field)")
        }
        #expect(!head.lowercased().contains("access-control"), "no CORS")
        #expect(HTTPResponse.text(.ok, "x").bytes(closing: false, forHead: true).count < bytes.count)
    }

    @Test func theHandshakeAcceptsRFC6455sExampleAndRefusesTheRest() throws {
        try #require(LibCrypto.isAvailable, "libcrypto.so.3 is on the machine")
        #expect(WebSocketHandshake.acceptKey(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let good = [
            "GET /socket HTTP/1.1", "Host: localhost:8765", "Upgrade: websocket", "Connection: keep-alive, Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        let accepted = try WebSocketHandshake.response(to: request(good)).get()
        #expect(accepted.status == .switchingProtocols)
        #expect(accepted.headers.contains { $0 == ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") })

        let refusals: [([String], HTTPStatus)] = [
            (good.filter { !$0.hasPrefix("Upgrade") }, .badRequest),
            (good.map { $0.hasPrefix("Sec-WebSocket-Version") ? "Sec-WebSocket-Version: 8" : $0 }, .upgradeRequired),
            (good.map { $0.hasPrefix("Sec-WebSocket-Key") ? "Sec-WebSocket-Key: c2hvcnQ=" : $0 }, .badRequest),
        ]
        for (lines, status) in refusals {
            guard case let .failure(refusal) = WebSocketHandshake.response(to: try request(lines)) else {
                Issue.record("\(lines) was accepted")
                continue
            }
            #expect(refusal.status == status)
        }
    }

    @Test func accessNeedsTheTokenWhereAskedAHostOfTheServerAndTheSameOrigin() throws {
        let access = WebAccess(token: "s3cret", address: "127.0.0.1", port: 8765)
        func refusal(_ lines: [String], needsToken: Bool = true) throws -> String? {
            access.refusal(of: try request(lines), needsToken: needsToken)
        }

        #expect(try refusal(["GET / HTTP/1.1", "Host: 127.0.0.1:8765"]) != nil, "no token: 403")
        #expect(try refusal(["GET / HTTP/1.1", "Host: 127.0.0.1:8765"], needsToken: false) == nil)
        #expect(try refusal(["GET /?token=s3cret HTTP/1.1", "Host: 127.0.0.1:8765"]) == nil)
        #expect(try refusal(["GET /?token=s3creT HTTP/1.1", "Host: 127.0.0.1:8765"], needsToken: false) != nil)
        #expect(
            try refusal(["GET / HTTP/1.1", "Host: localhost:8765", "Cookie: a=b; trellis-token-8765=s3cret"]) != nil,
            "a cookie is no token")
        #expect(
            try refusal(["GET /?token=s3cret HTTP/1.1", "Host: rebound.example:8765"]) != nil,
            "a DNS name rebound to the loopback is refused even with the token")
        #expect(try refusal(["GET /?token=s3cret HTTP/1.1", "Host: localhost:9999"]) != nil)
        // A refusal names no address: bound to every interface, it listed them all.
        let wide = WebAccess(token: "s3cret", address: "0.0.0.0", port: 8765)
        let wrongHost = try #require(
            wide.refusal(of: try request(["GET / HTTP/1.1", "Host: evil.example:8765"]), needsToken: false))
        #expect(!wrongHost.contains("127.0.0.1") && !wrongHost.contains("localhost"), "\(wrongHost)")
        #expect(wide.allowedHosts.allSatisfy { !wrongHost.contains($0) }, "\(wrongHost)")

        let socket = ["GET /socket?token=s3cret HTTP/1.1", "Host: localhost:8765"]
        #expect(access.originRefusal(of: try request(socket + ["Origin: http://localhost:8765"])) == nil)
        #expect(access.originRefusal(of: try request(socket + ["Origin: http://evil.example"])) != nil)
        #expect(access.originRefusal(of: try request(socket)) != nil, "no Origin: refused")

        #expect(WebAccess.isSame("abc", "abc") && !WebAccess.isSame("abd", "abc") && !WebAccess.isSame("ab", "abc"))
        #expect(!WebAccess.isSame("abcd", "abc") && !WebAccess.isSame("", "abc"))
        let token = WebAccess.makeToken()
        #expect(token.count == 64 && token != WebAccess.makeToken())
        #expect(WebAccess(token: "t", address: "::1", port: 80).allowedHosts.contains("[::1]:80"))
        // A wildcard address is no host: each of this machine's addresses is.
        let everywhere = WebAccess(token: "t", address: "0.0.0.0", port: 80).allowedHosts
        #expect(everywhere.contains("127.0.0.1:80") && everywhere.contains("localhost:80"), "\(everywhere)")
        #expect(!everywhere.contains("0.0.0.0:80") && !everywhere.contains("rebound.example:80"))
        #expect(WebAccess(token: "t", address: "::", port: 80).allowedHosts.contains("[::1]:80"))
        // A browser names port 80 by leaving it out.
        let plain = WebAccess(token: "t", address: "127.0.0.1", port: 80).allowedHosts
        #expect(plain.contains("127.0.0.1") && plain.contains("localhost:80"))
        #expect(!WebAccess(token: "t", address: "127.0.0.1", port: 81).allowedHosts.contains("127.0.0.1"))
    }

    /// A frame from a browser: masked with `mask`.
    private func frame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, mask: [UInt8] = [1, 2, 3, 4])
        -> [UInt8]
    {
        var bytes: [UInt8] = [(final ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126: bytes.append(0x80 | UInt8(payload.count))
        case ..<65536: bytes += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> (8 * $0)) & 0xFF) }
        }
        return bytes + mask + payload.enumerated().map { $1 ^ mask[$0 & 3] }
    }

    private func read(_ bytes: [UInt8], byteByByte: Bool = false) -> [WebSocketFrameParser.Result] {
        var parser = WebSocketFrameParser()
        var results: [WebSocketFrameParser.Result] = []
        let chunks = byteByByte ? bytes.map { [$0] } : [bytes]
        for chunk in chunks {
            parser.feed(chunk)
            while true {
                let result = parser.next()
                if result == .needMore { break }
                results.append(result)
                if case .failed = result { return results }
            }
        }
        return results
    }

    @Test func framesAreUnmaskedJoinedAcrossFragmentsAndReadByteByByte() {
        // RFC 6455 §5.7: a masked "Hello".
        let hello: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(read(hello) == [.message(.text("Hello"))])
        let fragmented =
            frame(0x1, Array("Hel".utf8), final: false) + frame(0x9, [7]) + frame(0x0, Array("lo".utf8))
            + frame(0x8, [0x03, 0xE8] + Array("bye".utf8))
        let expected: [WebSocketFrameParser.Result] = [
            .message(.ping([7])), .message(.text("Hello")), .message(.close(1000, "bye")),
        ]
        #expect(read(fragmented) == expected, "a ping may come between fragments")
        #expect(read(fragmented, byteByByte: true) == expected)
        // 200,000 one-byte fragments are joined as they come (each used to copy
        // the message so far: 20 GB of copying here).
        let letters: [UInt8] = (0..<200_000).map { (index: Int) -> UInt8 in 97 + UInt8(index % 26) }
        var pieces: [UInt8] = []
        for (index, letter) in letters.enumerated() {
            pieces += frame(index == 0 ? 0x1 : 0x0, [letter], final: index == letters.count - 1)
        }
        let joined = String(decoding: letters, as: UTF8.self)
        #expect(read(pieces) == [.message(.text(joined))])
        let long = [UInt8](repeating: 65, count: 70_000)
        #expect(read(frame(0x2, long)) == [.message(.binary(long))])
        #expect(read(frame(0x8, [])) == [.message(.close(nil, ""))])
    }

    @Test(
        arguments: [
            ([0x81, 0x05] + Array("Hello".utf8), WebSocketCloseCode.protocolError),
            ([0xC1, 0x80, 1, 2, 3, 4], .protocolError),
            ([0x83, 0x80, 1, 2, 3, 4], .protocolError),
            ([0x09, 0x80, 1, 2, 3, 4], .protocolError),
            ([0x89, 0xFE, 0x00, 0x80], .protocolError),
            ([0x80, 0x80, 1, 2, 3, 4], .protocolError),
            ([0x81, 0xFF, 0, 0, 0, 0, 0, 0x20, 0, 1], .messageTooBig),
            ([0x88, 0x81, 1, 2, 3, 4, 0x03 ^ 1], .protocolError),
        ] as [([UInt8], WebSocketCloseCode)])
    func aBadFrameClosesWithItsCode(bytes: [UInt8], code: WebSocketCloseCode) {
        guard case let .failed(failed, _)? = read(bytes).last else {
            Issue.record("\(bytes) was read")
            return
        }
        #expect(failed == code)
    }

    @Test func badTextAndCloseCodesAndFragmentsOutOfOrderAreRefused() {
        #expect(
            read(frame(0x1, [0xC3, 0x28])).last.map { if case .failed(.invalidPayload, _) = $0 { true } else { false } }
                == true)
        #expect(
            read(frame(0x8, [0x03, 0xED])).last.map { if case .failed(.protocolError, _) = $0 { true } else { false } }
                == true, "1005 is never sent")
        let twoStarts = frame(0x1, [65], final: false) + frame(0x1, [66])
        #expect(read(twoStarts).last.map { if case .failed(.protocolError, _) = $0 { true } else { false } } == true)
        let tooMuch =
            frame(0x2, [UInt8](repeating: 0, count: 700_000), final: false)
            + frame(0x0, [UInt8](repeating: 0, count: 400_000))
        #expect(read(tooMuch).last.map { if case .failed(.messageTooBig, _) = $0 { true } else { false } } == true)
    }

    @Test func serverFramesAreUnmaskedWithTheShortestLength() {
        #expect(WebSocketFrameParser.frame(.text("Hi")) == [0x81, 0x02, 0x48, 0x69])
        #expect(
            Array(WebSocketFrameParser.frame(.binary([UInt8](repeating: 0, count: 200))).prefix(4)) == [
                0x82, 126, 0, 200,
            ])
        #expect(WebSocketFrameParser.frame(.binary([UInt8](repeating: 0, count: 70_000))).count == 70_010)
        #expect(WebSocketFrameParser.frame(.close(1000, "")) == [0x88, 0x02, 0x03, 0xE8])
    }

    @MainActor @Test func randomBytesNeverTrapEitherParser() {
        var random = FuzzTests.Generator(state: 31)
        let seeds = [
            Array("GET / HTTP/1.1\r\nHost: localhost:8765\r\n\r\n".utf8),
            frame(0x1, Array("Hello".utf8), final: false) + frame(0x0, Array("!".utf8)),
        ]
        for round in 0..<3000 {
            let input = FuzzTests.mutate(seeds[round % 2], with: &random)
            var http = HTTPRequestParser()
            http.feed(input)
            for _ in 0..<4 where http.next() != .needMore {}
            var frames = WebSocketFrameParser()
            frames.feed(input)
            for _ in 0..<4 where frames.next() != .needMore {}
        }
    }
}
