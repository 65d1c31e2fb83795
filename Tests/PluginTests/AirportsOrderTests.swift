import Foundation
import Testing
import TrellisTestSupport

/// The Airports list in reading order: Ålesund, Évora and Łódź were listed after
/// Zyryanka (their first letters' code points), not among the A's, E's and L's.
struct AirportsOrderTests {
    private func cities() throws -> [String] {
        let data = try String(
            contentsOf: Products.repository.appendingPathComponent("Plugins/AirportSearch/Resources/airports.tsv"),
            encoding: .utf8)
        var cities: [String] = []
        for line in data.split(separator: "\n") {
            let city = String(line.split(separator: "\t", omittingEmptySubsequences: false)[3])
            if cities.last != city { cities.append(city) }
        }
        return cities
    }

    @Test func citiesWithMarksOrLettersOfTheirOwnAreAmongTheirBaseLetters() throws {
        let cities = try cities()
        func index(_ city: String) throws -> Int { try #require(cities.firstIndex(of: city), "\(city)") }

        #expect(try index("Ålesund") < index("Amsterdam"))
        #expect(try index("Évora") < index("Exeter"))
        #expect(try index("Lisbon") < index("Łódź") && index("Łódź") < index("London"))
        #expect(cities.last == "Zyryanka", "nothing after Z: \(cities.suffix(3))")
        let folded = cities.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        let firstLetters = folded.compactMap(\.first).filter(\.isLetter)
        let outOfOrder = zip(firstLetters, firstLetters.dropFirst()).filter { $0.isASCII && $1.isASCII && $0 > $1 }
        #expect(outOfOrder.isEmpty, "first letters in order: \(outOfOrder.prefix(5))")
    }
}
