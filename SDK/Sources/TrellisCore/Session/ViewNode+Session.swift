@_spi(TrellisHost) import TrellisSDK

extension Control {
    var isField: Bool {
        if case .field = id { return true }
        return false
    }
}

extension ViewNode {
    /// The first node of this tree, in reading order, for which `match` gives a
    /// value, and that value: through stacks, grids, styles, the shown tab,
    /// scroll views and panes, in a loop, so a tree of any depth is safe.
    func firstMatch<Value>(_ match: (ViewNode) -> Value?) -> Value? {
        var pending = [self]
        while let node = pending.popLast() {
            if let value = match(node) { return value }
            switch node {
            case let .stack(_, _, children), let .grid(_, children): pending += children.reversed()
            case let .styled(_, child): pending.append(child)
            case let .tabs(tabs): pending.append(tabs.content)
            case let .scroll(scroll): pending.append(scroll.content)
            case let .panes(panes): pending += panes.panes.map(\.content).reversed()
            case let .form(form): pending += form.rows.map(\.control).reversed()
            default: break
            }
        }
        return nil
    }

    /// How many rows the list `list` has, if this tree has it.
    func rowCount(ofList list: String) -> Int? {
        firstMatch { node in
            switch node {
            case let .list(id, rows) where id == list: rows.count
            case let .rows(id, rows) where id == list: rows.count
            case let .table(table) where table.id == list && !table.columns.isEmpty: table.rows.count
            default: nil
            }
        }
    }

    /// The table `id`, if this tree has it.
    func table(_ id: String) -> Table? {
        firstMatch { node in
            if case let .table(table) = node, table.id == id { table } else { nil }
        }
    }

    /// The rows of the list `list` (a list, rich rows or a table's lines), if this
    /// tree has it.
    func rows(ofList list: String) -> [String]? {
        firstMatch { node in
            switch node {
            case let .list(id, rows) where id == list: rows
            case let .rows(id, rows) where id == list: LayoutNode.richRows(rows)
            // A table's cells, two spaces apart: its lines as drawn may be cut to their columns.
            case let .table(table) where table.id == list && !table.columns.isEmpty:
                table.rows.map { $0.joined(separator: "  ") }
            default: nil
            }
        }
    }

    /// The option chosen in the picker or tabs `id`, and how many options it has.
    func choice(of id: String) -> (selected: Int, count: Int)? {
        firstMatch { node in
            switch node {
            case let .picker(picker) where picker.id == id: (picker.selected, picker.options.count)
            case let .tabs(tabs) where tabs.id == id: (tabs.selected, tabs.titles.count)
            default: nil
            }
        }
    }

    /// The options of the picker or the titles of the tabs `id`.
    func options(of id: String) -> [String]? {
        firstMatch { node in
            switch node {
            case let .picker(picker) where picker.id == id: picker.options
            case let .tabs(tabs) where tabs.id == id: tabs.titles
            default: nil
            }
        }
    }

    /// Whether the field `field` is a text area.
    func isArea(field: String) -> Bool {
        firstMatch { node in
            if case let .textArea(area) = node, area.id == field { true } else { nil }
        } ?? false
    }

    /// Whether the field `field` shows its text as bullets.
    func isSecure(field: String) -> Bool {
        firstMatch { node in
            if case let .field(textField) = node, textField.id == field { textField.isSecure } else { nil }
        } ?? false
    }

    /// Whether the switch `toggle` is on, if this tree has it.
    func isOn(toggle: String) -> Bool? {
        firstMatch { node in
            if case let .toggle(switched) = node, switched.id == toggle { switched.isOn } else { nil }
        }
    }

    /// The text of the field `field` (a one-line field or a text area), if this
    /// tree has it.
    func text(ofField field: String) -> String? {
        firstMatch { node in
            switch node {
            case let .textField(id, text, _) where id == field: text
            case let .field(textField) where textField.id == field: textField.text
            case let .textArea(area) where area.id == field: area.text
            default: nil
            }
        }
    }
}

/// A screen the session remembers the focus of, without keeping it alive.
struct WeakScreen {
    weak var view: ViewController?

    init(_ view: ViewController) {
        self.view = view
    }
}
