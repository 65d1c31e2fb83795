import Foundation
import Testing
import TrellisTestSupport
import TrellisTesting

@testable import AirportSearch

/// The testing kit draws a screen with the host's own session: what a plugin's
/// test reads is what `trellis run --headless` prints, fields, lists and the
/// status line included.
@MainActor
struct KitDrawsAsTheHostTests {
    @Test func theKitsTextIsWhatTheHeadlessPrintShowsForTheSameScreen() async throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(routes: #"{ "airports": { "plugin": "AirportSearch" } }"#, root: "airports")
        let script = "expect 16877 cities\nprint\ntype Sal\nexpect 104 of 16877\nprint\n"
        let headless = try await TrellisProcess.run(["run", config.path, "--headless"], input: script)
        try #require(headless.status == 0, "\(headless.stderr)")

        let screen = try ScreenTester(AirportSearchBuilder(), route: "airports")
        try await screen.expect("16877 cities")
        let beforeTyping = screen.text
        try screen.type("Sal", into: "Search a city")
        try await screen.expect("104 of 16877")

        #expect(headless.stdout == beforeTyping + "\n" + screen.text + "\n")
        #expect(screen.text.contains("[Sal_________________]"), "the field as the host draws it")
        #expect(screen.text.contains(" airports "), "the status line, with the route path")
    }
}
