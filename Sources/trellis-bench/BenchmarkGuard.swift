import Foundation
import TrellisCore
import TrellisHost

/// `trellis-bench --guard`: the few goals a refactor most often breaks (and those
/// of the costs that once grew with the work: a list's keystroke, its filter's,
/// a paste's), measured
/// quickly in release, for CI. Each is a ratio to a baseline measured in the same
/// run; a goal missed is measured again, in rounds of its own, and fails only when
/// every round misses it, so a busy moment of a shared machine does not fail CI but
/// a real regression (the detach's 2.2x of issue 40) does.
@MainActor
struct BenchmarkGuard {
    /// How many rounds a goal gets before it counts as missed.
    static let rounds = 7

    /// One guarded goal: its name in ``BenchmarkReport/goals`` and what measures it.
    struct Check {
        let goal: String
        let measure: (inout BenchmarkReport, _ round: Int) throws -> Void
    }

    let bench: Benchmarks
    /// Only the goals whose names start with this (`--only`), for profiling one.
    var only: String? = nil

    /// The goals guarded, each measured with a few of the full run's repetitions.
    var checks: [Check] {
        [
            Check(goal: "attach_detach_ratio") { report, _ in
                (report.attachDetach, report.naiveAttachDetach) = bench.attachDetach(pairs: 300_000)
            },
            Check(goal: "first_attach_us") { report, round in
                (report.firstAttach, report.loadedAttach, report.firstAttachFloor) = try bench.firstAttach(
                    samples: 30, round: round)
            },
            Check(goal: "build_through_slot_ratio") { report, _ in
                report.build = try bench.buildAttachDetach(cycles: 40_000)
            },
            Check(goal: "plugin_load_us") { report, round in
                (report.dlopenFloor, report.pluginLoad) = try bench.pluginLoad(copies: 60, round: round)
            },
            Check(goal: "frame_us") { report, _ in
                let airports = try airports()
                let floorBefore = bench.terminalEchoFloor(samples: 20)
                report.frame = bench.frameTime(airports)
                report.terminalEchoFloor = (floorBefore + bench.terminalEchoFloor(samples: 20)) / 2
            },
            Check(goal: "search_keystroke_us") { report, _ in
                report.searchKeystroke = try bench.searchKeystroke(try airports())
                report.bareFilter = try bench.bareFilter()
            },
            Check(goal: "list_keystroke_us") { report, _ in
                for rows in KeystrokeFigures.rowCounts {
                    report.keystrokes.list[rows] = try bench.listKeystroke(rows: rows)
                }
            },
            Check(goal: "filter_keystroke_us") { report, _ in
                for rows in KeystrokeFigures.rowCounts {
                    report.keystrokes.filter[rows] = try bench.filterKeystroke(rows: rows)
                }
                report.keystrokes.bareRowFilter = bench.bareRowFilter(rows: KeystrokeFigures.rowCounts[1])
            },
            Check(goal: "paste_us_per_kib") { report, _ in
                for kib in KeystrokeFigures.pasteKiB { report.keystrokes.pastePerKiB[kib] = try bench.paste(kib: kib) }
            },
        ]
    }

    private func airports() throws -> ScreenSession {
        let session = try bench.session(bench.repository.appendingPathComponent("Examples/airports.json").path)
        try bench.settle(session, showing: "type to narrow")
        return session
    }

    /// Measures each guarded goal, up to ``rounds`` times until it holds, and
    /// prints each round.
    ///
    /// - Returns: Whether every goal held in one of its rounds.
    func run() throws -> Bool {
        var report = BenchmarkReport()
        var missed: [String] = []
        let chosen = checks.filter { check in only.map { check.goal.hasPrefix($0) } ?? true }
        guard !chosen.isEmpty else {
            print(
                "trellis-bench: guard: no goal starts with \(only ?? ""): \(checks.map(\.goal).joined(separator: ", "))"
            )
            return false
        }
        for check in chosen {
            for round in 1...Self.rounds {
                try check.measure(&report, round)
                guard let goal = report.goals.first(where: { $0.name.hasPrefix(check.goal) }) else {
                    print("  MISS \(check.goal): no such goal in the report")
                    missed.append(check.goal)
                    break
                }
                print("  \(goal.holds ? "met " : "MISS") \(goal.name)  (\(goal.detail); round \(round))")
                if goal.holds { break }
                if round == Self.rounds { missed.append(goal.name) }
            }
        }
        if missed.isEmpty {
            print("trellis-bench: guard: all \(chosen.count) goals met")
        } else {
            print("trellis-bench: guard: missed in all \(Self.rounds) rounds: \(missed.joined(separator: "; "))")
        }
        return missed.isEmpty
    }
}
