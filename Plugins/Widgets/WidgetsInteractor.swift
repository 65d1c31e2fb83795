import TrellisSDK

/// What the gallery shows: the state each of its controls stands for.
struct WidgetsState: Equatable {
    var wifi = true
    var bluetooth = false
    /// The download's share done, from 0 to 1, in steps of a tenth.
    var download = 4
    var syncing = false
    /// Whether back asks before leaving the gallery.
    var asksBeforeLeaving = false
    /// What is typed into the secure field.
    var password = ""
    /// How often sync runs: an index of ``syncPeriods``.
    var syncEvery = 1
    /// The tab shown: the controls, the note, or about them.
    var page = 0
    /// The text of the note's area.
    var note = ""
    /// The planet the Layout tab shows: an index of ``Planet/all``.
    var planet = 0
    /// The order of the Layout tab's table.
    var planetSorting = TableSorting(column: 0)

    /// The planets in the table's order.
    var sortedPlanets: [Planet] {
        let sorted = Planet.all.sorted { left, right in
            switch planetSorting.column {
            case 1: (left.moons, left.name) < (right.moons, right.name)
            case 2: (left.day, left.name) < (right.day, right.name)
            default: left.name < right.name
            }
        }
        return planetSorting.ascending ? sorted : sorted.reversed()
    }

    static let syncPeriods = ["hour", "day", "week"]
}

/// What the gallery's view tells its interactor, and shows.
@MainActor
protocol WidgetsPresentable: AnyObject {
    func toggles(_ id: String) -> Observable<Bool>
    func edits(_ field: String) -> Observable<String>
    func choices(_ id: String) -> Observable<Int>
    func selections(_ list: String) -> Observable<Int>
    func sorts(_ id: String) -> Observable<TableSorting>
    func taps(_ id: String) -> Observable<Void>
    func show(_ state: WidgetsState)
    func presentAlert(_ alert: Alert)
    var backConfirmation: Alert? { get set }
}

/// Keeps the gallery's state: each switch and button changes it, and the view
/// shows it again.
final class WidgetsInteractor: PresentableInteractor<WidgetsPresentable> {
    private let state = BehaviorRelay(value: WidgetsState())

    override func didBecomeActive() {
        super.didBecomeActive()
        state.asObservable()
            .bind { [weak self] state in
                self?.presenter.show(state)
                self?.presenter.backConfirmation =
                    state.asksBeforeLeaving
                    ? Alert(title: "Leave the gallery?", buttons: [.cancel("Stay"), .destructive("Leave")]) : nil
            }
            .disposeOnDeactivate(interactor: self)
        bindSwitch("Wi-Fi", \.wifi)
        bindSwitch("Bluetooth", \.bluetooth)
        bindSwitch("Sync", \.syncing)
        bindSwitch("Ask before leaving", \.asksBeforeLeaving)
        presenter.choices("Every").bind { [weak self] index in self?.update { $0.syncEvery = index } }
            .disposeOnDeactivate(interactor: self)
        presenter.choices("page").bind { [weak self] index in self?.update { $0.page = index } }
            .disposeOnDeactivate(interactor: self)
        presenter.selections("planets").bind { [weak self] row in self?.update { $0.planet = row } }
            .disposeOnDeactivate(interactor: self)
        presenter.sorts("sizes").bind { [weak self] sorting in self?.update { $0.planetSorting = sorting } }
            .disposeOnDeactivate(interactor: self)
        presenter.edits("note").bind { [weak self] text in self?.update { $0.note = text } }
            .disposeOnDeactivate(interactor: self)
        presenter.edits("password").bind { [weak self] text in self?.update { $0.password = text } }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Delete the download")
            .bind { [weak self] in
                self?.presenter.presentAlert(
                    Alert(
                        title: "Delete the download?", message: "What was downloaded is lost.",
                        buttons: [.cancel(), .destructive("Delete")]))
            }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Delete").bind { [weak self] in self?.update { $0.download = 0 } }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Less").bind { [weak self] in self?.update { $0.download = max($0.download - 1, 0) } }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("More").bind { [weak self] in self?.update { $0.download = min($0.download + 1, 10) } }
            .disposeOnDeactivate(interactor: self)
    }

    private func bindSwitch(_ id: String, _ keyPath: WritableKeyPath<WidgetsState, Bool>) {
        presenter.toggles(id).bind { [weak self] isOn in self?.update { $0[keyPath: keyPath] = isOn } }
            .disposeOnDeactivate(interactor: self)
    }

    private func update(_ change: (inout WidgetsState) -> Void) {
        var next = state.value
        change(&next)
        state.accept(next)
    }
}
