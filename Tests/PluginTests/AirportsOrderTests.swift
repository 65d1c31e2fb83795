import Foundation
import Testing
import TrellisTestSupport

@testable import AirportSearch

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

    /// The order was the data's whatever the user's: a Swede's list has Å, Ä and
    /// Ö after Z, and Ø after them for a Dane or a Norwegian.
    @Test func theListIsInTheOrderOfTheUsersLocale() throws {
        let data = try String(
            contentsOf: Products.repository.appendingPathComponent("Plugins/AirportSearch/Resources/airports.tsv"),
            encoding: .utf8)
        let swedish = try #require(UserCollation.locale(environment: ["LANG": "sv_SE.UTF-8"]))
        let ordered = AirportService(tsv: data, order: swedish).allCities.models.map(\.city)
        let plain = AirportService(tsv: data).allCities.models.map(\.city)
        func index(_ city: String, in list: [String]) throws -> Int {
            try #require(list.firstIndex(of: city), "\(city)")
        }

        #expect(try index("Zyryanka", in: ordered) < index("Ålesund", in: ordered), "\(ordered.suffix(5))")
        #expect(try index("Ålesund", in: plain) < index("Amsterdam", in: plain), "without a locale, the data's order")
        #expect(UserCollation.locale(environment: ["LANG": "C.UTF-8"]) == nil)
        #expect(UserCollation.locale(environment: ["LANG": "en_GB.UTF-8"]) == nil, "English is the data's order")
        #expect(UserCollation.locale(environment: ["LC_ALL": "POSIX", "LANG": "sv_SE.UTF-8"]) == nil, "LC_ALL first")
        #expect(UserCollation.locale(environment: ["LC_COLLATE": "da_DK.UTF-8@euro"])?.identifier == "da_DK")
        #expect(UserCollation.locale(environment: [:]) == nil)
    }
}
