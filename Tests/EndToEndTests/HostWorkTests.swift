import Foundation
import Testing
import TrellisTestSupport

/// The watchdog times a screen's code, not the host's own work over the
/// screen's data: `/` over 1,000,000 rows took about 10 s of the host's
/// filtering and ended the run "handling input on route h (plugin …)".
struct HostWorkTests {
    /// The rows are made off the main actor, so what takes the main thread's
    /// time is the host's: laying out and filtering a million rows, seconds in a
    /// debug build, against a limit of half a second. Without the host's work
    /// marked, the run ended with status 3 at 1.4 s.
    @Test func filteringAMillionRowsIsNotTimedAsTheScreens() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "huge" } },
                  "huge": { "plugin": "TestScreens", "parameters": { "behaviour": "hugeList" } } }
                """)
        let script = "tap Click Button\nexpect Row 1\nkey /\ntype 999999\nprint\n"
        let run = try TrellisProcess.run(
            ["TRELLIS_HANG_SECONDS=0.5", Products.trellis.path, "run", config.path, "--headless", "--timeout", "120"],
            input: script, executable: URL(fileURLWithPath: "/usr/bin/env"))

        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("stopped responding"), "\(run.stderr)")
        #expect(run.stdout.contains("/999999"), "the filter typed: \(run.stdout.suffix(2000))")
    }
}
