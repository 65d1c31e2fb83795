import TrellisSDK

/// Seed 003's search view model: search text and city selection in, the matching
/// cities and a routing action out.
@MainActor
struct SearchViewModel {
    typealias Input = (searchText: Observable<String>, citySelect: Observable<CityViewModel>)
    typealias Routing = (citySelected: Observable<(CityViewModel, [AirportModel])>, ())

    /// How many matching cities the list shows; typing narrows the rest.
    static let shownCities = 50

    let cities: Observable<(shown: [CityViewModel], total: Int)>
    let router: Routing

    init(input: Input, airportService: AirportService) {
        cities = input.searchText
            .distinctUntilChanged()
            .map { text in
                let matches = airportService.cities(matching: text)
                return (Array(matches.prefix(Self.shownCities)), matches.count)
            }
        router = (citySelected: input.citySelect.map { ($0, airportService.airports(in: $0)) }, ())
    }
}
