@_spi(TrellisHost) import TrellisSDK

extension Control {
    var isField: Bool {
        if case .field = id { return true }
        return false
    }
}

extension ViewNode {
    /// How many rows the list `list` has, if this tree has it.
    func rowCount(ofList list: String) -> Int? {
        rows(ofList: list)?.count
    }

    /// The rows of the list `list`, if this tree has it.
    func rows(ofList list: String) -> [String]? {
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .list(id, rows) where id == list: return rows
            case let .rows(id, rows) where id == list: return LayoutNode.richRows(rows)
            case let .table(table) where table.id == list: return LayoutNode.tableLines(table)?.rows
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            case let .tabs(tabs): pending.append(tabs.content)
            default: break
            }
        }
        return nil
    }

    /// The option chosen in the picker or tabs `id`, and how many options it has.
    func choice(of id: String) -> (selected: Int, count: Int)? {
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .picker(picker) where picker.id == id: return (picker.selected, picker.options.count)
            case let .tabs(tabs) where tabs.id == id: return (tabs.selected, tabs.titles.count)
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            case let .tabs(tabs): pending.append(tabs.content)
            default: break
            }
        }
        return nil
    }

    /// The options of the picker or the titles of the tabs `id`.
    func options(of id: String) -> [String]? {
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .picker(picker) where picker.id == id: return picker.options
            case let .tabs(tabs) where tabs.id == id: return tabs.titles
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            case let .tabs(tabs): pending.append(tabs.content)
            default: break
            }
        }
        return nil
    }

    /// Whether the field `field` is a text area.
    func isArea(field: String) -> Bool {
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .textArea(area) where area.id == field: return true
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            case let .tabs(tabs): pending.append(tabs.content)
            default: break
            }
        }
        return false
    }

    /// Whether the field `field` shows its text as bullets.
    func isSecure(field: String) -> Bool {
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .field(textField) where textField.id == field: return textField.isSecure
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            case let .tabs(tabs): pending.append(tabs.content)
            default: break
            }
        }
        return false
    }

    /// Whether the switch `toggle` is on, if this tree has it.
    func isOn(toggle: String) -> Bool? {
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .toggle(switched) where switched.id == toggle: return switched.isOn
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            case let .tabs(tabs): pending.append(tabs.content)
            default: break
            }
        }
        return nil
    }

    /// The text of the field `field`, if this tree has it.
    func text(ofField field: String) -> String? {
        switch self {
        case let .textField(id, text, _) where id == field:
            return text
        case let .field(textField) where textField.id == field:
            return textField.text
        case let .textArea(area) where area.id == field:
            return area.text
        case let .stack(_, _, children), let .grid(_, children):
            for child in children {
                if let text = child.text(ofField: field) { return text }
            }
            return nil
        case let .styled(_, child):
            return child.text(ofField: field)
        case let .tabs(tabs):
            return tabs.content.text(ofField: field)
        default:
            return nil
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
