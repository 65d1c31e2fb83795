import Foundation
import TrellisHost

/// Every figure of one run, the goals, and how they print.
@MainActor
struct BenchmarkReport {
    var dlopenFloor = 0.0
    var pluginLoad = 0.0
    var coldStart: [Int: Double] = [:]
    var staticColdStart: [Int: Double] = [:]
    var validate: [Int: Double] = [:]
    var attachDetach = 0.0
    var naiveAttachDetach = 0.0
    var build = BuildFigures()
    var bareFilter = 0.0
    var residentSets: [Int: Double] = [:]
    var pluginFileKiB = 0.0
    var airportsPeak = 0.0
    var typing: [Int: Double] = [:]
    var frame = 0.0
    var listFrames: [Int: Double] = [:]
    var searchKeystroke = 0.0
    var bytesPerKeystroke = 0
    var leakedRouters = 0
    var manifestRead = 0.0
    var firstAttach = 0.0
    var loadedAttach = 0.0
    var firstAttachFloor = 0.0
    var idleCPU = 0.0
    var asyncUpdateLatency = 0.0
    var keystrokeToFrame = 0.0
    var terminalEchoFloor = 0.0
    var swap = SwapFigures()
    var tableFrames: [Int: Double] = [:]
    var galleryFrame = 0.0
    var areaKeystroke: [Int: Double] = [:]
    var areaKeystrokeBytes = 0
    var fieldKeystrokeBytes = 0
    var badInputFrame = 0.0
    var keystrokes = KeystrokeFigures()
    var isolation = IsolationFigures()
    var webBytes = (sent: 0, changedText: 0)
    var webSessionKiB = 0.0
    var webSessionLeaks = 0
    var defaultPluginFilesKiB = 0.0
    /// `nil` without Chromium.
    var webActionToDOM: (action: Double, echo: Double)?

    static func measure(products: URL, repository: URL, quick: Bool) throws -> BenchmarkReport {
        let fixtures = try Fixtures(products: products)
        defer { fixtures.remove() }
        let bench = Benchmarks(fixtures: fixtures, products: products, repository: repository)
        var report = BenchmarkReport()
        (report.dlopenFloor, report.pluginLoad) = try bench.pluginLoad(copies: quick ? 40 : 200)
        report.manifestRead = try bench.manifestRead(copies: quick ? 40 : 200)
        (report.firstAttach, report.loadedAttach, report.firstAttachFloor) = try bench.firstAttach(
            samples: quick ? 20 : 100)
        for routes in quick ? [1, 10, 100] : [1, 10, 100, 1000] {
            let runs = quick ? 3 : 21
            (report.coldStart[routes], report.staticColdStart[routes]) = try bench.coldStart(routes: routes, runs: runs)
            report.validate[routes] = try bench.validate(routes: routes, runs: runs)
        }
        (report.attachDetach, report.naiveAttachDetach) = bench.attachDetach(pairs: quick ? 100_000 : 1_000_000)
        report.build = try bench.buildAttachDetach(cycles: quick ? 20_000 : 200_000)
        let airports = try bench.session(repository.appendingPathComponent("Examples/airports.json").path)
        try bench.settle(airports, showing: "type to narrow")
        report.frame = bench.frameTime(airports)
        report.searchKeystroke = try bench.searchKeystroke(airports)
        report.bareFilter = try bench.bareFilter()
        for routes in quick ? [1, 100] : [1, 100, 1000] {
            report.residentSets[routes] = try bench.residentSet(routes: routes)
        }
        report.pluginFileKiB = bench.pluginFileKiB()
        report.airportsPeak = try bench.airportsPeakResidentSet()
        for count in [1000, 10_000] { report.typing[count] = try bench.typing(count: count) }
        for rows in [10, 1000, 28000] { report.listFrames[rows] = bench.listFrameTime(rows: rows) }
        for rows in [10, 28000] { report.tableFrames[rows] = bench.tableFrameTime(rows: rows) }
        report.galleryFrame = try bench.galleryFrameTime()
        for bytes in [0, 1 << 20] {
            let keystroke = try bench.areaKeystroke(bytes: bytes)
            report.areaKeystroke[bytes] = keystroke.microseconds
            if bytes > 0 { report.areaKeystrokeBytes = keystroke.terminalBytes }
        }
        report.fieldKeystrokeBytes = try bench.fieldKeystrokeBytes()
        report.badInputFrame = bench.badInputFrameTime()
        report.keystrokes = try bench.keystrokes()
        try report.measureWeb(bench, quick: quick)
        report.bytesPerKeystroke = bench.bytesPerKeystroke(
            try bench.session(repository.appendingPathComponent("config.json").path))
        report.leakedRouters = try bench.leakedRouters(
            try bench.session(repository.appendingPathComponent("Examples/main-next.json").path),
            cycles: quick ? 1000 : 10_000)
        report.swap = try bench.swaps(count: 100)
        report.idleCPU = try bench.idleCPU(seconds: quick ? 1 : 5)
        // The echo floor is measured before and after the latencies, so a machine
        // that changes speed meanwhile moves both.
        let floorBefore = bench.terminalEchoFloor(samples: quick ? 10 : 40)
        report.asyncUpdateLatency = try bench.asyncUpdateLatency(samples: quick ? 10 : 50)
        report.keystrokeToFrame = try bench.keystrokeToFrame(samples: quick ? 10 : 40)
        try report.measureIsolation(bench, quick: quick)
        report.terminalEchoFloor = (floorBefore + bench.terminalEchoFloor(samples: quick ? 10 : 40)) / 2
        return report
    }

    /// `trellis serve`'s figures.
    mutating func measureWeb(_ bench: Benchmarks, quick: Bool) throws {
        webBytes = try bench.webBytesPerKeystroke()
        (webSessionKiB, webSessionLeaks) = try bench.webSessions(count: 100)
        defaultPluginFilesKiB = try bench.defaultPluginFilesKiB()
        webActionToDOM = try bench.webActionToDOM(samples: quick ? 10 : 40)
    }

    /// `trellis serve`'s figures alone (`--web`), as goals.
    static func measureWeb(products: URL, repository: URL, quick: Bool) throws -> [(
        name: String, holds: Bool, detail: String
    )] {
        let fixtures = try Fixtures(products: products)
        defer { fixtures.remove() }
        var report = BenchmarkReport()
        try report.measureWeb(
            Benchmarks(fixtures: fixtures, products: products, repository: repository), quick: quick)
        return report.goals.filter { $0.name.hasPrefix("web") }
    }

    /// What a route in a process of its own costs: ``IsolationFigures``.
    mutating func measureIsolation(_ bench: Benchmarks, quick: Bool) throws {
        isolation = try bench.isolation(samples: quick ? 8 : 40)
        isolation.keystrokeToFrame = try bench.keystrokeToFrame(samples: quick ? 10 : 40, isolated: true)
    }

    /// The isolation figures alone (`--isolation`), with what they are held to,
    /// measured in the same run, as goals.
    static func measureIsolation(products: URL, repository: URL, quick: Bool) throws -> [(
        name: String, holds: Bool, detail: String
    )] {
        let fixtures = try Fixtures(products: products)
        defer { fixtures.remove() }
        let bench = Benchmarks(fixtures: fixtures, products: products, repository: repository)
        var report = BenchmarkReport()
        (report.firstAttach, _, _) = try bench.firstAttach(samples: quick ? 20 : 100)
        report.keystrokeToFrame = try bench.keystrokeToFrame(samples: quick ? 10 : 40)
        try report.measureIsolation(bench, quick: quick)
        let figures = [
            ("isolated_rss_kb", String(format: "%.0f", report.isolation.residentKiB)),
            ("crash_to_notice_us", String(format: "%.0f", report.isolation.crashToNotice)),
        ]
        return report.isolation.goals(firstAttach: report.firstAttach, keystrokeToFrame: report.keystrokeToFrame)
            + figures.map { (name: $0.0, holds: true, detail: $0.1) }
    }

    var goalsMet: Bool { goals.allSatisfy(\.holds) }

    /// The keys of ``json``, which the smoke run checks.
    static let keys = [
        "dlopen_floor_us", "plugin_load_us", "manifest_read_us", "first_attach_us", "attach_loaded_us",
        "first_attach_floor_us",
        "cold_start_ms",
        "static_cold_start_ms", "cold_start_growth_ms", "validate_ms", "attach_detach_per_s",
        "build_attach_detach_per_s",
        "builder_attach_detach_per_s", "next_build_attach_detach_per_s",
        "naive_attach_detach_per_s", "naive_build_attach_detach_per_s", "attach_detach_ratio",
        "build_attach_detach_ratio",
        "build_through_slot_ratio",
        "bare_filter_us", "frame_us", "list_frame_us", "search_keystroke_us", "tui_bytes_per_keystroke", "rss_kb",
        "rss_per_plugin_kb", "plugin_file_kb", "peak_rss_kb", "type_ms", "leaked_routers_after_10k_cycles",
        "terminal_echo_floor_us", "idle_cpu_percent", "async_update_latency_us", "keystroke_to_frame_us",
        "swap_ms", "swap_rss_kb", "swap_file_kb", "swap_leaks", "swap_ended_well", "table_frame_us",
        "gallery_frame_us", "area_keystroke_us", "area_bytes_per_keystroke", "field_bytes_per_keystroke",
        "bad_input_frame_us", "web_bytes_per_keystroke", "web_changed_text_bytes", "web_session_kb",
        "web_session_leaks", "default_plugin_files_kb", "web_action_to_dom_us", "web_echo_us",
        "list_keystroke_us", "filter_keystroke_us", "bare_row_filter_us", "paste_us_per_kib",
        "isolated_attach_us", "isolated_keystroke_to_frame_us", "isolated_rss_kb", "crash_to_notice_us",
    ]

    /// What each route's mapped plugin adds to the resident set, in KiB: from one
    /// route to the most measured.
    var rssPerPlugin: Double {
        guard let most = residentSets.keys.max(), most > 1, let one = residentSets[1], let top = residentSets[most]
        else { return .nan }
        return (top - one) / Double(most - 1)
    }

    var table: String {
        func row(_ name: String, _ value: String) -> String {
            name.padding(toLength: 34, withPad: " ", startingAt: 0) + value
        }
        func series(_ values: [Int: Double], _ format: String) -> String {
            values.keys.sorted().map { "\($0): " + String(format: format, values[$0]!) }.joined(separator: "  ")
        }
        var lines = [
            "Trellis benchmarks (medians; \(ProcessInfo.processInfo.activeProcessorCount) cores)",
            row("dlopen_floor_us", String(format: "%.1f", dlopenFloor)),
            row("plugin_load_us", String(format: "%.1f  (%.2f x floor)", pluginLoad, pluginLoad / dlopenFloor)),
            row("manifest_read_us", String(format: "%.1f  (%.2f x floor)", manifestRead, manifestRead / dlopenFloor)),
            row(
                "first_attach_us",
                String(
                    format: "%.1f  (attach once loaded: %.1f; Next's floor there: %.1f)", firstAttach,
                    loadedAttach, firstAttachFloor)),
            row("cold_start_ms", series(coldStart, "%.1f")),
            row("static_cold_start_ms", series(staticColdStart, "%.1f")),
            row("validate_ms", series(validate, "%.1f")),
            row(
                "attach_detach_per_s",
                String(
                    format: "%.0f  (naive tree: %.0f, ratio %.2f)", attachDetach, naiveAttachDetach,
                    attachDetach / naiveAttachDetach)),
            row(
                "build_attach_detach_per_s",
                String(
                    format: "%.0f  (Leaf through a slot; naive builder: %.0f, ratio %.2f)",
                    build.slot, build.naive, build.slot / build.naive)),
            row(
                "builder_attach_detach_per_s",
                String(
                    format: "%.0f  (Leaf's builder alone, no slot: ratio %.2f)",
                    build.builder, build.builder / build.naive)),
            row(
                "next_build_attach_detach_per_s",
                String(
                    format: "%.0f  (Next through a slot: ratio %.2f)",
                    build.nextSlot, build.nextSlot / build.naive)),
            row("frame_us (airports search)", String(format: "%.1f", frame)),
            row("list_frame_us (rows)", series(listFrames, "%.1f")),
            row("table_frame_us (rows)", series(tableFrames, "%.1f")),
            row("gallery_frame_us (slowest tab)", String(format: "%.1f", galleryFrame)),
            row("area_keystroke_us (bytes held)", series(areaKeystroke, "%.1f")),
            row("bad_input_frame_us (slowest)", String(format: "%.1f", badInputFrame)),
            row("list_keystroke_us (rows)", series(keystrokes.list, "%.1f")),
            row(
                "filter_keystroke_us (rows)",
                series(keystrokes.filter, "%.1f") + String(format: "  (bare loop: %.1f)", keystrokes.bareRowFilter)),
            row("paste_us_per_kib (KiB)", series(keystrokes.pastePerKiB, "%.1f")),
            row(
                "web_bytes_per_keystroke (airports)",
                "\(webBytes.sent / 5)  (changed rows' text: \(webBytes.changedText / 5))"),
            row(
                "web_session_kb (each open tab)",
                String(
                    format: "%.0f  (plugin files: %.0f KiB; %d leaks)", webSessionKiB, defaultPluginFilesKiB,
                    webSessionLeaks)),
            row(
                "web_action_to_dom_us (Chromium)",
                webActionToDOM.map { String(format: "%.0f  (WebSocket echo: %.0f)", $0.action, $0.echo) }
                    ?? "not measured: chromium is not installed"),
            row(
                "area_bytes_per_keystroke",
                "\(areaKeystrokeBytes)  (a field as wide: \(fieldKeystrokeBytes))"),
            row(
                "search_keystroke_us (28k rows)",
                String(
                    format: "%.1f  (bare filter: %.1f, ratio %.2f)", searchKeystroke, bareFilter,
                    searchKeystroke / bareFilter)),
            row("tui_bytes_per_keystroke", "\(bytesPerKeystroke)"),
            row("rss_kb (routes, --eager)", series(residentSets, "%.0f")),
            row("rss_per_plugin_kb", String(format: "%.0f  (plugin file: %.0f KiB)", rssPerPlugin, pluginFileKiB)),
            row("peak_rss_kb (airports search)", String(format: "%.0f", airportsPeak)),
            row("type_ms (characters)", series(typing, "%.2f")),
            row("leaked_routers_after_10k_cycles", "\(leakedRouters)"),
            row("terminal_echo_floor_us", String(format: "%.0f", terminalEchoFloor)),
            row("idle_cpu_percent (Next clock)", String(format: "%.2f", idleCPU)),
            row("async_update_latency_us", String(format: "%.0f", asyncUpdateLatency)),
            row("keystroke_to_frame_us (airports)", String(format: "%.0f", keystrokeToFrame)),
            row("swap_ms (Next, new file to frame)", String(format: "%.2f", swap.milliseconds)),
            row(
                "swap_rss_kb (per swap)",
                String(format: "%.0f  (plugin file: %.0f KiB)", swap.residentGrowthKiB, swap.fileKiB)),
            row("swap_leaks, swap_ended_well", "\(swap.leaks), \(swap.endedWell)"),
            row("isolated_attach_us (Next)", String(format: "%.0f", isolation.attach)),
            row("isolated_keystroke_to_frame_us", String(format: "%.0f  (airports)", isolation.keystrokeToFrame)),
            row(
                "isolated_rss_kb (Next's process)",
                String(format: "%.0f  (in the app, per plugin: %.0f)", isolation.residentKiB, rssPerPlugin)),
            row("crash_to_notice_us (Next)", String(format: "%.0f", isolation.crashToNotice)),
            "",
            "Goals:",
        ]
        lines += goals.map { "  \($0.holds ? "met " : "MISS") \($0.name)  (\($0.detail))" }
        return lines.joined(separator: "\n")
    }

    var json: String {
        func object(_ values: [Int: Double]) -> String {
            "{"
                + values.keys.sorted().map { "\"\($0)\": \(String(format: "%.3f", values[$0]!))" }.joined(
                    separator: ", ") + "}"
        }
        return """
            {
              "dlopen_floor_us": \(String(format: "%.3f", dlopenFloor)),
              "plugin_load_us": \(String(format: "%.3f", pluginLoad)),
              "manifest_read_us": \(String(format: "%.3f", manifestRead)),
              "first_attach_us": \(String(format: "%.3f", firstAttach)),
              "attach_loaded_us": \(String(format: "%.3f", loadedAttach)),
              "first_attach_floor_us": \(String(format: "%.3f", firstAttachFloor)),
              "cold_start_ms": \(object(coldStart.filter { [1, 10, 100].contains($0.key) })),
              "static_cold_start_ms": \(object(staticColdStart.filter { [1, 10, 100].contains($0.key) })),
              "cold_start_growth_ms": \(object(coldStart)),
              "validate_ms": \(object(validate)),
              "attach_detach_per_s": \(String(format: "%.0f", attachDetach)),
              "build_attach_detach_per_s": \(String(format: "%.0f", build.slot)),
              "builder_attach_detach_per_s": \(String(format: "%.0f", build.builder)),
              "next_build_attach_detach_per_s": \(String(format: "%.0f", build.nextSlot)),
              "naive_attach_detach_per_s": \(String(format: "%.0f", naiveAttachDetach)),
              "naive_build_attach_detach_per_s": \(String(format: "%.0f", build.naive)),
              "attach_detach_ratio": \(String(format: "%.3f", attachDetach / naiveAttachDetach)),
              "build_attach_detach_ratio": \(String(format: "%.3f", build.slot / build.naive)),
              "build_through_slot_ratio": \(String(format: "%.3f", build.slot / build.builder)),
              "bare_filter_us": \(String(format: "%.3f", bareFilter)),
              "frame_us": \(String(format: "%.3f", frame)),
              "list_frame_us": \(object(listFrames)),
              "search_keystroke_us": \(String(format: "%.3f", searchKeystroke)),
              "tui_bytes_per_keystroke": \(bytesPerKeystroke),
              "rss_kb": \(object(residentSets)),
              "rss_per_plugin_kb": \(String(format: "%.1f", rssPerPlugin)),
              "plugin_file_kb": \(String(format: "%.1f", pluginFileKiB)),
              "peak_rss_kb": \(String(format: "%.0f", airportsPeak)),
              "type_ms": \(object(typing)),
              "leaked_routers_after_10k_cycles": \(leakedRouters),
              "terminal_echo_floor_us": \(String(format: "%.1f", terminalEchoFloor)),
              "idle_cpu_percent": \(String(format: "%.3f", idleCPU)),
              "async_update_latency_us": \(String(format: "%.1f", asyncUpdateLatency)),
              "keystroke_to_frame_us": \(String(format: "%.1f", keystrokeToFrame)),
              "swap_ms": \(String(format: "%.3f", swap.milliseconds)),
              "swap_rss_kb": \(String(format: "%.1f", swap.residentGrowthKiB)),
              "swap_file_kb": \(String(format: "%.1f", swap.fileKiB)),
              "swap_leaks": \(swap.leaks),
              "swap_ended_well": \(swap.endedWell ? 1 : 0),
              "table_frame_us": \(object(tableFrames)),
              "gallery_frame_us": \(String(format: "%.3f", galleryFrame)),
              "area_keystroke_us": \(object(areaKeystroke)),
              "area_bytes_per_keystroke": \(areaKeystrokeBytes),
              "field_bytes_per_keystroke": \(fieldKeystrokeBytes),
              "bad_input_frame_us": \(String(format: "%.3f", badInputFrame)),
              "web_bytes_per_keystroke": \(webBytes.sent / 5),
              "web_changed_text_bytes": \(webBytes.changedText / 5),
              "web_session_kb": \(String(format: "%.1f", webSessionKiB)),
              "web_session_leaks": \(webSessionLeaks),
              "default_plugin_files_kb": \(String(format: "%.1f", defaultPluginFilesKiB)),
              "web_action_to_dom_us": \(webActionToDOM.map { String(format: "%.1f", $0.action) } ?? "null"),
              "web_echo_us": \(webActionToDOM.map { String(format: "%.1f", $0.echo) } ?? "null"),
              "list_keystroke_us": \(object(keystrokes.list)),
              "filter_keystroke_us": \(object(keystrokes.filter)),
              "bare_row_filter_us": \(String(format: "%.3f", keystrokes.bareRowFilter)),
              "paste_us_per_kib": \(object(keystrokes.pastePerKiB)),
              "isolated_attach_us": \(String(format: "%.1f", isolation.attach)),
              "isolated_keystroke_to_frame_us": \(String(format: "%.1f", isolation.keystrokeToFrame)),
              "isolated_rss_kb": \(String(format: "%.0f", isolation.residentKiB)),
              "crash_to_notice_us": \(String(format: "%.1f", isolation.crashToNotice))
            }

            """
    }
}
