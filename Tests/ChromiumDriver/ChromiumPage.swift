import Foundation
import Glibc

/// A page in a real, headless Chromium, driven through its DevTools protocol
/// over `--remote-debugging-pipe` (JSON messages ended by a NUL byte on the
/// browser's descriptors 3 and 4), so no WebSocket client is needed. Clicks,
/// keys and typing are the browser's own input events, as a person's are.
public final class ChromiumPage {
    /// Where Debian's package puts the browser, if it is installed.
    public static let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// How long a step waits for the page before it fails: long, for a loaded machine.
    public static let patience: TimeInterval = 60

    private let process: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private var received: [UInt8] = []
    private var nextID = 0
    private var session = ""
    /// What the page's scripts threw, as the browser reported it: a page that
    /// works throws nothing.
    public private(set) var exceptions: [String] = []

    /// Starts the browser, `width` by `height` pixels, and opens `address`.
    public init(_ address: String, width: Int = 1100, height: Int = 760) throws {
        guard let browser = Self.browser else { throw ChromiumError("chromium is not installed") }
        // A browser that dies must fail the step that writes to it, not end this process.
        signal(SIGPIPE, SIG_IGN)
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var commands: [Int32] = [0, 0]
        var replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw ChromiumError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, replies[1], 4)
        let devNull = open("/dev/null", O_WRONLY)
        posix_spawn_file_actions_adddup2(&actions, devNull, 1)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        let arguments = [
            browser, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "--no-first-run",
            "about:blank",
        ]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, browser, &actions, nil, &argv, environ)
        close(commands[0])
        close(replies[1])
        close(devNull)
        guard spawned == 0 else { throw ChromiumError("could not start \(browser): \(spawned)") }
        process = pid
        toBrowser = commands[1]
        fromBrowser = replies[0]
        let target = try call("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let targetID = target["targetId"] as? String else { throw ChromiumError("no target: \(target)") }
        let attached = try call(
            "Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
        session = attached["sessionId"] as? String ?? ""
        _ = try call("Page.enable")
        _ = try call("Runtime.enable")
        // Headless, no window has the focus: the page is told it has, as a window a person types into.
        _ = try call("Emulation.setFocusEmulationEnabled", ["enabled": true])
        _ = try call("Page.navigate", ["url": address])
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(process, SIGKILL)
        var status: Int32 = 0
        waitpid(process, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// The value of `expression`, evaluated in the page (JSON-like: strings,
    /// numbers, booleans, arrays, objects).
    /// With `awaitingPromise`, the value a promise the expression gives settles to.
    @discardableResult
    public func evaluate(_ expression: String, awaitingPromise: Bool = false) throws -> Any? {
        let result = try call(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": awaitingPromise])
        if let thrown = result["exceptionDetails"] { throw ChromiumError("\(expression): \(thrown)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `condition` (a JavaScript expression) is true in the page.
    public func waitUntil(_ condition: String, _ what: String? = nil) throws {
        let deadline = Date().addingTimeInterval(Self.patience)
        while Date() < deadline {
            if (try? evaluate("Boolean(\(condition))")) as? Bool == true { return }
            usleep(30_000)
        }
        throw ChromiumError("waited \(Int(Self.patience)) s for \(what ?? condition); the page shows: \(text())")
    }

    /// Waits until the page's screens show `text`.
    public func waitForText(_ text: String) throws {
        try waitUntil("document.getElementById('screens').innerText.includes(\(Self.quoted(text)))", "“\(text)”")
    }

    /// The text the page shows.
    public func text() -> String {
        ((try? evaluate("document.body.innerText")) as? String) ?? ""
    }

    /// Clicks, with the mouse, the middle of the first element matching the CSS
    /// `selector` whose text contains `text` (any, when `nil`), once it is shown.
    public func click(_ selector: String, text: String? = nil) throws {
        let find =
            "[...document.querySelectorAll(\(Self.quoted(selector)))].find(e => e.getClientRects().length > 0"
            + (text.map { " && e.textContent.includes(\(Self.quoted($0)))" } ?? "") + ")"
        try waitUntil(find, "\(selector) \(text ?? "")")
        try evaluate("\(find).scrollIntoView({block: 'center'})")
        guard
            let box = try evaluate(
                "(() => { const r = \(find).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
            ) as? [Double]
        else { throw ChromiumError("no box for \(selector)") }
        for type in ["mousePressed", "mouseReleased"] {
            _ = try call(
                "Input.dispatchMouseEvent",
                ["type": type, "x": box[0], "y": box[1], "button": "left", "clickCount": 1])
        }
    }

    /// Types `text` into the focused control, as the keyboard does.
    public func type(_ text: String) throws {
        _ = try call("Input.insertText", ["text": text])
    }

    /// Presses a key: Enter, Escape, Tab, ArrowDown, ArrowUp, End, Home, or a
    /// printable character.
    public func press(_ key: String) throws {
        let codes = [
            "Enter": 13, "Escape": 27, "Tab": 9, "ArrowDown": 40, "ArrowUp": 38, "End": 35, "Home": 36,
            "ArrowLeft": 37, "ArrowRight": 39, " ": 32,
        ]
        var event: [String: Any] = ["key": key, "code": key, "windowsVirtualKeyCode": codes[key] ?? 0]
        if key == "Enter" { event["text"] = "\r" }
        if key.count == 1 { event["text"] = key }
        _ = try call("Input.dispatchKeyEvent", event.merging(["type": "keyDown"]) { $1 })
        _ = try call("Input.dispatchKeyEvent", event.merging(["type": "keyUp"]) { $1 })
    }

    /// Goes back as the browser's back button does.
    public func goBack() throws {
        try evaluate("history.back()")
    }

    /// Keeps a picture of the page in `folder`/NAME.png, and gives its size in bytes.
    @discardableResult
    public func screenshot(_ name: String, in folder: URL) throws -> Int {
        let shot = try call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw ChromiumError("no screenshot")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: folder.appendingPathComponent("\(name).png"))
        return data.count
    }

    /// Sends a DevTools command and gives its result.
    @discardableResult
    public func call(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true) throws
        -> [String: Any]
    {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw ChromiumError("the browser went away") }
            written += count
        }
        let deadline = Date().addingTimeInterval(Self.patience)
        while Date() < deadline {
            if let end = received.firstIndex(of: 0) {
                let reply = Array(received[..<end])
                received.removeFirst(end + 1)
                guard let object = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any] else {
                    continue
                }
                if object["method"] as? String == "Runtime.exceptionThrown",
                    let details = (object["params"] as? [String: Any])?["exceptionDetails"] as? [String: Any]
                {
                    let thrown = (details["exception"] as? [String: Any])?["description"] as? String
                    exceptions.append(thrown ?? details["text"] as? String ?? "an exception")
                }
                guard object["id"] as? Int == id else { continue }
                if let error = object["error"] { throw ChromiumError("\(method): \(error)") }
                return object["result"] as? [String: Any] ?? [:]
            }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 1000) >= 0 else { continue }
            if poller.revents == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw ChromiumError("the browser closed its pipe during \(method)") }
            received += buffer[..<count]
        }
        throw ChromiumError("no answer to \(method) in \(Int(Self.patience)) s")
    }

    /// `text` as a JavaScript string literal.
    public static func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text])
        return String(decoding: data ?? Data("[\"\"]".utf8), as: UTF8.self).dropFirst().dropLast().description
    }
}

/// A DevTools step that failed, with what the page showed.
public struct ChromiumError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
