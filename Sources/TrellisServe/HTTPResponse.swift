/// A response of `trellis serve`, with the headers every response carries: no
/// sniffing, no referrer, no framing, no caching, and a Content-Security-Policy
/// that lets the page use only what the host itself serves.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: [(name: String, value: String)] = []
    package var body: [UInt8] = []

    /// What the page may load: its own script, style and pictures, and a
    /// WebSocket to the same host; nothing else, and never in a frame.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    /// A response with `status` and a short plain-text body saying `message`.
    package static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array("\(status.rawValue) \(status.reason): \(message)\n".utf8))
    }

    /// The response's bytes; `closing` says the connection ends after it, and a
    /// response to `HEAD` carries no body.
    package func bytes(closing: Bool, forHead: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in headers + Self.standardHeaders {
            head += "\(name): \(value)\r\n"
        }
        if status != .switchingProtocols {
            head += "Content-Length: \(body.count)\r\n"
            head += "Connection: \(closing ? "close" : "keep-alive")\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + (forHead ? [] : body)
    }

    private static let standardHeaders = [
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", contentSecurityPolicy), ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
    ]
}
