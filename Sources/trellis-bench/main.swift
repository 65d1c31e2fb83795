import Foundation
import Glibc
import TrellisHost

/// `trellis-bench`: what Trellis costs, against the dlopen floor and a static build.
let usage = """
    USAGE: swift run -c release trellis-bench [--json FILE] [--quick] [--smoke] [--web] [--guard]

    Builds the release products it measures (trellis, trellis-static and the
    plugins), then prints a table of medians, the goals they are held to, and the
    growth of cold start, validate and frame time with the work.

    OPTIONS:
      --json FILE   also write the figures as one JSON object to FILE
      --quick       fewer repetitions and no 1,000-route runs
      --smoke       a --quick run that checks every figure is there and a number,
                    not the goals (noisy machines): what Scripts/test runs
      --web         only `trellis serve`'s figures and their goals
      --isolation   only the figures of a route in a process of its own, and
                    their goals
      --guard       only the goals a refactor most often breaks (attach and
                    detach, first attach, plugin load, frame, search keystroke,
                    a list's and its filter's keystroke, a paste), each measured
                    again up to 7 times before it counts as missed: what
                    Scripts/test runs, in release
      --only GOAL   with --guard: only the goals whose names start with GOAL
                    (plugin_load_us, frame_us, ...), for profiling one
      -h, --help    show this help
    """

// As `trellis` does: the main actor runs here only, where the loop drains the main queue.
MainActorThread.claim()
var jsonFile: String?
var quick = false
var smoke = false
var webOnly = false
var isolationOnly = false
var guardOnly = false
var onlyGoal: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--json":
        guard let file = arguments.popFirst() else {
            FileHandle.standardError.write(Data("trellis-bench: --json needs a file\n".utf8))
            exit(2)
        }
        jsonFile = file
    case "--quick":
        quick = true
    case "--smoke":
        quick = true
        smoke = true
    case "--web":
        webOnly = true
    case "--isolation":
        isolationOnly = true
    case "--guard":
        guardOnly = true
    case "--only":
        guard let goal = arguments.popFirst() else {
            FileHandle.standardError.write(Data("trellis-bench: --only needs a goal's name, as plugin_load_us\n".utf8))
            exit(2)
        }
        onlyGoal = goal
    default:
        FileHandle.standardError.write(Data("trellis-bench: unknown option \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}

if onlyGoal != nil, !guardOnly {
    FileHandle.standardError.write(Data("trellis-bench: --only picks among --guard's goals; add --guard\n".utf8))
    exit(2)
}

let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let configuration = products.lastPathComponent == "release" ? "release" : "debug"
if configuration != "release" {
    FileHandle.standardError.write(
        Data("trellis-bench: a debug build measures the wrong thing; run `swift run -c release trellis-bench`\n".utf8))
}
for product in [
    "trellis", "trellis-static", "MainScreen", "NextScreen", "AirportSearch", "Launcher", "CandyStore", "TutorialRoot",
    "LoggedOut", "LoggedIn", "OffGame", "TicTacToe", "Repositories", "Widgets", "Notes", "TestScreens", "TrapInEntry",
    "TestParent", "LeafScreen",
] {
    guard run(["swift", "build", "-c", configuration, "--package-path", repository.path, "--product", product]) else {
        FileHandle.standardError.write(Data("trellis-bench: could not build \(product)\n".utf8))
        exit(2)
    }
}

// Not inside a main-queue item (no top-level `await`): the event loop the in-process
// benchmarks wait on drains the main queue from here, as `trellis run` does.
if guardOnly {
    let held = try MainActor.assumeIsolated {
        let fixtures = try Fixtures(products: products)
        defer { fixtures.remove() }
        return try BenchmarkGuard(
            bench: Benchmarks(fixtures: fixtures, products: products, repository: repository), only: onlyGoal
        ).run()
    }
    exit(held ? 0 : 1)
}
if webOnly || isolationOnly {
    let figures = try MainActor.assumeIsolated {
        try webOnly
            ? BenchmarkReport.measureWeb(products: products, repository: repository, quick: quick)
            : BenchmarkReport.measureIsolation(products: products, repository: repository, quick: quick)
    }
    print(figures.map { "  \($0.holds ? "met " : "MISS") \($0.name)  (\($0.detail))" }.joined(separator: "\n"))
    exit(figures.allSatisfy(\.holds) ? 0 : 1)
}
let report = try MainActor.assumeIsolated {
    try BenchmarkReport.measure(products: products, repository: repository, quick: quick)
}
print(report.table)
if let jsonFile {
    try report.json.write(to: URL(fileURLWithPath: jsonFile), atomically: true, encoding: .utf8)
    print("wrote \(jsonFile)")
}
if smoke {
    // Every figure, each a finite number (or an object of them): a figure that
    // could not be measured prints as nan, which is not JSON.
    let missing = BenchmarkReport.keys.filter { !report.json.contains("\"\($0)\": ") }
    let parsed = (try? JSONSerialization.jsonObject(with: Data(report.json.utf8))) as? [String: Any]
    guard missing.isEmpty, let parsed, Set(parsed.keys) == Set(BenchmarkReport.keys) else {
        // Name the figures that were not measured: a nan's line, as JSON cannot say which.
        let unmeasured = report.json.split(separator: "\n").filter { $0.contains("nan") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let what = missing.isEmpty ? "not measured: \(unmeasured.joined(separator: "; "))" : "missing \(missing)"
        FileHandle.standardError.write(Data("trellis-bench: smoke run failed: \(what)\n".utf8))
        exit(1)
    }
    print("trellis-bench: smoke run: all \(parsed.count) figures measured (goals are judged by a full run)")
    exit(0)
}
exit(report.goalsMet ? 0 : 1)
