import Foundation
import Glibc

/// The event loop, measured on `trellis run` in a pseudo-terminal: what a person
/// sees, not a model of it.
extension Benchmarks {
    /// CPU used by `trellis run` over `seconds` with the ticking Next screen open,
    /// in percent of one core.
    func idleCPU(seconds: Double) throws -> Double {
        let config = try releaseConfig("Examples/main-next.json")
        guard let terminal = PseudoTerminal([trellis, "run", config.path]) else { return .nan }
        defer { terminal.end() }
        terminal.nextOutput(timeout: 5)
        terminal.type("\r")
        terminal.discardOutput(for: 0.5)
        let before = terminal.cpuSeconds
        terminal.discardOutput(for: seconds)
        return (terminal.cpuSeconds - before) / seconds * 100
    }

    /// From a main-actor task changing a screen's content (the test plugin stamps
    /// the time just before) to the frame arriving on the terminal, in microseconds.
    func asyncUpdateLatency(samples: Int) throws -> Double {
        let stamps = fixtures.folder.appendingPathComponent("stamps-\(samples).txt")
        let config = fixtures.folder.appendingPathComponent("ticker.json")
        try """
        { "plugins": ["\(products.path)"], "root": "ticker", "routes": { "ticker": { "plugin": "TestScreens",
          "parameters": { "behaviour": "ticker", "interval_ms": 40, "stamps": "\(stamps.path)" } } } }
        """.write(to: config, atomically: true, encoding: .utf8)
        guard let terminal = PseudoTerminal([trellis, "run", config.path]) else { return .nan }
        // The first frame shows "Starting"; every later one is a tick's (the diff
        // writes only the cells that changed, so frames are told apart by time).
        terminal.nextOutput(timeout: 5)
        var arrivals: [Double] = []
        while arrivals.count < samples + 2, let output = terminal.nextOutput(timeout: 2, gap: 0) {
            arrivals.append(output.time)
        }
        terminal.end()
        let sent = try String(contentsOf: stamps, encoding: .utf8).split(separator: "\n")
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) }.map { $0 / 1e9 } }
        // Each change is matched with the first frame that arrived after it.
        let latencies = sent.compactMap { stamp in arrivals.first { $0 >= stamp }.map { $0 - stamp } }
        return median(Array(latencies.prefix(samples))) * 1e6
    }

    /// From a key written to the terminal to the first frame that echoes it, typing
    /// into the Airports search over 28,298 airports, in microseconds; `isolated`,
    /// with Airports in a process of its own.
    func keystrokeToFrame(samples: Int, isolated: Bool = false) throws -> Double {
        let config = fixtures.folder.appendingPathComponent("airports-only\(isolated ? "-isolated" : "").json")
        let isolation = isolated ? #", "isolation": "process""# : ""
        try """
        { "plugins": ["\(products.path)"], "root": "airports",
          "routes": { "airports": { "plugin": "AirportSearch"\(isolation) } } }
        """.write(to: config, atomically: true, encoding: .utf8)
        guard let terminal = PseudoTerminal([trellis, "run", config.path]) else { return .nan }
        defer { terminal.end() }
        terminal.drain(quiet: 0.3)
        var latencies: [Double] = []
        for index in 0..<samples {
            let key = index % 2 == 0 ? "s" : "\u{7F}"
            let sent = now()
            terminal.type(key)
            guard let echo = terminal.nextOutput(timeout: 2, gap: 0) else { break }
            latencies.append(echo.time - sent)
            // The filter's result comes in a later frame; let it land first.
            terminal.drain(quiet: 0.05)
        }
        return median(latencies) * 1e6
    }

    /// The floor under any terminal app's latency, measured in the same run: a key
    /// written to a pseudo-terminal, read by `cat` in raw mode and written back,
    /// in microseconds.
    func terminalEchoFloor(samples: Int) -> Double {
        guard let terminal = PseudoTerminal(["/bin/sh", "-c", "stty raw -echo; exec cat"]) else { return .nan }
        defer { terminal.end() }
        terminal.drain(quiet: 0.2)
        var latencies: [Double] = []
        for _ in 0..<samples {
            let sent = now()
            terminal.type("x")
            guard let echo = terminal.nextOutput(timeout: 2, gap: 0) else { break }
            latencies.append(echo.time - sent)
            terminal.drain(quiet: 0.02)
        }
        return median(latencies) * 1e6
    }

    private var trellis: String { products.appendingPathComponent("trellis").path }

    /// A repository config: its "@host" is the folder of the release `trellis`
    /// that runs it, the release products.
    private func releaseConfig(_ path: String) throws -> URL {
        repository.appendingPathComponent(path)
    }
}
