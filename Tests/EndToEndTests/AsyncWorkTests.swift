import Foundation
import Testing
import TrellisTestSupport

/// Plugins' asynchronous work under `trellis run`: tasks, timers and work off the
/// main thread run while the host waits for input, and the screen shows their
/// results with no key pressed.
struct AsyncWorkTests {
    private func testScreen(_ behaviour: String, in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "\(behaviour)" } } }
                """)
    }

    @Test func aTaskThatSleepsThenChangesItsContentIsDrawnWithoutAKey() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            ["run", try testScreen("slowTitle", in: folder).path, "--headless"],
            input: "print\nexpect Ready after a task\nprint\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Waiting…"), "the first print comes before the task's 50 ms")
        #expect(result.stdout.contains("Ready after a task"))
    }

    /// The supervised app is a forked child: the runtime libraries' locks must know
    /// its main thread by its own id, or the first lock it holds while a worker
    /// waits never comes free (the two threads spin forever).
    @Test func aLockHeldByTheMainThreadWhileAWorkerWaitsComesFreeInTheSupervisedApp() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            ["run", try testScreen("contendedGlobal", in: folder).path, "--headless"],
            input: "expect Initialised under contention\n")

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aTaskThatThrowsShowsTheErrorInPlaceNamingTheRouteAndPlugin() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            [
                "run", try testScreen("failingTask", in: folder).path, "--headless",
                "--size", "100x12",
            ],
            input: "expect a task failed\nprint\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("route main (plugin TestScreens): a task failed: the test data source is gone"))
        #expect(!result.stdout.contains("Working…"))
    }

    /// `TRELLIS_TIMEOUT` is every run's `--timeout` (the tests set 60), and a
    /// value that is not a number of seconds is said, naming the variable.
    @Test func trellisTimeoutIsTheDefaultTimeoutAndABadOneIsSaid() throws {
        let folder = try TemporaryFolder()
        let config = try testScreen("slowTitle", in: folder).path
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let trellis = Products.trellis.path
        let none = try TrellisProcess.run(
            ["TRELLIS_TIMEOUT=0", trellis, "run", config, "--headless"], input: "expect Ready after a task\n",
            executable: env)
        let bad = try TrellisProcess.run(
            ["TRELLIS_TIMEOUT=soon", trellis, "run", config, "--headless"], input: "print\n", executable: env)

        #expect(none.status == 1 && none.stderr.contains("expected the screen to contain"), "\(none.stderr)")
        #expect(bad.status == 2 && bad.stderr.contains("TRELLIS_TIMEOUT must be a number of seconds"), "\(bad.stderr)")
    }

    @Test func aFailedExpectationWaitsOnlyAsLongAsTheTimeout() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            [
                "run", try testScreen("slowTitle", in: folder).path, "--headless",
                "--timeout", "0",
            ],
            input: "expect Ready after a task\n")

        #expect(result.status == 1)
        #expect(result.stderr.contains("expected the screen to contain \"Ready after a task\""))
    }

    @Test func theRepositoriesShowLoadingThenTheListFetchedOnceAcrossAPinRoundTrip() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/repositories.json", "--headless"],
            input: """
                print
                tap uber/RIBs
                tap Unpin
                key esc
                expect ☆ uber/RIBs
                print
                """)

        #expect(result.status == 0, "\(result.stderr)")
        let screens = result.stdout.components(separatedBy: "Ctrl-C quit")
        #expect(screens.first?.contains("Loading…") == true, "\(result.stdout)")
        #expect(screens.first?.contains("uber/RIBs") == false)
        #expect(result.stdout.contains("Repositories (fetched 1×)"))
    }

    /// The detail page used to keep the list's path in the status line.
    @Test func aRepositorysPageIsNamedInThePath() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/repositories.json", "--headless"],
            input: """
                tap uber/RIBs
                expect Unpin
                print
                """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("repositories › uber/RIBs "), "\(result.stdout)")
    }

    @Test func theNextClockTicksBetweenTwoPrintsASecondApart() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/main-next.json", "--headless"],
            input: """
                tap Click Button
                print
                wait 1.2
                print
                """)

        #expect(result.status == 0, "\(result.stderr)")
        let times = result.stdout.split(separator: "\n").filter { $0.contains("Now is") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }
        #expect(times.count == 2)
        #expect(Set(times).count == 2, "the clock did not tick: \(times)")
    }

    @Test func theWaitCommandChecksItsArgument() throws {
        let result = try TrellisProcess.run(["run", "Examples/main-next.json", "--headless"], input: "wait forever\n")

        #expect(result.status == 2)
        #expect(result.stderr.contains("`wait` needs a number of seconds from 0 to 3600"))
    }
}
