import TrellisSDK

final class SearchViewController: ViewController {
    var viewModelBuilder: ((SearchViewModel.Input) -> SearchViewModel)? {
        didSet { bindViewModel() }
    }

    private let searchText = BehaviorRelay(value: "")
    private let citySelect = PublishRelay<CityViewModel>()
    private var shownCities: [CityViewModel] = []
    private var viewModel: SearchViewModel?
    private let disposeBag = DisposeBag()

    init() {
        super.init(content: .text("Loading cities…"))
        actions
            .bind { [weak self] action in
                guard let self else { return }
                switch action {
                case let .edit("search", text): searchText.accept(text)
                case let .select("cities", row) where shownCities.indices.contains(row):
                    citySelect.accept(shownCities[row])
                // Enter in the search opens the top result.
                case .submit("search"): if let top = shownCities.first { citySelect.accept(top) }
                default: break
                }
            }
            .disposed(by: disposeBag)
    }

    private func bindViewModel() {
        guard let viewModelBuilder else { return }
        let viewModel = viewModelBuilder((searchText: searchText.asObservable(), citySelect: citySelect.asObservable()))
        self.viewModel = viewModel
        viewModel.cities
            .bind { [weak self] shown, titles, total in self?.show(shown, titles: titles, total: total) }
            .disposed(by: disposeBag)
    }

    private func show(_ cities: [CityViewModel], titles: [String], total: Int) {
        shownCities = cities
        // Names are in English: a search in another script finds nothing, and says why.
        let isLatin = searchText.value.unicodeScalars.allSatisfy { $0.value < 0x250 || !$0.properties.isAlphabetic }
        let count =
            cities.count == total
            ? "\(total) cities; type to narrow"
            : cities.count == 1
                ? "1 city"
                : cities.isEmpty && !isLatin
                    ? "0 cities: names are in English (Seoul, not 서울)" : "\(cities.count) of \(total) cities"
        content = .vstack([
            .title("Airports by city"),
            .textField(id: "search", text: searchText.value, placeholder: "Search a city"),
            .text(count),
            .list(id: "cities", rows: titles),
        ])
    }
}

final class AirportsViewController: ViewController {
    init(city: CityViewModel, airports: [AirportModel]) {
        super.init(
            content: .vstack([
                .title("Airports of \(city.title)"),
                .list(id: "airports", rows: airports.map { "\($0.code)  \($0.name)" }),
            ]))
        listsForReading = ["airports"]
        title = city.title
    }
}
