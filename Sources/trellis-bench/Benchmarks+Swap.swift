import Foundation
import Glibc
import TrellisHost

/// What `count` live swaps of the Next screen cost.
struct SwapFigures {
    /// From a new plugin file in place to the new frame drawn, the watcher's
    /// debounce excluded: the median over the good swaps, in milliseconds.
    var milliseconds = Double.nan
    /// Resident set growth per good swap, in KiB.
    var residentGrowthKiB = Double.nan
    /// The plugin file's size, in KiB: what each good swap maps anew.
    var fileKiB = Double.nan
    /// Leaks the detector reported over all the swaps.
    var leaks = 0
    /// Whether the run ended with the last good build attached, every good swap
    /// swapped and every broken file refused.
    var endedWell = false
}

extension Benchmarks {
    /// Main presents Next, whose plugin file is then replaced `count` times by a
    /// new file, renamed into place as a linker does: alternately a good build (a
    /// copy of the file, a new inode: a new image to map) and a broken one (the
    /// good one cut short), each followed by a reload, as `--watch` does once the
    /// file has settled.
    func swaps(count: Int) throws -> SwapFigures {
        let folder = fixtures.folder.appendingPathComponent("swap")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plugin = folder.appendingPathComponent("libNextScreen.so")
        let good = try Data(contentsOf: products.appendingPathComponent("libNextScreen.so"))
        let broken = good.prefix(4096)
        try good.write(to: plugin)
        let config = folder.appendingPathComponent("config.json")
        try """
        { "plugins": ["\(folder.path)", "\(products.path)"], "root": "main",
          "routes": { "main": { "plugin": "MainScreen", "children": { "next": "next" } }, "next": { "plugin": "NextScreen" } } }
        """.write(to: config, atomically: true, encoding: .utf8)
        let session = try session(config.path)
        guard let tree = session.tree as? RouteTree else { return SwapFigures() }
        var figures = SwapFigures(fileKiB: Double(good.count) / 1024)
        var leaks = 0
        tree.leakDetector.onLeak = { _ in leaks += 1 }
        _ = try session.update(.command(.tap("Click Button"))).get()
        try settle(session, showing: "Close")

        func replace(with bytes: Data) throws {
            let temporary = folder.appendingPathComponent(".libNextScreen.so.new")
            try bytes.write(to: temporary)
            rename(temporary.path, plugin.path)
        }
        var samples: [Double] = []
        var allWell = true
        var residentBefore = Double.nan
        for index in 0..<count {
            let isGood = index % 2 == 0
            try replace(with: isGood ? good : broken)
            var report: SwapReport?
            let elapsed = seconds {
                report = tree.reload()
                session.update(.viewsChanged)
            }
            guard let report else { return figures }
            allWell =
                allWell && (isGood ? report.swapped.count == 1 && report.failures.isEmpty : report.failures.count == 1)
            // The first good swap maps the reload's own code: growth is counted after it.
            if index == 0 { residentBefore = residentKiB() } else if isGood { samples.append(elapsed) }
        }
        loop.drain()
        tree.leakDetector.checkAll()
        figures.leaks = leaks
        figures.residentGrowthKiB = (residentKiB() - residentBefore) / Double(max((count - 1) / 2, 1))
        figures.milliseconds = median(samples) * 1e3
        figures.endedWell =
            allWell && session.frame.text.contains("Close") && session.treeText().contains("next (NextScreen)")
        return figures
    }
}
