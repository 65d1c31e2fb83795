import Foundation
import Testing
import TrellisTestSupport

/// `trellis new`: a plugin package in a fresh folder that builds, passes its test
/// and runs on the first try.
@Suite(.serialized)
struct NewCommandTests {
    private func swift(_ arguments: [String], in package: URL) throws -> ProcessResult {
        try TrellisProcess.run(["swift"] + arguments + ["--package-path", package.path], in: package,
                               executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    @Test func aScreenWithASlotBuildsPassesItsTestAndRuns() throws {
        let folder = try TemporaryFolder()
        let made = try TrellisProcess.run(["new", "Counter", "--in", folder.url.path, "--slot", "details"])
        #expect(made.status == 0, "\(made.stderr)")
        let package = folder.url.appendingPathComponent("Counter")

        let build = try swift(["build"], in: package)
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        let test = try swift(["test"], in: package)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("eachSlotIsBuiltWithTheInteractorAsItsListener"))

        let run = try TrellisProcess.run(["run", "config.json", "--headless"], input: """
            tap Open details
            expect The details slot
            tree
            tap Close
            expect-not The details slot
            tap Open details
            expect The details slot
            key esc
            expect-not The details slot
            """, in: package)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "counter (Counter)\n  details (NextScreen)\n")
    }

    @Test func aViewlessRIBRunsInsideItsHostScreen() throws {
        let folder = try TemporaryFolder()
        let made = try TrellisProcess.run(["new", "Shell", "--in", folder.url.path, "--viewless", "--slot", "home"])
        #expect(made.status == 0, "\(made.stderr)")
        let package = folder.url.appendingPathComponent("Shell")

        let test = try swift(["test"], in: package)
        try #require(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("itNeedsAHostView"))

        let run = try TrellisProcess.run(["run", "config.json", "--headless"], input: "expect The home slot\ntree\n", in: package)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "shellHost (ShellHost)\n  shell (Shell)\n    home (NextScreen)\n")
    }

    @Test(arguments: [(["new", "counter"], "is not a plugin name"), (["new", "Counter", "--slot", "Details"], "is not a slot name"),
                      (["new"], "give the plugin's name")])
    func aBadNameIsRefusedWithWhatToDo(arguments: [String], words: String) throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(arguments + ["--in", folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(words), "\(result.stderr)")
    }
}
