import Foundation

extension ServedApp {
    /// A page's WebSocket, said hello on (resuming `session` if given): the page,
    /// its session's id, the server's first update and its hello.
    ///
    /// - Throws: When the socket is refused (its answer's head says why).
    public func openPage(resuming session: String? = nil) throws -> (
        page: WebTestClient, id: String, first: String, hello: String
    ) {
        let host = "127.0.0.1:\(port)"
        let page = try WebTestClient(port: port)
        page.request("/socket?token=\(token)", host: host, Self.socketFields(origin: "http://\(host)"))
        let head = page.response().head
        guard head.hasPrefix("HTTP/1.1 101 Switching Protocols") else {
            throw CocoaError(.fileReadUnknown, userInfo: ["the socket was refused": head])
        }
        page.sendText(session.map { #"{"type":"hello","session":"\#($0)"}"# } ?? #"{"type":"hello"}"#)
        guard let hello = page.nextText(),
            let said = try JSONSerialization.jsonObject(with: Data(hello.utf8)) as? [String: Any],
            let id = said["session"] as? String, let first = page.nextText()
        else { throw CocoaError(.fileReadCorruptFile, userInfo: ["no hello and first update": head]) }
        return (page, id, first, hello)
    }

    /// The header fields of a WebSocket upgrade from a page of `origin`.
    public static func socketFields(origin: String) -> [String] {
        [
            "Origin: \(origin)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
    }
}
