import Foundation
import Glibc
import TrellisCore
import TrellisHost
import TrellisSDK

/// Builds, attaches and detaches per second, each `nan` if it could not be measured.
struct BuildFigures {
    /// The Leaf screen through Main's slot.
    var slot = Double.nan
    /// The Next screen through Main's slot.
    var nextSlot = Double.nan
    /// The Leaf screen's builder alone.
    var builder = Double.nan
    /// The naive builder.
    var naive = Double.nan
}

/// A tree launched from a config whose root is Main, and Main's `next` slot, built
/// through as Main builds it.
@MainActor
struct SlotBench {
    let folder: URL
    let loader: PluginLoader
    private let tree: RouteTree
    /// The tree's root, Main, whose `next` slot is measured.
    let main: Routing
    private let listener: ScreenListener
    private let slot: ChildSlot
    private let drain: HeadlessRunner
    private let leaks: Counter

    init(config: URL, loop: EventLoop) throws {
        let source = try RouteConfig.load(from: config)
        folder = source.file.deletingLastPathComponent()
        loader = PluginLoader(config: source)
        tree = RouteTree(config: source, loader: loader)
        try tree.launch()
        guard let main = tree.root, let listener = main.interactable as? ScreenListener else {
            throw BenchError("\(config.path): its root is not a screen with a listener")
        }
        (self.main, self.listener) = (main, listener)
        slot = try tree.slot("next", ofRoute: source.root)
        drain = HeadlessRunner(session: ScreenSession(tree: tree, window: Window(width: 80, height: 24)), loop: loop)
        let leaks = Counter()
        tree.leakDetector.onLeak = { _ in leaks.value += 1 }
        self.leaks = leaks
    }

    /// Seconds for `cycles` builds, attaches and detaches; then the checks that
    /// each child is shown run, once a turn as in the app, outside the time.
    func measure(cycles: Int, parameters: JSONValue) throws -> Double {
        let time = seconds {
            for _ in 0..<cycles {
                let child = slot.build(listener: listener, parameters: parameters)
                main.attachChild(child)
                main.detachChild(child)
            }
        }
        _ = try drain.execute(.wait(.milliseconds(10)))
        return time
    }

    /// The leaks reported once every pending check has run.
    func leaksAfterChecks() -> Int {
        tree.leakDetector.checkAll()
        return leaks.value
    }
}

@MainActor
private final class Counter {
    var value = 0
}

/// Why a benchmark could not be set up.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
