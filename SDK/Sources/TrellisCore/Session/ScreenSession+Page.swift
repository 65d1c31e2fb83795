@_spi(TrellisHost) import TrellisSDK

/// What a front end with controls of its own (the browser's page) asks of the
/// screen on top: the view actions its controls make, and going back.
public enum PageRequest: Equatable, Sendable {
    /// A control of the screen on top was used.
    case action(ViewAction)
    /// Esc, or the browser's back: as Esc in the terminal.
    case back
}

extension ScreenSession {
    /// Does what the page asks, as the terminal does when a person uses the same
    /// control with keys: the focus moves to the control, and the screen on top
    /// receives the action. A request for a control that screen does not have
    /// (a page drawn from a screen that has gone, or a forged message) is said in
    /// the status line and not sent.
    func perform(_ request: PageRequest) {
        notice = nil
        guard let top = topChain.last else { return }
        switch request {
        case .back:
            goBack()
        case let .action(action):
            guard let control = Self.control(of: action, in: top) else {
                notice = "that control is no longer on screen"
                return
            }
            if case let .row(list, _) = control, top.listsForReading.contains(list) {
                notice = "Enter: the rows here are for reading"
                return
            }
            if focus != control {
                focus = control
                cursor = 0
                areaCursor = nil
            }
            top.send(action)
        }
    }

    /// Whether going back does something on the screen on top: the page offers
    /// Esc and the browser's back only then.
    public var canGoBackFromPage: Bool { canGoBack() }

    /// The control `action` uses, if `screen` shows it and the action fits it
    /// (a row that exists, an option in range, a column of the table).
    static func control(of action: ViewAction, in screen: ViewController) -> Control.ID? {
        let content = screen.displayedContent
        switch action {
        case let .tap(id):
            let shown = content.firstMatch { node -> Bool? in
                if case let .button(_, button) = node, button == id { true } else { nil }
            }
            return shown == true ? .button(id) : nil
        case let .select(list, row):
            guard let count = content.rowCount(ofList: list), (0..<count).contains(row) else { return nil }
            return .row(list: list, index: row)
        case let .edit(field, _), let .submit(field):
            return content.text(ofField: field) == nil ? nil : .field(field)
        case let .toggle(id, _):
            return content.isOn(toggle: id) == nil ? nil : .toggle(id)
        case let .choose(id, index):
            guard let (_, count) = content.choice(of: id), (0..<count).contains(index) else { return nil }
            return .picker(id)
        case let .sort(id, sorting):
            guard let table = content.table(id), table.allowsSorting, table.columns.indices.contains(sorting.column)
            else { return nil }
            return .header(id)
        }
    }
}
