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

    @Test func theTokenIsNoCookieAndThePageNeedsNothingFromOutside() throws {
        let client = try WebTestClient(port: port)
        client.request("/socket", host: host)
        #expect(client.response().head.hasPrefix("HTTP/1.1 403 Forbidden"), "no token, no socket")

        let browser = try WebTestClient(port: port)
        browser.request("/?token=\(token)", host: host)
        let first = browser.response().head
        #expect(first.hasPrefix("HTTP/1.1 200 OK") && !first.lowercased().contains("set-cookie"), "\(first)")
        var files: [String] = []
        for path in ["/", "/app.js", "/app.css"] {
            browser.request(path, host: host)
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
        rebound.request("/?token=\(token)", host: "rebound.example:\(port)")
        #expect(rebound.response().head.hasPrefix("HTTP/1.1 403"), "DNS rebinding")
    }

    /// A config of Main → a test screen of `behaviour`, whose button builds it.
    private func mainScreen(withNext behaviour: String, in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens", "parameters": { "behaviour": "\(behaviour)" } } }
                """)
    }

    /// A page's socket on `app` (the suite's own by default), said hello on.
    private func openPage(resuming session: String? = nil, on app: ServedApp? = nil) throws -> (
        WebTestClient, id: String, first: String, hello: String
    ) {
        try (app ?? self.app).openPage(resuming: session)
    }

    @Test func theAppIsPlayedOverTheWebSocketAndAForeignOriginIsRefused() throws {
        let foreign = try WebTestClient(port: port)
        foreign.request("/socket?token=\(token)", host: host, ServedApp.socketFields(origin: "http://evil.example"))
        #expect(foreign.response().head.hasPrefix("HTTP/1.1 403"))

        let (page, id, first, _) = try openPage()
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
        page.sendText(#"{"type":"choose","id":"demos","index":-1}"#)
        while !update.contains("with missing or bad fields"), let next = page.nextText() { update = next }
        #expect(update.contains("the page sent a message of type choose with missing or bad fields"))

        // A frame a browser never sends (not masked) closes the connection.
        page.send([0x81, 0x01, 0x41])
        while page.nextText() != nil {}
        #expect(page.sawClose)

        // The session is kept: a page that reloads comes back to Main → Next.
        let (again, sameID, resumed, _) = try openPage(resuming: id)
        #expect(sameID == id)
        #expect(resumed.hasPrefix(#"{"t":"all""#) && resumed.contains("Click Button!"), "\(resumed)")
        again.sendText(#"{"type":"back"}"#)
        while !update.contains("Trellis pattern gallery"), let next = again.nextText() { update = next }
        #expect(update.contains(#""route":["launcher"]"#))

        // A second tab is a session of its own, at the root.
        let (_, otherID, other, _) = try openPage()
        #expect(otherID != id && other.contains(#""route":["launcher"]"#))

        // A page must say hello first.
        let rude = try WebTestClient(port: port)
        rude.request("/socket?token=\(token)", host: host, ServedApp.socketFields(origin: "http://\(host)"))
        _ = rude.response()
        rude.sendText(#"{"type":"back"}"#)
        while rude.nextText() != nil {}
        #expect(rude.sawClose)
    }

    @Test func whatAPluginReportsGoesToTheTabWhoseScreenItIs() throws {
        let folder = try TemporaryFolder()
        let config = try mainScreen(withNext: "failingTask", in: folder)
        let app = try ServedApp(config: config.path)
        let (first, _, _, _) = try openPage(on: app)
        // Opened last: before each tab had its own, the SDK's reports went to the last tree built.
        let (second, _, _, _) = try openPage(on: app)
        first.sendText(#"{"type":"tap","id":"main.button"}"#)
        var update = ""
        while !update.contains("a task failed"), let next = first.nextText() { update = next }
        #expect(update.contains("route next (plugin TestScreens): a task failed"), "in place, in its own tab")
        second.sendText(#"{"type":"back"}"#)
        var other = ""
        while !other.contains("nothing to go back to"), let next = second.nextText() { other = next }
        #expect(!other.contains("task failed"))
    }

    @Test func aPageThatReadsNothingHalfARequestAndAThousandConnectionsLeaveTheOthersServed() throws {
        let (page, _, _, _) = try openPage()
        // A page that never reads while its clock ticks, and a request that never ends.
        let (stuck, _, _, _) = try openPage()
        stuck.sendText(#"{"type":"select","list":"demos","row":0}"#)
        stuck.sendText(#"{"type":"tap","id":"main.button"}"#)
        let half = try WebTestClient(port: port)
        half.send(Array("GET / HTTP/1.1\r\nHost: 127.0".utf8))

        // As many connections as this process may open, up to 1,000, none of them
        // a page: past the server's limit, the oldest are closed for the new.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let count = min(1000, Int(limit.rlim_cur) - 200)
        #expect(count >= 500, "this process may open only \(limit.rlim_cur) files")
        var many: [WebTestClient] = []
        for _ in 0..<count { if let client = try? WebTestClient(port: port) { many.append(client) } }
        #expect(many.count == count)

        page.sendText(#"{"type":"select","list":"demos","row":0}"#)
        var update = ""
        while !update.contains("Click Button!"), let next = page.nextText() { update = next }
        #expect(update.contains(#""route":["launcher","main"]"#), "the open page is served as before")
        #expect(many[0].nextText() == nil && many[0].sawClose, "the oldest made room for the newer")
        // They do not keep a browser out: a new page opens while they are held.
        let (_, _, first, _) = try openPage()
        #expect(first.contains("Trellis pattern gallery"))
        many = []
    }

    @Test func aSessionWhosePageHasGoneEndsAfterItsTimeWithItsRIBsGone() throws {
        let app = try ServedApp(arguments: ["--keep", "0"])
        let (page, id, _, _) = try openPage(on: app)
        page.sendText(#"{"type":"select","list":"demos","row":0}"#)
        var update = ""
        while !update.contains("Click Button!"), let next = page.nextText() { update = next }
        page.send([0x88, 0x80, 0, 0, 0, 0])
        while page.nextText() != nil {}
        // Kept no time: the page that comes back gets a new session, at the root.
        let deadline = Date().addingTimeInterval(60)
        var again = (id: id, first: "")
        while again.id == id, Date() < deadline {
            let (_, newID, first, _) = try openPage(resuming: id, on: app)
            again = (newID, first)
        }
        #expect(again.id != id && again.first.contains(#""route":["launcher"]"#), "\(again.first.prefix(300))")
        #expect(!app.errors.contains("leak"), "the ended session's RIBs went away: \(app.errors)")
    }

    @Test func anEndedSessionsRIBsAreCheckedForLeaksAndALeakIsSaid() throws {
        let folder = try TemporaryFolder()
        let config = try mainScreen(withNext: "leakyRouter", in: folder)
        let app = try ServedApp(config: config.path, arguments: ["--keep", "0"])
        let (clean, _, _, _) = try openPage(on: app)
        let (leaky, _, _, _) = try openPage(on: app)
        leaky.sendText(#"{"type":"tap","id":"main.button"}"#)
        var update = ""
        while !update.contains("I will leak"), let next = leaky.nextText() { update = next }
        // The clean tab ends first: its checks are over when the leaky one's report comes.
        clean.send([0x88, 0x80, 0, 0, 0, 0])
        while clean.nextText() != nil {}
        leaky.send([0x88, 0x80, 0, 0, 0, 0])
        while leaky.nextText() != nil {}
        let deadline = Date().addingTimeInterval(60)
        while !app.errors.contains("leak"), Date() < deadline { usleep(50_000) }
        let errors = app.errors
        #expect(errors.contains("leak: route next (plugin TestScreens) was detached"), "\(errors)")
        #expect(errors.components(separatedBy: "leak: ").count == 2, "only the leaky RIB: \(errors)")
    }

    @Test func aCrashIsServedAgainAtTheSameAddressAndThePageThatComesBackIsShownTheReport() throws {
        let folder = try TemporaryFolder()
        let config = try mainScreen(withNext: "segfaultInBuild", in: folder)
        let app = try ServedApp(config: config.path)
        let (page, id, _, _) = try openPage(on: app)
        page.sendText(#"{"type":"tap","id":"main.button"}"#)
        while page.nextText() != nil {}
        #expect(page.sawClose, "the app crashed")

        // The supervisor serves it again, at the same port and with the same token.
        let deadline = Date().addingTimeInterval(60)
        var again: (WebTestClient, id: String, first: String, hello: String)?
        while again == nil, Date() < deadline {
            again = try? openPage(resuming: id, on: app)
            if again == nil { usleep(100_000) }
        }
        let (back, newID, first, hello) = try #require(again)
        #expect(newID != id && first.contains(#""route":["main"]"#), "a new session, at the root")
        #expect(hello.contains(#""crash":"#) && hello.contains("SIGSEGV"), "the page is shown the report: \(hello)")
        #expect(app.errors.contains("SIGSEGV") && app.errors.contains("serving again"), "\(app.errors)")
        back.sendText(#"{"type":"tap","id":"main.button"}"#)
        var update = ""
        while !update.contains("next"), let next = back.nextText() { update = next }
        #expect(update.contains("crashed"), "the route that crashed is an error in its place: \(update)")
    }

    /// The record of loaded plugins was one tab's: a tab opened later erased what
    /// an earlier one loaded, and a crash on a plugin's own thread (which no tab's
    /// action names) was "not in a plugin's image": serve exited, every tab gone.
    @Test func aCrashOnAPluginsThreadIsNamedAfterAnotherTabOpened() throws {
        let folder = try TemporaryFolder()
        let signal = folder.url.appendingPathComponent("crash-now")
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "TestScreens",
                            "parameters": { "behaviour": "crashOnThreadWhenTold", "file": "\(signal.path)" } } }
                """)
        let app = try ServedApp(config: config.path)
        let (first, _, _, _) = try openPage(on: app)
        first.sendText(#"{"type":"tap","id":"main.button"}"#)
        var update = ""
        while !update.contains("Crashes when told"), let next = first.nextText() { update = next }
        let (second, _, _, _) = try openPage(on: app)

        try Data().write(to: signal)
        while first.nextText() != nil {}
        while second.nextText() != nil {}
        let deadline = Date().addingTimeInterval(60)
        while !app.errors.contains("serving again"), !app.errors.contains("not in a plugin"), Date() < deadline {
            usleep(50_000)
        }
        let errors = app.errors

        #expect(update.contains("Crashes when told"), "the first tab built the route: \(update)")
        #expect(errors.contains("plugin:     TestScreens"), "\(errors)")
        #expect(errors.contains("serving again, with route next shown as an error"), "\(errors)")
        #expect(!errors.contains("not in a plugin's image"), "\(errors)")
    }

    /// Served again after a crash, serve bound its port anew: a local process that
    /// bound it in between got the pages that reconnected.
    @Test func thePortIsNeverFreeWhileACrashedServerIsServedAgain() throws {
        let folder = try TemporaryFolder()
        let app = try ServedApp(config: try mainScreen(withNext: "segfaultInBuild", in: folder).path)
        let (page, _, _, _) = try openPage(on: app)
        page.sendText(#"{"type":"tap","id":"main.button"}"#)
        while page.nextText() != nil {}

        // As any local process could: try to take the port until serve answers again.
        var taken = 0
        var again: (WebTestClient, id: String, first: String, hello: String)?
        let deadline = Date().addingTimeInterval(60)
        while again == nil, Date() < deadline {
            for _ in 0..<50 where Self.bindsLoopback(port: app.port) { taken += 1 }
            if app.errors.contains("serving again") { again = try? openPage(on: app) }
        }

        #expect(again != nil, "served again: \(app.errors)")
        #expect(taken == 0, "another process bound the port \(taken) times while serve started again")
    }

    /// Whether a new socket could bind 127.0.0.1:`port` (it is closed at once).
    private static func bindsLoopback(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    @Test func withWatchAnEditedConfigSwapsTheScreenInEveryTabAndNewTabsUseIt() throws {
        let folder = try TemporaryFolder()
        func writeConfig(title: String) throws -> URL {
            try folder.writeConfig(
                routes: """
                    { "main": { "plugin": "MainScreen", "children": { "next": "next" },
                                "parameters": { "title": "\(title)" } },
                      "next": { "plugin": "NextScreen" } }
                    """)
        }
        let config = try writeConfig(title: "Before the edit")
        let app = try ServedApp(config: config.path, arguments: ["--watch"])
        let (page, _, first, _) = try openPage(on: app)
        #expect(first.contains("Before the edit"))
        _ = try writeConfig(title: "After the edit")
        var update = ""
        while !update.contains("After the edit"), let next = page.nextText() { update = next }
        #expect(update.contains("After the edit"), "the open tab's screen was swapped")
        let (_, _, later, _) = try openPage(on: app)
        #expect(later.contains("After the edit"), "a new tab is built from the edited config")
    }

    @Test func aPluginsPictureIsServedFromItsResourcesAndNothingElseIs() throws {
        let browser = try WebTestClient(port: port)
        browser.request("/picture/Widgets/gallery.png?token=\(token)", host: host)
        let (head, body) = browser.response()
        #expect(head.hasPrefix("HTTP/1.1 200 OK") && head.contains("Content-Type: image/png"), "\(head)")
        #expect(body.utf8.count > 1000)
        for path in [
            "/picture/Widgets/../../../../etc/passwd", "/picture/Widgets/%2E%2E/%2E%2E/config.json",
            "/picture/Widgets/%2e%2e%2fTrellis_Widgets.resources%2fgallery.png", "/picture/NoSuchPlugin/gallery.png",
            "/picture/Widgets/nothing.png", "/picture/Widgets/gallery.txt", "/picture//etc/hostname",
            "/picture/Widgets/%00.png", "/picture/Widgets",
        ] {
            let client = try WebTestClient(port: port)
            client.request(path + "?token=\(token)", host: host)
            #expect(client.response().head.hasPrefix("HTTP/1.1 404"), "\(path)")
        }
        let stranger = try WebTestClient(port: port)
        stranger.request("/picture/Widgets/gallery.png", host: host)
        #expect(stranger.response().head.hasPrefix("HTTP/1.1 403"), "no token, no picture")
    }
}
