import Foundation
import Testing
import TrellisTestSupport

/// The demos act on Enter in their fields, and the Airports search matches names
/// as a person types them.
struct SearchAndFormTests {
    private func airports(_ script: String) throws -> ProcessResult {
        try TrellisProcess.run(
            ["run", "Examples/airports.json", "--headless", "--size", "100x20"], input: "focus Search a city\n" + script
        )
    }

    @Test func enterInTheSearchOpensTheTopResult() throws {
        let result = try airports("type seoul\nexpect 1 city\nkey enter\nexpect Airports of Seoul (KR)\nexpect ICN\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A script's first `type` waits for its field while the cities load; Enter
    /// right after it used to open the top of the unfiltered list ("108 Mile"):
    /// the loading's screen changes were taken for the field's reaction to the text.
    @Test func enterRightAfterTheFirstTypeWhileLoadingActsOnTheTextTyped() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/airports.json", "--headless", "--size", "100x20"],
            input: "type seoul\nkey enter\nprint\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Airports of Seoul (KR)"), "\(result.stdout)")
    }

    /// An airport's IATA code finds its city first.
    @Test func anAirportCodeFindsItsCity() throws {
        let result = try airports(
            "type icn\nexpect Seoul (KR)\nkey enter\nexpect Airports of Seoul (KR)\nexpect Incheon\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Down and Enter right after typing used to act on the results of the text
    /// before (the filter runs off the main actor): they wait for the new ones.
    @Test func keysRightAfterTypingActOnTheResultsOfWhatWasTyped() throws {
        let result = try TrellisProcess.run(
            ["TRELLIS_TYPEAHEAD_SECONDS=20", Products.trellis.path, "run", "Examples/airports.json", "--headless"],
            input: "focus Search a city\ntype seoul\nkey down\nkey enter\nprint\n",
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Airports of Seoul (KR)"), "\(result.stdout)")
    }

    @Test(arguments: [("são paulo", "Sao Paulo (BR)"), ("ZÜRICH", "Zurich (CH)"), ("olmos", "Olmos (PE)")])
    func theSearchIgnoresCaseAndDiacritics(query: String, expected: String) throws {
        let result = try airports("type \(query)\nexpect \(expected)\nexpect-not <Olmos\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aSearchInAnotherScriptSaysNamesAreInEnglish() throws {
        let result = try airports("type 서울\nexpect names are in English\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func enterInTheLastLoginFieldLogsIn() throws {
        let result = try TrellisProcess.run(
            ["run", "Examples/tictactoe.json", "--headless"],
            input: """
                focus Player 1 name
                type Alice
                focus Player 2 name
                type Bob
                key enter
                expect Alice (0) vs Bob (0)
                """)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
