import TrellisSDK

/// Seed 003's search view model: search text and city selection in, the matching
/// cities and a routing action out.
@MainActor
struct SearchViewModel {
    typealias Input = (searchText: Observable<String>, citySelect: Observable<CityViewModel>)
    typealias Routing = (citySelected: Observable<(CityViewModel, [AirportModel])>, ())

    /// Every matching city (the host draws only the rows in sight, so all of
    /// them are in reach), and how many cities there are in all.
    let cities: Observable<(shown: [CityViewModel], titles: [String], total: Int)>
    let router: Routing

    init(input: Input, airportService: AirportService) {
        // The filter runs off the main actor; a newer keystroke drops the search
        // still running for the one before (the seed's flatMapLatest).
        cities = input.searchText
            .distinctUntilChanged()
            .flatMapLatest { text in
                .offMainActor {
                    let found = airportService.cities(matching: text)
                    return (found.models, found.titles, airportService.cities.count)
                }
            }
        router = (citySelected: input.citySelect.map { ($0, airportService.airports(in: $0)) }, ())
    }
}

extension Observable where Element: Sendable {
    /// A stream of the one value `work` computes off the main actor. Disposing it
    /// before the value arrives cancels the work and drops its result.
    static func offMainActor(_ work: @escaping @Sendable () -> Element) -> Observable<Element> {
        Observable { observer in
            let task = Task { @MainActor in
                guard let value = try? await TrellisSDK.offMainActor(work) else { return }
                observer(value)
            }
            return ActionDisposable { task.cancel() }
        }
    }
}
