import Testing

@testable import TrellisCore
@testable import TrellisHost

struct CommandPaletteScoreTests {
    private let entries = [
        "Open “RIBs: Main → Next”", "Open “Clean Swift: Repositories”", "Open “Coordinator: Airports”",
        "Go back", "Quit",
    ].map { CommandPalette.Entry(title: $0, key: "", action: .quit) }

    @Test func aPartOfATitleAtAWordsStartComesFirst() {
        var palette = CommandPalette(entries: entries)
        palette.setQuery("air")

        #expect(palette.chosen?.title == "Open “Coordinator: Airports”")
        #expect(palette.matches.map(\.title).contains("Open “Clean Swift: Repositories”"), "still a match, in order")
    }

    @Test func lettersInOrderMatchIgnoringCaseAndOthersDoNot() {
        #expect(CommandPalette.score(of: "GBK", in: "Go back") != nil)
        #expect(CommandPalette.score(of: "kb", in: "Go back") == nil)
        #expect(CommandPalette.score(of: "", in: "Quit") == 0)
    }

    /// `nts` listed Widgets, Airports and Repositories before Notes: the letters
    /// were taken where first found (the `n` of `Open`), not where they score best.
    @Test func lettersInOrderAreScoredWhereTheyMatchBestAtWordStarts() {
        var palette = CommandPalette(
            entries: [
                "Open “Widgets”", "Open “Coordinator: Airports”", "Open “Notes”", "Open “Clean Swift: Repositories”",
            ]
            .map { CommandPalette.Entry(title: $0, key: "", action: .quit) })
        palette.setQuery("nts")

        #expect(palette.chosen?.title == "Open “Notes”", "\(palette.matches.map(\.title))")
        #expect(CommandPalette.score(of: "gb", in: "Go back")! > CommandPalette.score(of: "gb", in: "Ring bell")!)
    }

    @Test func theChoiceStopsAtEitherEndAndGoesBackToTheTopWhenTheQueryChanges() {
        var palette = CommandPalette(entries: entries)
        palette.move(by: -1)
        #expect(palette.selection == 0)
        palette.move(by: 100)
        #expect(palette.selection == entries.count - 1)
        palette.setQuery("o")
        #expect(palette.selection == 0)
        palette.setQuery("zzz")
        #expect(palette.chosen == nil)
    }
}

struct ListFilterMatchTests {
    @Test func matchesIgnoreCaseAndDiacriticsAndKeepTheWholeListsIndices() {
        var filter = ListFilter(screen: ObjectIdentifier(ListFilterMatchTests.self), list: "cities")
        filter.setQuery("zur")
        filter.update(rows: ["Aachen", "Zürich", "Seoul", "ZURICH"])

        #expect(filter.matches == [1, 3])
        #expect(filter.rowIndex(ofMatch: 1) == 3)
        #expect(filter.rowIndex(ofMatch: 2) == nil)
        #expect(filter.count == "2 of 4")
    }

    @Test func aLongerQuerySearchesTheEarlierMatchesAndNewRowsAreSearchedAgain() {
        var filter = ListFilter(screen: ObjectIdentifier(ListFilterMatchTests.self), list: "l")
        let rows = (0..<28_298).map { "row \($0)" }
        // Exact words ('), so that each longer query keeps rows with the digits together.
        filter.setQuery("'1")
        filter.update(rows: rows)
        let ones = filter.matches.count
        filter.setQuery("'12")
        filter.update(rows: rows)

        #expect(filter.matches.count < ones)
        #expect(filter.matches.allSatisfy { rows[$0].contains("12") })
        filter.update(rows: ["12", "x"])
        #expect(filter.matches == [0])
        #expect(filter.count == "1 of 2")
    }
}
