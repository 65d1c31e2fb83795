/// One browser connection of `trellis serve`, as bytes in and bytes out, so its
/// rules are tested without a socket: HTTP requests (kept alive, pipelined) until
/// one upgrades to a WebSocket, then frames.
///
/// What it serves: the page's files (`files`), the page again at each address
/// under `/app/` (the route path the page shows in the address), and, with the
/// token, `/socket`, the WebSocket, and the plugins' pictures. Everything else is
/// refused as ``WebAccess`` says, or not found.
@MainActor
package struct WebConnection {
    /// What happened on the connection, for the server to act on.
    package enum Event: Equatable {
        /// The WebSocket opened.
        case opened
        /// A text message arrived on the WebSocket.
        case message(String)
    }

    /// What one read gives back: bytes to write, events, and whether to close
    /// once the bytes are written.
    package struct Output: Equatable {
        package var bytes: [UInt8] = []
        package var events: [Event] = []
        package var closes = false
    }

    /// A file of the page: its content type and bytes.
    package typealias File = (contentType: String, body: [UInt8])

    /// The path of the WebSocket.
    static let socketPath = "/socket"
    /// The most bytes of answers one read's pipelined requests get before the
    /// connection is closed.
    static let mostOutputPerRead = 16 << 20
    /// Where the page's addresses of routes start (`/app/launcher/airports`).
    static let appPath = "/app/"

    package let access: WebAccess
    /// The page's files by path (`/`, `/app.js`, `/app.css`).
    package let files: [String: File]
    /// The plugins' pictures (`/picture/…`), if the app has any to serve.
    package var pictures: WebPictures?
    private var requests = HTTPRequestParser()
    private var frames: WebSocketFrameParser?
    private(set) var isClosed = false

    package init(access: WebAccess, files: [String: File], pictures: WebPictures? = nil) {
        self.access = access
        self.files = files
        self.pictures = pictures
    }

    /// Whether the connection has become a WebSocket.
    package var isWebSocket: Bool { frames != nil }

    /// Takes bytes read from the connection.
    package mutating func receive(_ bytes: [UInt8]) -> Output {
        guard !isClosed else { return Output(closes: true) }
        var output = Output()
        if frames != nil {
            readFrames(bytes, into: &output)
            return output
        }
        requests.feed(bytes)
        while !output.closes {
            switch requests.next() {
            case .needMore:
                return output
            case let .refused(status, message):
                respond(.text(status, message), closing: true, into: &output)
            case let .request(request):
                guard output.bytes.count <= Self.mostOutputPerRead else {
                    // Pipelined requests whose answers would fill memory: not a browser.
                    output.closes = true
                    isClosed = true
                    return output
                }
                answer(request, into: &output)
                if frames != nil {
                    // Frames that came with the upgrade.
                    readFrames(requests.takeRest(), into: &output)
                    return output
                }
            }
        }
        return output
    }

    /// The frame that sends `text` to the page.
    package static func send(_ text: String) -> [UInt8] {
        WebSocketFrameParser.frame(.text(text))
    }

    private mutating func answer(_ request: HTTPRequest, into output: inout Output) {
        let isHead = request.method == "HEAD"
        let needsToken = request.path == Self.socketPath || request.path.hasPrefix(WebPictures.prefix)
        if let refusal = access.refusal(of: request, needsToken: needsToken) {
            respond(.text(.forbidden, refusal), closing: true, into: &output)
            return
        }
        if request.path == Self.socketPath {
            if let refusal = access.originRefusal(of: request) {
                respond(.text(.forbidden, refusal), closing: true, into: &output)
                return
            }
            switch WebSocketHandshake.response(to: request) {
            case let .success(response):
                output.bytes += response.bytes(closing: false)
                output.events.append(.opened)
                frames = WebSocketFrameParser()
            case let .failure(refusal):
                respond(.text(refusal.status, refusal.message), closing: true, into: &output)
            }
            return
        }
        let file =
            files[request.path] ?? (request.path.hasPrefix(Self.appPath) ? files["/"] : nil)
            ?? pictures?.file(at: request.path)
        guard let file else {
            respond(
                .text(.notFound, "nothing at \(request.path.prefix(200))"), closing: !request.keepsAlive,
                head: isHead, into: &output)
            return
        }
        respond(
            HTTPResponse(status: .ok, headers: [("Content-Type", file.contentType)], body: file.body),
            closing: !request.keepsAlive, head: isHead, into: &output)
    }

    private mutating func respond(
        _ response: HTTPResponse, closing: Bool, head: Bool = false, into output: inout Output
    ) {
        output.bytes += response.bytes(closing: closing, forHead: head)
        if closing {
            output.closes = true
            isClosed = true
        }
    }

    private mutating func readFrames(_ bytes: [UInt8], into output: inout Output) {
        guard var parser = frames else { return }
        parser.feed(bytes)
        defer { frames = parser }
        while true {
            switch parser.next() {
            case .needMore:
                return
            case let .message(.text(text)):
                output.events.append(.message(text))
            case .message(.binary):
                close(.unsupportedData, "the page sends text only", into: &output)
                return
            case let .message(.ping(payload)):
                output.bytes += WebSocketFrameParser.frame(.pong(payload))
            case .message(.pong):
                break
            case .message(.close):
                close(.normal, "", into: &output)
                return
            case let .failed(code, reason):
                close(code, reason, into: &output)
                return
            }
        }
    }

    private mutating func close(_ code: WebSocketCloseCode, _ reason: String, into output: inout Output) {
        output.bytes += WebSocketFrameParser.frame(.close(code.rawValue, reason))
        output.closes = true
        isClosed = true
    }
}
