import CTerminal
import ChromiumDriver
import Foundation
import Glibc
import TrellisCore
import TrellisHost
@_spi(TrellisHost) import TrellisSDK

/// `trellis serve`: what a tab costs, what a keystroke sends, and how long an
/// action takes to reach the page in a real browser.
extension Benchmarks {
    /// What the page is sent while "seoul" is typed into the Airports search,
    /// a keystroke at a time, and the text that changed on screen meanwhile: the
    /// field's, the count's and the rows' the page shows (its window of the list),
    /// each counted where it differs from the screen before. In bytes, summed.
    func webBytesPerKeystroke() throws -> (sent: Int, changedText: Int) {
        let config = try RouteConfig.load(from: repository.appendingPathComponent("Examples/airports.json"))
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        try tree.launch()
        let session = WebSession(tree: tree, id: "bench")
        try settle(session.session, showing: "type to narrow")
        _ = session.update()
        var before = shownText(tree)
        var sent = 0
        var changed = 0
        var typed = ""
        for character in "seoul" {
            typed.append(character)
            session.receive(#"{"type":"edit","field":"search","text":"\#(typed)"}"#)
            // The field shows the text at once; the list follows from a task. Every
            // message of the keystroke is counted, until the list has changed (or,
            // if it shows the same, for a second).
            let listBefore = before.dropFirst(2)
            let end = ContinuousClock.now + .seconds(1)
            let deadline = ContinuousClock.now + .seconds(60)
            while shownText(tree).first != typed
                || (shownText(tree).dropFirst(2) == listBefore && ContinuousClock.now < end)
            {
                guard ContinuousClock.now < deadline else {
                    throw BenchError("the Airports search did not show \"\(typed)\" in 60 s")
                }
                loop.wait(for: [], until: ContinuousClock.now + .milliseconds(2))
                sent += session.update()?.utf8.count ?? 0
            }
            sent += session.update()?.utf8.count ?? 0
            let after = shownText(tree)
            for (index, line) in after.enumerated() where index >= before.count || before[index] != line {
                changed += line.utf8.count
            }
            before = after
        }
        session.end()
        return (sent, changed)
    }

    /// The Airports screen's text as the page shows it: the field, the count,
    /// and the first rows of the list, as many as the page's window holds.
    private func shownText(_ tree: RouteTree) -> [String] {
        guard let root = tree.rootView, let top = Window.layers(from: root).last?.last,
            case let .stack(_, _, children) = top.content
        else { return [] }
        var lines: [String] = []
        for child in children {
            switch child {
            case let .textField(_, text, _): lines.insert(text, at: 0)
            case let .text(text): lines.append(text)
            case let .list(_, rows): lines += rows.prefix(WebSession.windowLength)
            default: break
            }
        }
        return lines
    }

    /// Sessions of the default config opened, each taken to Main → Next's screen
    /// and back, and ended: the memory each took while open (the heap's bytes in
    /// use, which a resident set's pages round away), in KiB, and the leaks their
    /// ended trees reported.
    func webSessions(count: Int) throws -> (perSessionKiB: Double, leaks: Int) {
        let config = try RouteConfig.load(from: repository.appendingPathComponent("config.json"))
        let loader = PluginLoader(config: config)
        let leaks = LeakCount()
        // One first, so the plugins it maps are not counted as a session's.
        var sessions: [WebSession] = []
        func open() throws {
            let tree = RouteTree(config: config, loader: loader)
            tree.leakDetector.onLeak = { _ in leaks.value += 1 }
            try tree.launch()
            let session = WebSession(tree: tree, id: "bench\(sessions.count)")
            session.receive(#"{"type":"select","list":"demos","row":0}"#)
            _ = session.update()
            session.receive(#"{"type":"back"}"#)
            _ = session.update()
            sessions.append(session)
        }
        try open()
        loop.drain()
        let start = trellis_heap_bytes_in_use()
        for _ in 1..<count { try open() }
        loop.drain()
        let perSession = Double(Int(trellis_heap_bytes_in_use()) - Int(start)) / 1024 / Double(count - 1)
        for session in sessions { session.end() }
        // The trees are kept until their leak checks have run.
        let checked = ContinuousClock.now + LeakDetector.gracePeriod + .milliseconds(300)
        while ContinuousClock.now < checked { loop.wait(for: [], until: checked) }
        sessions = []
        return (perSession, leaks.value)
    }

    /// The size of the default config's plugin files, in KiB.
    func defaultPluginFilesKiB() throws -> Double {
        let config = try RouteConfig.load(from: repository.appendingPathComponent("config.json"))
        let plugins = Set(config.routes.values.map(\.plugin))
        return plugins.reduce(0.0) { total, plugin in
            let file = products.appendingPathComponent("lib\(plugin).so").path
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            return total + Double(size) / 1024
        }
    }

    /// In a real browser: a tap that changes a text, from the page's sending it
    /// to the text changed in its DOM, and a bare WebSocket round trip to the same
    /// server (`ping`, answered at once), each the median of `samples`, in
    /// microseconds. `nil` without Chromium.
    func webActionToDOM(samples: Int) throws -> (action: Double, echo: Double)? {
        guard ChromiumPage.browser != nil else { return nil }
        let server = Process()
        server.executableURL = products.appendingPathComponent("trellis")
        // The app's own drawing and sending, as before serve isolated routes by
        // default; what crossing to a route's process adds is isolated_keystroke_to_frame_us.
        server.arguments = [
            "serve", repository.appendingPathComponent("Examples/widgets.json").path, "--port", "0", "--in-process",
        ]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var printed = ""
        while !printed.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        guard let address = printed.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
            throw BenchError("trellis serve printed no address: \(printed)")
        }
        let page = try ChromiumPage(String(address.prefix { !$0.isWhitespace }))
        try page.waitForText("Wi-Fi on")
        // The page's own socket and `send`: the same path a click takes.
        let action = """
            new Promise((resolve) => {
              const label = [...document.querySelectorAll('label.toggle')].find(l => l.textContent.includes('Bluetooth'));
              const said = [...document.querySelectorAll('p.text')].find(p => p.textContent.includes('Bluetooth'));
              const before = said.textContent;
              const watcher = new MutationObserver(() => {
                const now = [...document.querySelectorAll('p.text')].find(p => p.textContent.includes('Bluetooth'));
                if (now && now.textContent !== before) { watcher.disconnect(); resolve((performance.now() - start) * 1000); }
              });
              watcher.observe(document.getElementById('screens'), { subtree: true, childList: true, characterData: true });
              const start = performance.now();
              send({ type: 'toggle', id: label._node.id, on: !label._node.on });
            })
            """
        let echo = """
            new Promise((resolve) => {
              const heard = (event) => {
                if (JSON.parse(event.data).t !== 'pong') return;
                socket.removeEventListener('message', heard);
                resolve((performance.now() - start) * 1000);
              };
              socket.addEventListener('message', heard);
              const start = performance.now();
              send({ type: 'ping' });
            })
            """
        var actions: [Double] = []
        var echoes: [Double] = []
        for _ in 0..<samples {
            if let time = try page.evaluate(echo, awaitingPromise: true) as? Double { echoes.append(time) }
            if let time = try page.evaluate(action, awaitingPromise: true) as? Double { actions.append(time) }
        }
        guard !actions.isEmpty, !echoes.isEmpty else { throw BenchError("the page measured nothing") }
        return (median(actions), median(echoes))
    }
}

/// The leaks the ended sessions' trees reported.
@MainActor
private final class LeakCount {
    var value = 0
}
