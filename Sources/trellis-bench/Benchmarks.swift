import Foundation
import Glibc
import TrellisCore
import TrellisHost
import TrellisSDK

/// The measurements, each a median of repeated runs; ratios come from runs
/// interleaved in the same process, since the machine is shared and noisy.
@MainActor
struct Benchmarks {
    let fixtures: Fixtures
    let products: URL
    let repository: URL
    let loop = EventLoop()

    /// `dlopen` + `dlsym` + entry call on distinct copies, alternating with the
    /// host's whole load path on other copies. Both use the Main screen, the plugin
    /// the cold-start chains are made of, so the floor is the one they stand on.
    /// A `round` past 0 loads copies of its own: an image is mapped once a process.
    func pluginLoad(copies: Int = 200, round: Int = 0) throws -> (floor: Double, load: Double) {
        var floor: [Double] = []
        var load: [Double] = []
        let loader = PluginLoader(searchPath: [])
        for index in 0..<copies {
            let bare = try fixtures.copy(of: "MainScreen", index, tag: "floor\(round)-").path
            let checked = try fixtures.copy(of: "MainScreen", index, tag: "load\(round)-")
            floor.append(bareLoad(bare))
            load.append(try seconds { _ = try loader.load(fileAt: checked) })
        }
        return (median(floor) * 1e6, median(load) * 1e6)
    }

    /// `dlopen` + `dlsym` + entry call on the library at `path`, in seconds.
    private func bareLoad(_ path: String) -> Double {
        seconds {
            let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
            let symbol = dlsym(handle, TrellisSDKInterface.entrySymbol)!
            let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
            _ = Unmanaged<AnyObject>.fromOpaque(entry()).takeRetainedValue()
        }
    }

    /// Reading and checking one plugin's manifest from its file (ELF headers, the
    /// manifest note, its toolchain and SDK release), on distinct copies.
    func manifestRead(copies: Int = 200) throws -> Double {
        var samples: [Double] = []
        for index in 0..<copies {
            let copy = try fixtures.copy(of: "MainScreen", index, tag: "manifest").path
            samples.append(try seconds { _ = try PluginLoader.readManifest(atPath: copy) })
        }
        return median(samples) * 1e6
    }

    /// Attaching a route whose plugin is not loaded yet (Main presents Next, from a
    /// distinct copy each time), and, interleaved, the same attach once loaded and
    /// the dlopen floor of another copy of Next: `dlopen` costs more as images
    /// accumulate in the process, so its floor is measured where the attach is.
    /// A `round` past 0 loads copies of its own, as ``pluginLoad(copies:round:)``.
    func firstAttach(samples: Int = 100, round: Int = 0) throws -> (
        first: Double, loadedAttach: Double, floor: Double
    ) {
        var first: [Double] = []
        var again: [Double] = []
        var floor: [Double] = []
        let main = try fixtures.copy(of: "MainScreen", 0, tag: "attach-main\(round)-")
        let loader = PluginLoader(searchPath: [])
        for index in 0..<samples {
            let next = try fixtures.copy(of: "NextScreen", index, tag: "attach\(round)-")
            floor.append(bareLoad(try fixtures.copy(of: "NextScreen", index, tag: "attach-floor\(round)-").path))
            let file = fixtures.folder.appendingPathComponent("attach-\(round)-\(index).json")
            try
                #"{ "root": "main", "routes": { "main": { "plugin": "\#(main.path)", "children": { "next": "next" } }, "next": { "plugin": "\#(next.path)" } } }"#
                .write(to: file, atomically: true, encoding: .utf8)
            let tree = RouteTree(config: try RouteConfig.load(from: file), loader: loader)
            try tree.launch()
            let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
            first.append(try seconds { _ = try session.update(.command(.tap("Click Button"))).get() })
            _ = try session.update(.command(.tap("Close"))).get()
            again.append(try seconds { _ = try session.update(.command(.tap("Click Button"))).get() })
            _ = try session.update(.command(.tap("Close"))).get()
        }
        return (median(first) * 1e6, median(again) * 1e6, median(floor) * 1e6)
    }

    /// Process start to first headless frame, dynamic and static side by side.
    func coldStart(routes: Int, runs: Int) throws -> (dynamic: Double, staticBuild: Double) {
        let dynamicConfig = try fixtures.chainConfig(routes: routes, linked: false)
        let staticConfig = try fixtures.chainConfig(routes: routes, linked: true)
        let input = try fixtures.input("print\n")
        let trellis = products.appendingPathComponent("trellis").path
        let staticTrellis = products.appendingPathComponent("trellis-static").path
        var dynamic: [Double] = []
        var staticBuild: [Double] = []
        for _ in 0..<runs {
            dynamic.append(timeProcess([trellis, "run", dynamicConfig.path, "--headless"], input: input))
            staticBuild.append(timeProcess([staticTrellis, staticConfig.path], input: input))
        }
        return (median(dynamic) * 1e3, median(staticBuild) * 1e3)
    }

    /// The peak resident set of `trellis run --eager` (every plugin mapped) on a
    /// chain of `routes` distinct plugin copies, in KiB, one process, no supervisor.
    func residentSet(routes: Int) throws -> Double {
        let config = try fixtures.chainConfig(routes: routes, linked: false)
        let trellis = products.appendingPathComponent("trellis").path
        return median(
            (0..<3).map { _ in
                // The wait keeps the process alive while its peak is read.
                measureProcess(
                    [trellis, "run", config.path, "--headless", "--eager"],
                    input: (try? fixtures.input("print\nwait 0.1\n")) ?? "",
                    environment: ["TRELLIS_SUPERVISOR=off"]
                ).peakKiB
            })
    }

    /// The peak resident set of the Airports demo after a search, in KiB.
    func airportsPeakResidentSet() throws -> Double {
        let trellis = products.appendingPathComponent("trellis").path
        let input = try fixtures.input(
            "focus Search a city\ntype l\nexpect 7219 of\nkey backspace\nexpect 16877 cities;\nwait 0.1\n")
        return measureProcess(
            [trellis, "run", repository.appendingPathComponent("Examples/airports.json").path, "--headless"],
            input: input, environment: ["TRELLIS_SUPERVISOR=off"]
        ).peakKiB
    }

    /// The size of the Main screen plugin's file, in KiB: what each route of the
    /// chains maps.
    func pluginFileKiB() -> Double {
        var status = stat()
        return stat(products.appendingPathComponent("libMainScreen.so").path, &status) == 0
            ? Double(status.st_size) / 1024 : .nan
    }

    /// Typing `count` characters into the login's first field, as one `type`
    /// command, until it is drawn, in milliseconds.
    func typing(count: Int) throws -> Double {
        let session = try session(repository.appendingPathComponent("Examples/tictactoe.json").path)
        try settle(session, showing: "Player 1 name")
        let text = String(repeating: "a", count: count)
        return median(
            (0..<5).map { _ in
                seconds {
                    _ = try? session.update(.command(.focus("Player 1 name"))).get()
                    _ = try? session.update(.command(.type(text))).get()
                }
            }) * 1e3
    }

    /// `trellis validate` on a chain of `routes` distinct plugin copies.
    func validate(routes: Int, runs: Int) throws -> Double {
        let config = try fixtures.chainConfig(routes: routes, linked: false)
        let input = try fixtures.input("")
        let trellis = products.appendingPathComponent("trellis").path
        return median((0..<runs).map { _ in timeProcess([trellis, "validate", config.path], input: input) }) * 1e3
    }

    /// Attach and detach of a prebuilt child, per second: the router tree's and,
    /// interleaved round by round, the naive tree's.
    func attachDetach(pairs: Int = 1_000_000) -> (trellis: Double, naive: Double) {
        let parent = Router(interactor: Interactor())
        parent.interactor.activate()
        parent.load()
        let child = Router(interactor: Interactor())
        let naiveParent = NaiveRouter(interactor: NaiveInteractor())
        naiveParent.interactor.activate()
        let naiveChild = NaiveRouter(interactor: NaiveInteractor())
        let rounds = 7
        let perRound = pairs / rounds
        var trellis: [Double] = []
        var naive: [Double] = []
        for _ in 0..<rounds {
            trellis.append(
                seconds {
                    for _ in 0..<perRound {
                        parent.attachChild(child)
                        parent.detachChild(child)
                    }
                })
            naive.append(
                seconds {
                    for _ in 0..<perRound {
                        naiveParent.attach(naiveChild)
                        naiveParent.detach(naiveChild)
                    }
                })
        }
        return (Double(perRound) / median(trellis), Double(perRound) / median(naive))
    }

    /// Build, attach, detach and free a screen, per second, as Main builds its
    /// child through its `next` slot (the route's plugin, its dependency scope, the
    /// parameters merged, the slot's proxy, the bookkeeping of the checks that the
    /// child is shown and that it goes away after the detach): the Leaf screen,
    /// which builds what the naive builder builds, and the Next screen. Also the
    /// Leaf screen's builder called alone, and, interleaved, the naive builder.
    func buildAttachDetach(cycles: Int = 200_000) throws -> BuildFigures {
        let leaf = try SlotBench(config: fixtures.leafConfig(), loop: loop)
        let next = try SlotBench(config: repository.appendingPathComponent("Examples/main-next.json"), loop: loop)
        let builder = try leaf.loader.load("LeafScreen", relativeTo: leaf.folder).plugin.makeBuilder()
        // The builder's child goes under the same parent as the slot's, Main in a
        // running tree, so that both are leak-checked at their detach as in an app:
        // the two differ by the slot alone (Docs/Performance.md, "The build").
        let parent = leaf.main
        let parameters: JSONValue = ["title": "Now is then"]
        let naiveBuilder = NaiveBuilder()
        let naiveParent = NaiveRouter(interactor: NaiveInteractor())
        naiveParent.interactor.activate()
        let naiveParameters = ["title": "Now is then"]
        let rounds = 7
        let perRound = cycles / rounds
        var leafSlot: [Double] = []
        var nextSlot: [Double] = []
        var builderAlone: [Double] = []
        var naive: [Double] = []
        for _ in 0..<rounds {
            leafSlot.append(try leaf.measure(cycles: perRound, parameters: parameters))
            nextSlot.append(try next.measure(cycles: perRound, parameters: parameters))
            builderAlone.append(
                try seconds {
                    for _ in 0..<perRound {
                        let context = ScreenContext(
                            routeID: "leaf", parameters: parameters, slot: { _ in fatalError("no slots") })
                        let child = try builder.build(with: context)
                        parent.attachChild(child)
                        parent.detachChild(child)
                    }
                })
            naive.append(
                seconds {
                    for _ in 0..<perRound {
                        let child = naiveBuilder.build(parameters: naiveParameters)
                        naiveParent.attach(child)
                        naiveParent.detach(child)
                    }
                })
        }
        guard leaf.leaksAfterChecks() == 0, next.leaksAfterChecks() == 0 else { return BuildFigures() }
        let perSecond = { (times: [Double]) in Double(perRound) / median(times) }
        return BuildFigures(
            slot: perSecond(leafSlot), nextSlot: perSecond(nextSlot), builder: perSecond(builderAlone),
            naive: perSecond(naive))
    }

    /// A session over `config`, whose "@host" is this benchmark's folder: the
    /// release products.
    func session(_ config: String, columns: Int = 80, rows: Int = 24) throws -> ScreenSession {
        let source = try RouteConfig.load(from: URL(fileURLWithPath: config))
        let tree = RouteTree(config: source, loader: PluginLoader(config: source))
        try tree.launch()
        return ScreenSession(tree: tree, window: Window(width: columns, height: rows))
    }

    /// Runs the main actor's work until `session`'s screen shows `text`.
    func settle(_ session: ScreenSession, showing text: String) throws {
        _ = try HeadlessRunner(session: session, loop: loop).execute(.expect(text))
    }

    /// Layout and headless drawing of a session's current screen, in microseconds:
    /// what a front end pays when the views changed (the focus settled, the frame drawn).
    func frameTime(_ session: ScreenSession, runs: Int = 300) -> Double {
        median((0..<runs).map { _ in seconds { session.update(.viewsChanged) } }) * 1e6
    }

    /// One keystroke in the airport search: filter the 28,000 airports' cities (off
    /// the main thread) until the result is drawn, in microseconds.
    func searchKeystroke(_ session: ScreenSession) throws -> Double {
        _ = try session.update(.command(.focus("Search a city"))).get()
        var samples: [Double] = []
        for _ in 0..<20 {
            samples.append(
                try seconds {
                    session.update(.key(.character("l")))
                    try settle(session, showing: "7219 of ")
                })
            samples.append(
                try seconds {
                    session.update(.key(.backspace))
                    try settle(session, showing: "16877 cities; type")
                })
        }
        return median(samples) * 1e6
    }

    /// The Airports search's keystrokes as one plain loop over the same cities:
    /// `l` (a substring filter) and back to the empty query (every city), in
    /// microseconds, for `search_keystroke_us` to be judged against.
    func bareFilter() throws -> Double {
        let file = repository.appendingPathComponent("Plugins/AirportSearch/Resources/airports.tsv")
        var seen: Set<String> = []
        var cities: [(title: String, key: String)] = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5, !fields[3].isEmpty, seen.insert("\(fields[3])\t\(fields[4])").inserted else {
                continue
            }
            cities.append(("\(fields[3]) (\(fields[4]))", fields[3].lowercased()))
        }
        var samples: [Double] = []
        var kept = 0
        for _ in 0..<20 {
            for query in ["l", ""] {
                samples.append(
                    seconds {
                        var matches: [String] = []
                        for city in cities where query.isEmpty || city.key.contains(query) {
                            matches.append(city.title)
                        }
                        kept &+= matches.count
                    })
            }
        }
        precondition(kept > 0)
        return median(samples) * 1e6
    }

    /// Layout and drawing of a list of `rows` rows at 80x24, in microseconds.
    func listFrameTime(rows: Int) -> Double {
        let view = ViewController(
            content: .vstack([.text("Rows"), .list(id: "rows", rows: (0..<rows).map { "Row number \($0)" })]))
        let window = Window(width: 80, height: 24)
        return median(
            (0..<50).map { _ in seconds { _ = window.draw(root: view, status: StatusLine(path: "list"), focus: nil) } })
            * 1e6
    }

    /// Bytes the terminal gets for one focus move on the launcher.
    func bytesPerKeystroke(_ session: ScreenSession) -> Int {
        var diff = FrameDiff(usesColor: true)
        _ = diff.update(to: session.frame)
        session.update(.key(.down))
        return diff.update(to: session.frame).utf8.count
    }

    /// Next's routers still alive after `cycles` open-close cycles of Main → Next.
    func leakedRouters(_ session: ScreenSession, cycles: Int = 10_000) throws -> Int {
        var opened: [() -> Routing?] = []
        for _ in 0..<cycles {
            _ = try session.update(.command(.tap("Click Button"))).get()
            weak let next = session.tree.rootRouter?.children.first
            opened.append { next }
            _ = try session.update(.command(.tap("Close"))).get()
        }
        return opened.filter { $0() != nil }.count
    }
}
