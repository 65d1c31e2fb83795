import Glibc
import TrellisConfig
import TrellisCore
import TrellisLoop
import TrellisPlatform
import TrellisSession
import TrellisTree

/// `trellis serve`'s server: a listening socket and its connections on the event
/// loop, each a ``WebConnection`` whose WebSocket drives a ``WebSession`` of its
/// own. Nothing blocks: reads and writes are non-blocking, output waits in the
/// connection until the socket takes it, and a connection that gets no answer
/// within ``idleLimit`` (a slow, half-open or trickling client: one request head,
/// or a WebSocket's hello, takes that long at most) is closed. When all
/// ``mostConnections`` are taken, the oldest that is not an open page makes room
/// for the new one, so connections held open by another program cannot keep the
/// browser out.
///
/// A page's first message says hello, with the session it had if it is a page
/// that reloaded: a session whose page went away is kept for ``keepTime`` (its
/// RIBs alive), so a reload comes back to it; then it ends, its RIBs detached
/// and checked for leaks.
@MainActor
public final class WebServer {
    /// A connection and what the server keeps for it.
    @MainActor
    private final class Client {
        let descriptor: Int32
        var connection: WebConnection
        var output: [UInt8] = []
        var closesAfterOutput = false
        /// When it was accepted, or last answered: it must make progress from there.
        var lastProgress: ContinuousClock.Instant
        /// When it last sent anything (a page's pong included), and whether it has
        /// been pinged since: a page that stops answering is gone (a laptop that slept).
        var lastHeard: ContinuousClock.Instant
        var isPinged = false
        var session: WebSession?
        /// Whether the WebSocket is open and its page has not said hello yet.
        var awaitsHello = false

        init(descriptor: Int32, connection: WebConnection, now: ContinuousClock.Instant) {
            self.descriptor = descriptor
            self.connection = connection
            lastProgress = now
            lastHeard = now
        }

        /// Whether it is a page that said hello: the one kind of connection kept
        /// however long it is silent.
        var isOpenPage: Bool { connection.isWebSocket && !awaitsHello }
    }

    /// How long a connection may go without an answer: an open page sends nothing
    /// while the user reads, so only one that has not become a page is held to it.
    static let idleLimit: Duration = .seconds(30)
    /// The most connections at once; past it, the oldest that is not an open page
    /// is closed for a new one (or the new one, when all are pages).
    static let mostConnections = 256
    /// How long an open page may be silent before it is pinged; it is dropped
    /// (its session kept for a reload) if it is silent as long again.
    static let pageSilence: Duration = .seconds(30)
    /// The most output a connection may have waiting before it is closed.
    static let mostWaitingOutput = 8 << 20
    /// The version of the messages between the page and the server
    /// (Docs/WireProtocol.md), said in `hello`: a page of another version
    /// stops and asks to be reloaded.
    static let protocolVersion = 1
    /// The message a page sends to time a bare round trip; answered `{"t":"pong"}`.
    package static let ping = #"{"type":"ping"}"#
    /// How long a session is kept after its page went away, for a reload.
    public static let defaultKeepTime: Duration = .seconds(60)

    /// How long a session is kept after its page went away.
    public var keepTime = WebServer.defaultKeepTime
    /// The user's own styles (theme.json) as CSS, served as `/user.css` after the
    /// page's own; empty for none.
    public var pageStyle = "" {
        didSet { files["/user.css"] = WebPage.style(pageStyle) }
    }
    /// The user's own keys (keys.json), each key's name and the name of the key
    /// it acts as: the page translates them as the terminal does.
    public var userKeys: [String: String] = [:]
    /// The page's files, the user's styles among them.
    private var files = WebPage.files
    /// The plugins' pictures, served to the pages at `/picture/…`.
    public var pictures: WebPictures?
    /// Where the server says what the person running `serve` should know.
    public var say: ((String) -> Void)?
    /// Whether the server said it was full since it last had room.
    private var saidFull = false
    /// The supervisor's report of the crash this server was started again after:
    /// each page that comes back to a session of the crashed server is shown it.
    public var crashReport: String?
    /// Sessions whose page went away, by id, with when they end.
    private var parked: [String: (session: WebSession, until: ContinuousClock.Instant)] = [:]
    /// Sessions that have ended, kept until their leak checks have run (a
    /// tree's checks end with it).
    private var ended: [(session: WebSession, until: ContinuousClock.Instant)] = []

    package let access: WebAccess
    private let listener: Int32
    private let makeTree: () throws -> RouteTree
    private var clients: [Int32: Client] = [:]
    /// The loop it serves on, once ``run(on:until:)`` starts: its count of the views'
    /// changes tells each session when to settle on them again.
    private var loop: EventLoop?

    /// Binds `address:port` (port 0: one the kernel picks) and listens.
    ///
    /// - Parameter makeTree: Builds a route tree for a new session (a browser tab).
    /// - Throws: ``WebServerError`` with what failed.
    /// - Parameter token: The token to ask for: a new one when `nil`, the one it
    ///   had for a server started again after a crash.
    /// - Parameter listening: A socket already listening at the address, which the
    ///   supervisor kept across a crash (so no other process could take the port
    ///   meanwhile); ignored unless it is one.
    public init(
        address: String, port: Int, token: String? = nil, listening: Int32? = nil,
        makeTree: @escaping () throws -> RouteTree
    ) throws(WebServerError) {
        let kept = listening.flatMap(Self.listeningSocket)
        let socket: Int32
        if let kept { socket = kept } else { socket = try Self.listen(address: address, port: port) }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
        }
        let boundPort = withUnsafePointer(to: &bound) { pointer -> Int in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
        listener = socket
        access = WebAccess(token: token ?? WebAccess.makeToken(), address: address, port: boundPort)
        self.makeTree = makeTree
        CrashRecord.noteServed(port: boundPort, token: access.token)
    }

    /// The socket that listens for pages, for the supervisor to keep.
    public var listeningDescriptor: Int32 { listener }

    /// The trees of the tabs open, and of those kept for a reload: what a live
    /// swap swaps screens in.
    public var trees: [RouteTree] {
        clients.values.compactMap { $0.session?.tree } + parked.values.map(\.session.tree)
    }

    /// The address to open, with the token.
    public var address: String {
        let host = access.address.contains(":") ? "[\(access.address)]" : access.address
        return "http://\(host):\(access.port)/?token=\(access.token)"
    }

    /// Serves until `shouldStop` says so, on `loop`.
    public func run(on loop: EventLoop, until shouldStop: () -> Bool) {
        self.loop = loop
        while !shouldStop() {
            let now = loop.now
            for client in Array(clients.values) {
                if !client.isOpenPage, now - client.lastProgress > Self.idleLimit { drop(client) }
                guard client.isOpenPage, now - client.lastHeard > Self.pageSilence else { continue }
                if client.isPinged, now - client.lastHeard > Self.pageSilence * 2 {
                    drop(client)
                } else if !client.isPinged {
                    // Browsers answer a ping by themselves.
                    client.isPinged = true
                    client.output += WebSocketFrameParser.frame(.ping([]))
                    flush(client)
                }
            }
            let waiting = clients.values.filter { !$0.output.isEmpty }.map(\.descriptor)
            let nextIdle = clients.values.map {
                $0.isOpenPage
                    ? $0.lastHeard + Self.pageSilence * ($0.isPinged ? 2 : 1) : $0.lastProgress + Self.idleLimit
            }.min()
            let frameTime = loop.needsFrame ? loop.nextFrameTime : nil
            endParkedSessions(now: now)
            let nextEnd = (parked.values.map(\.until) + ended.map(\.until)).min()
            let deadline = [frameTime, nextIdle, nextEnd].compactMap { $0 }.min()
            let ready = loop.wait(reading: [listener] + clients.keys, writing: waiting, until: deadline)
            if ready.readable.contains(listener) { acceptAll(now: loop.now) }
            for descriptor in ready.readable where descriptor != listener {
                if let client = clients[descriptor] { read(client, now: loop.now) }
            }
            for descriptor in ready.writable { if let client = clients[descriptor] { flush(client) } }
            if loop.isFrameDue {
                for client in clients.values { sendUpdate(to: client) }
                loop.didDrawFrame()
            }
        }
        for client in Array(clients.values) { drop(client) }
        for (_, kept) in parked { end(kept.session) }
        parked = [:]
        if let last = ended.last?.until {
            // The last checks, before the process ends.
            while loop.now < last { loop.wait(for: [], until: last) }
        }
        close(listener)
    }

    private func acceptAll(now: ContinuousClock.Instant) {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            if clients.count >= Self.mostConnections {
                guard
                    let oldest = clients.values.filter({ !$0.isOpenPage }).min(by: { $0.lastProgress < $1.lastProgress }
                    )
                else {
                    refuseAsFull(descriptor)
                    continue
                }
                drop(oldest)
            }
            clients[descriptor] = Client(
                descriptor: descriptor,
                connection: WebConnection(access: access, files: files, pictures: pictures), now: now)
        }
    }

    private func read(_ client: Client, now: ContinuousClock.Instant) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(client.descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        guard count > 0 else {
            drop(client)
            return
        }
        client.lastHeard = now
        client.isPinged = false
        let output = client.connection.receive(Array(buffer[..<count]))
        // An answer to a request, or a page's message: bytes that only trickle in
        // (a head never finished, pings instead of a hello) are not progress.
        if output.events.contains(where: { $0 != .opened }) || (!client.connection.isWebSocket && !output.bytes.isEmpty)
        {
            client.lastProgress = now
        }
        client.output += output.bytes
        client.closesAfterOutput = client.closesAfterOutput || output.closes
        guard client.output.count <= Self.mostWaitingOutput else {
            // Requests whose answers pile up unread: the client is not a browser.
            drop(client)
            return
        }
        for event in output.events {
            switch event {
            case .opened:
                client.awaitsHello = true
            case let .message(text) where client.awaitsHello:
                client.awaitsHello = false
                greet(client, hello: text)
            case .message(Self.ping):
                // A bare round trip, answered at once: what the page's latency is measured against.
                client.output += WebConnection.send(#"{"t":"pong"}"#)
            case let .message(text):
                guard let session = client.session else { break }
                // What the plugins report while they act on it is this tab's, and a
                // crash meanwhile names its route.
                RouteTree.acting = session.tree
                session.session.noteKeyForCrashReport()
                session.receive(text)
                CrashRecord.noteActivity("")
                RouteTree.acting = nil
            }
        }
        sendUpdate(to: client)
        flush(client)
    }

    /// Starts the session of a page that said hello (`{"type":"hello"}`), or
    /// gives back the one it had (`"session"`), and opens its deep link (`"open"`).
    private func greet(_ client: Client, hello text: String) {
        let hello = text.utf8.count <= 8192 ? try? JSONParser.parse(text) : nil
        guard let hello, hello["type"]?.stringValue == "hello" else {
            closeSocket(client, .policyViolation, "the page must say hello first")
            return
        }
        var crash = ""
        if let id = hello["session"]?.stringValue, parked[id] == nil,
            let holder = clients.values.first(where: { $0 !== client && $0.session?.id == id })
        {
            // A reload: the old page's close may wait in the same turn of the loop
            // as the new page's hello. What it sent is read first, so a closed
            // page's session is parked and given back; a live one keeps it.
            read(holder, now: ContinuousClock.now)
        }
        if let id = hello["session"]?.stringValue, let kept = parked.removeValue(forKey: id) {
            kept.session.resendAll()
            client.session = kept.session
        } else {
            // A page with a session this server never had was served by the one that crashed.
            if hello["session"] != nil, let crashReport { crash = ",\"crash\":" + WebJSON.string(crashReport) }
            do {
                RouteTree.acting = nil
                let session = WebSession(tree: try makeTree(), id: WebAccess.makeToken())
                if let say { session.say = say }
                if let loop { session.viewChanges = { loop.screenChanges } }
                client.session = session
            } catch {
                closeSocket(client, .internalError, "the app could not start: \(error)")
                return
            }
        }
        guard let session = client.session else { return }
        RouteTree.acting = session.tree
        defer { RouteTree.acting = nil }
        let keys =
            userKeys.isEmpty
            ? ""
            : ",\"keys\":{"
                + userKeys.sorted { $0.key < $1.key }.map { WebJSON.string($0.key) + ":" + WebJSON.string($0.value) }
                .joined(separator: ",") + "}"
        client.output += WebConnection.send(
            "{\"t\":\"hello\",\"v\":\(Self.protocolVersion),\"session\":\"\(session.id)\"\(crash)\(keys)}")
        if let link = hello["open"]?.stringValue, !link.isEmpty { session.open(link) }
    }

    private func closeSocket(_ client: Client, _ code: WebSocketCloseCode, _ reason: String) {
        // A close frame's reason is at most 123 bytes.
        var cut = reason
        while cut.utf8.count > 120 { cut.removeLast() }
        client.output += WebSocketFrameParser.frame(.close(code.rawValue, cut))
        client.closesAfterOutput = true
    }

    /// Ends the sessions kept past their time, and lets go of those whose leak
    /// checks have run.
    private func endParkedSessions(now: ContinuousClock.Instant) {
        for (id, kept) in parked where kept.until <= now {
            parked[id] = nil
            end(kept.session)
        }
        ended.removeAll { $0.until <= now }
    }

    /// Ends `session`: its RIBs are detached, and checked for leaks after the grace period.
    private func end(_ session: WebSession) {
        RouteTree.acting = session.tree
        session.end()
        ended.append((session, ContinuousClock.now + LeakDetector.gracePeriod + .milliseconds(500)))
    }

    private func sendUpdate(to client: Client) {
        guard !client.closesAfterOutput, let update = client.session?.update() else { return }
        // A page that takes nothing while the app changes is gone, or stuck; one
        // update, however large (a screen of 300,000 lines), is sent whole as the
        // page reads it: it was dropped, and dropped again at each reconnect.
        let waiting = client.output.count
        client.output += WebConnection.send(update)
        if waiting > 0, client.output.count > Self.mostWaitingOutput { drop(client) }
    }

    /// Answers a connection past ``mostConnections`` open pages with 503 and why,
    /// and says so where `serve` runs, once until a page goes.
    private func refuseAsFull(_ descriptor: Int32) {
        let reason =
            "this server has \(Self.mostConnections) pages open, as many as it serves at once: close one, then reload"
        let refusal = HTTPResponse.text(.serviceUnavailable, reason).bytes(closing: true)
        refusal.withUnsafeBytes { _ = Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if !saidFull { say?("trellis: a page was refused: \(reason)") }
        saidFull = true
    }

    private func flush(_ client: Client) {
        while !client.output.isEmpty {
            let written = client.output.withUnsafeBytes { Glibc.write(client.descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                if errno != EAGAIN { drop(client) }
                return
            }
            client.output.removeFirst(written)
        }
        if client.closesAfterOutput { drop(client) }
    }

    private func drop(_ client: Client) {
        guard clients.removeValue(forKey: client.descriptor) != nil else { return }
        close(client.descriptor)
        if client.isOpenPage { saidFull = false }
        if let session = client.session {
            // Kept for a reload; the oldest kept ends when too many are.
            if parked.count >= Self.mostConnections, let oldest = parked.min(by: { $0.value.until < $1.value.until }) {
                parked[oldest.key] = nil
                end(oldest.value.session)
            }
            parked[session.id] = (session, ContinuousClock.now + keepTime)
        }
        client.session = nil
    }
}
