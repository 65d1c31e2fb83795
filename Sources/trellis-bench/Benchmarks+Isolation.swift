import Foundation
import Glibc
import TrellisCore
import TrellisHost
import TrellisSDK

/// What a route in a process of its own (`"isolation": "process"`) costs, held
/// to the same work in the app's process measured in the same run.
struct IsolationFigures {
    /// Main opening Next in a process of its own: the tap to Next's first
    /// screen drawn, in microseconds.
    var attach = Double.nan
    /// A key typed into Airports' search, run in a process of its own, to the
    /// next frame on the terminal, in microseconds.
    var keystrokeToFrame = Double.nan
    /// The peak resident set of Next's process, in KiB.
    var residentKiB = Double.nan
    /// From a SIGSEGV of Next's process to its place saying it stopped, in
    /// microseconds.
    var crashToNotice = Double.nan

    func goals(firstAttach: Double, keystrokeToFrame inProcess: Double) -> [(
        name: String, holds: Bool, detail: String
    )] {
        [
            (
                "isolated_attach_us <= 10 x first_attach_us", attach <= 10 * firstAttach,
                String(format: "%.0f <= %.0f", attach, 10 * firstAttach)
            ),
            (
                "isolated_keystroke_to_frame_us <= 2 x keystroke_to_frame_us", keystrokeToFrame <= 2 * inProcess,
                String(format: "%.0f <= %.0f", keystrokeToFrame, 2 * inProcess)
            ),
        ]
    }
}

extension Benchmarks {
    /// ``IsolationFigures``' attach, resident set and crash-to-notice: Main and
    /// Next in this process's tree, Next isolated, run by the release `trellis`.
    func isolation(samples: Int) throws -> IsolationFigures {
        setenv("TRELLIS_PLUGIN_HOST", products.appendingPathComponent("trellis").path, 1)
        defer { unsetenv("TRELLIS_PLUGIN_HOST") }
        let file = fixtures.folder.appendingPathComponent("isolated-next.json")
        try #"""
        { "plugins": ["\#(products.path)"], "root": "main",
          "routes": { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                      "next": { "plugin": "NextScreen", "isolation": "process" } } }
        """#.write(to: file, atomically: true, encoding: .utf8)
        let config = try RouteConfig.load(from: file)
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        try tree.launch()
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
        let runner = HeadlessRunner(session: session, loop: loop)
        /// Runs the loop until the screen shows `text`: `false` after 10 s.
        func shows(_ text: String) -> Bool {
            let limit = now() + 10
            while now() < limit {
                session.update(.viewsChanged)
                if !runner.isWorking, session.frame.text.contains(text) { return true }
                loop.wait(for: [], until: loop.now + .milliseconds(1))
            }
            return false
        }
        var figures = IsolationFigures()
        var attaches: [Double] = []
        var crashes: [Double] = []
        for index in 0..<samples {
            // A person opens screens a moment apart: the process started ahead
            // after the last one (``PluginHostProcess``) is ready by then.
            let pause = loop.now + .milliseconds(150)
            while loop.now < pause { loop.wait(for: [], until: pause) }
            let start = now()
            _ = session.update(.command(.tap("Click Button")))
            guard shows("Now is") else {
                let text = "trellis-bench: Next did not open in a process of its own:\n\(session.frame.text)\n"
                FileHandle.standardError.write(Data(text.utf8))
                return figures
            }
            attaches.append(now() - start)
            guard let child = pluginHosts().first else {
                FileHandle.standardError.write(Data("trellis-bench: no plugin-host process found\n".utf8))
                return figures
            }
            if index == 0 { figures.residentKiB = highWaterKiB(of: child) ?? .nan }
            if index % 4 == 3 {
                let crashed = now()
                kill(child, SIGSEGV)
                guard shows("stopped") else { return figures }
                crashes.append(now() - crashed)
                _ = session.update(.key(.escape))
            } else {
                _ = session.update(.command(.tap("Close")))
            }
            guard shows("Click Button") else { return figures }
        }
        figures.attach = median(attaches) * 1e6
        figures.crashToNotice = median(crashes) * 1e6
        return figures
    }

    /// The processes of `trellis plugin-host` this process started.
    private func pluginHosts() -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // After the command's name: the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == getpid()
        }
    }
}
