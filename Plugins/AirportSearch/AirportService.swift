import Foundation
import TrellisSDK

/// An airport, as the data file lists it.
struct AirportModel: Equatable, Sendable {
    let icao: String
    let iata: String
    let name: String
    let city: String
    let country: String

    /// IATA code where there is one, else ICAO.
    var code: String { iata.isEmpty ? icao : iata }
}

/// A city that has airports.
struct CityViewModel: Equatable, Sendable {
    let city: String
    let country: String
    /// `Seoul (KR)`: made once, since a search lists thousands of cities a keystroke.
    let title: String

    init(city: String, country: String) {
        self.city = city
        self.country = country
        title = "\(city) (\(country))"
    }
}

/// Why the airport data cannot be read.
struct AirportDataError: Error, CustomStringConvertible, Sendable {
    let path: String

    var description: String {
        "cannot read the airport data (\(path)); rebuild the AirportSearch plugin (swift build --product AirportSearch), "
            + "or install it with its resources (Scripts/install)"
    }
}

/// The airports of `airports.tsv`, converted from the MIT-licensed airportsdata
/// package (Scripts/make-airports-data), read once at run time. Immutable once
/// read, so searches run off the main actor.
final class AirportService: Sendable {
    @MainActor private static var loaded: AirportService?

    /// Every city, in the user's order (``UserCollation``), with its name folded
    /// for matching: lowercased and without diacritics, so `sao paulo` and `zurich`
    /// find São Paulo and Zürich.
    let cities: [(model: CityViewModel, key: String)]
    /// Each city's folded name, by the city's index: searched without copying its model.
    private let keys: [String]
    /// Every city and its title, in order: what an empty search shows, made once.
    let allCities: (models: [CityViewModel], titles: [String])
    private let airportsByCity: [String: [AirportModel]]

    /// The service, reading the data file off the main actor the first time: its
    /// 16,877 cities take a second or more to read on a slow machine, and the main
    /// actor draws every screen meanwhile.
    @MainActor static func shared() async throws -> AirportService {
        if let loaded { return loaded }
        // Found beside the plugin's library, not the host's: a missing file is an
        // error this screen shows, where Bundle.module would trap.
        let resources = PluginResources(of: AirportService.self, target: "AirportSearch")
        let missing = AirportDataError(
            path: resources.folder.map { $0 + "/airports.tsv" }
                ?? "Trellis_AirportSearch.resources/airports.tsv beside \(resources.library ?? "the plugin's library")")
        guard let path = resources.path(of: "airports.tsv") else { throw missing }
        let service = try await offMainActor {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw missing }
            return AirportService(tsv: text, order: UserCollation.locale())
        }
        // Two screens that asked at once both read the file; the first one kept is shared.
        if let loaded { return loaded }
        loaded = service
        return service
    }

    /// Reads `tsv`, whose cities are in Unicode's root order, and orders them by
    /// `order`'s rules if given.
    init(tsv: String, order: Locale? = nil) {
        var byCity: [String: [AirportModel]] = [:]
        var cities: [(CityViewModel, String)] = []
        for line in tsv.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, !fields[3].isEmpty else { continue }
            let airport = AirportModel(
                icao: fields[0], iata: fields[1], name: fields[2], city: fields[3], country: fields[4])
            let key = "\(airport.city)\t\(airport.country)"
            if byCity[key] == nil {
                cities.append((CityViewModel(city: airport.city, country: airport.country), Self.folded(airport.city)))
            }
            byCity[key, default: []].append(airport)
        }
        if let order { cities = UserCollation.sorted(cities, by: \.0.city, in: order) }
        self.cities = cities.map { (model: $0.0, key: $0.1) }
        allCities = (cities.map(\.0), cities.map(\.0.title))
        keys = cities.map(\.1)
        airportsByCity = byCity
        var byCode: [String: Set<Int>] = [:]
        for (index, city) in self.cities.enumerated() {
            for airport in byCity["\(city.model.city)\t\(city.model.country)"] ?? [] where !airport.iata.isEmpty {
                byCode[airport.iata.lowercased(), default: []].insert(index)
            }
        }
        citiesByCode = byCode
    }

    /// The cities of each IATA code (`icn`: Seoul), as indices in ``cities``, by
    /// the code lowercased.
    private let citiesByCode: [String: Set<Int>]

    /// The cities whose name contains `text`, those starting with it first, and
    /// their titles; a three-letter airport code (`ICN`) finds its city before them.
    func cities(matching text: String) -> (models: [CityViewModel], titles: [String]) {
        var query = Self.folded(text).trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { return allCities }
        query.makeContiguousUTF8()
        let coded = query.count == 3 ? citiesByCode[query] ?? [] : []
        var starting: [Int] = []
        var containing: [Int] = []
        for (index, key) in keys.enumerated() where key.contains(query) && !coded.contains(index) {
            if key.hasPrefix(query) { starting.append(index) } else { containing.append(index) }
        }
        let found = coded.sorted() + starting + containing
        return (found.map { allCities.models[$0] }, found.map { allCities.titles[$0] })
    }

    /// `text` lowercased and without diacritics.
    static func folded(_ text: String) -> String {
        var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        // Foundation may hand back a string stored as UTF-16, which every search
        // would convert again: kept as native UTF-8.
        folded.makeContiguousUTF8()
        return folded
    }

    /// The airports of `city`, IATA airports first.
    func airports(in city: CityViewModel) -> [AirportModel] {
        (airportsByCity["\(city.city)\t\(city.country)"] ?? []).sorted {
            ($0.iata.isEmpty ? 1 : 0, $0.code) < ($1.iata.isEmpty ? 1 : 0, $1.code)
        }
    }
}
