import Testing

@testable import TrellisCore

/// `/` reads its query as fzf does: fuzzy words, `'exact`, `^prefix`,
/// `suffix$`, `!not` and `a | b`, the best matches first.
struct FilterPatternTests {
    private let cities = [
        "Yorkton (CA)", "New York (US)", "York (GB)", "Newark (US)", "Bryansk (RU)", "Ålesund (NO)", "Newcastle (AU)",
    ]

    /// The rows of `rows` that `query` keeps, best first.
    private func filter(_ query: String, _ rows: [String]? = nil) -> [String] {
        let rows = rows ?? cities
        var filter = ListFilter(screen: ObjectIdentifier(FilterPattern.self as Any.Type), list: "cities")
        filter.setQuery(query)
        filter.update(rows: rows)
        return filter.matches.map { rows[$0] }
    }

    @Test func aWordIsFuzzyAndTheBestMatchesComeFirst() {
        // Equals: the shorter first, as fzf breaks ties.
        #expect(filter("ork") == ["York (GB)", "Yorkton (CA)", "New York (US)"])
        // y and k at a word's start and close beat a y inside a word.
        #expect(filter("yk") == ["York (GB)", "Yorkton (CA)", "New York (US)", "Bryansk (RU)"])
        // A word's start, letters together: Candy before Clean, though later in the list.
        #expect(
            filter("can", ["Clean Swift: Repositories", "VIPER: Candy Store"]) == [
                "VIPER: Candy Store", "Clean Swift: Repositories",
            ])
        #expect(filter("ales") == ["Ålesund (NO)"], "case and diacritics ignored")
        #expect(filter("nts").isEmpty)
    }

    @Test func fzfsOperatorsMatchAsInFzf() {
        #expect(filter("'york") == ["York (GB)", "Yorkton (CA)", "New York (US)"])
        #expect(filter("'yk").isEmpty, "exact: the letters together")
        #expect(filter("^new") == ["Newark (US)", "New York (US)", "Newcastle (AU)"])
        #expect(filter("(us)$") == ["Newark (US)", "New York (US)"])
        #expect(filter("^york$").isEmpty, "the whole row")
        #expect(filter("^york (gb)$") == ["York (GB)"], "two words, each must match")
        #expect(filter("^new !york") == ["Newark (US)", "Newcastle (AU)"])
        #expect(
            filter("^york | ^new") == ["York (GB)", "Yorkton (CA)", "Newark (US)", "New York (US)", "Newcastle (AU)"],
            "either; the longer match first")
        #expect(filter("!") == cities, "a word with nothing to match keeps every row")
    }

    @Test func theMatchedCharactersAreTheOnesHighlighted() {
        let row = "VIPER: Candy Store"
        let highlighted = FilterPattern("can").highlights(in: row).map { String(row[$0]) }
        #expect(highlighted.sorted() == ["C", "a", "n"].sorted())
        let prefix = FilterPattern("^vip store$").highlights(in: row).map { String(row[$0]) }
        #expect(prefix.contains("VIP"))
    }
}
