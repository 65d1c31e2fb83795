@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {

    var topChain: [ViewController] {
        guard let root = tree.rootView else { return [] }
        return Window.layers(from: root).last!
    }

    var focusedField: String? {
        if case let .field(id)? = focus { return id }
        return nil
    }

    var fieldText: String? {
        focusedField.flatMap { topChain.last?.content.text(ofField: $0) }
    }

    func moveFocus(to id: Control.ID?) {
        focus = id
        if case let .row(list, index)? = id { lastRows[list] = index }
        let text = fieldText
        cursor = text?.count ?? 0
        fieldAnchor = nil
        areaCursor = nil
        if case let .field(field)? = id, let text, isArea(field) {
            areaCursor = AreaCursor(field: field, text: text, index: text.endIndex)
        }
    }

    /// The control `label` names: the one with that label, else the one with
    /// that id (a picker with no label, a field whatever its placeholder), else
    /// the one a form row names whose placeholder it is, else the one whose label
    /// contains it.
    func control(matching label: String, in controls: [Control]) throws(SessionFailure) -> Control {
        if let exact = controls.first(where: { $0.label == label }) { return exact }
        if let named = controls.first(where: { $0.id.name == label }) { return named }
        if let placeholder = controls.first(where: { !$0.otherLabel.isEmpty && $0.otherLabel == label }) {
            return placeholder
        }
        let matches = controls.filter { $0.label.contains(label) }
        guard matches.count <= 1 else { throw .ambiguousControl(label: label, matches: matches.map(\.label)) }
        guard let match = matches.first else {
            throw .noControl(
                label: label, available: controls.map { $0.label.isEmpty ? "id \($0.id.name ?? "")" : $0.label })
        }
        return match
    }

    func activate(_ control: Control) {
        moveFocus(to: control.id)
        switch control.id {
        case let .button(id): topChain.last?.send(.tap(id))
        case let .row(list, _) where topChain.last?.listsForReading.contains(list) == true:
            notice = "Enter: the rows here are for reading"
        case let .row(list, index):
            guard let row = wholeRowIndex(index, ofList: list) else { break }
            // A kept filter stays: going back to this screen returns to it, on
            // the match selected.
            if listFilter?.list == list { listFilter?.isTyping = false }
            topChain.last?.send(.select(list: list, row: row))
        case let .toggle(id):
            guard let isOn = topChain.last?.content.isOn(toggle: id) else { break }
            topChain.last?.send(.toggle(id, isOn: !isOn))
        case let .picker(id):
            choose(in: id, by: 1, wrapping: true)
        case .field, .scroll: break
        case .header: _ = sortFocusedTable(by: .enter)
        }
    }

    /// Goes back from the top screen through the router that attached it, which
    /// detaches it; the root has nowhere to go back to.
    ///
    /// A back that changes nothing (the screen's listener ignores it) is said in
    /// the status line, and Esc is not offered on that screen again.
    func goBack() {
        let top = topChain.last
        let chain = Array(topChain.reversed())
        guard let index = chain.firstIndex(where: { $0.backAction != nil }) else {
            notice = "Esc: nothing to go back to here"
            return
        }
        // The views going back takes away ask first when they have edits to lose.
        chain[index].goBack(leaving: Array(chain[...index]))
        if let top, topChain.last === top {
            backDoesNothingOn = top
            notice = "Esc: this screen does not go back"
        }
    }

    /// Chooses the option `step` after the chosen one of the picker or tabs `id`:
    /// round from the last to the first when `wrapping` (Enter), else no further
    /// than the ends (Left, Right).
    func choose(in id: String, by step: Int, wrapping: Bool) {
        guard let top = topChain.last, let (selected, count) = top.content.choice(of: id), count > 0 else { return }
        let next = wrapping ? ((selected + step) % count + count) % count : min(max(selected + step, 0), count - 1)
        guard next != selected else { return }
        top.send(.choose(id, index: next))
    }

    func canGoBack() -> Bool {
        topChain.contains { $0.backAction != nil } && (backDoesNothingOn == nil || topChain.last !== backDoesNothingOn)
    }

    /// The control an arrow key moves to: the nearest one in the arrow's direction
    /// (a grid moves by rows and columns, a list by rows); at an edge, none: the
    /// focus stays (Tab goes on in reading order).
    static func neighbour(of index: Int?, in controls: [Control], toward key: Key) -> Control? {
        guard let index else { return controls.first }
        let current = controls[index]
        let candidates: [(control: Control, distance: (Int, Int))] = controls.compactMap { control in
            let dx = control.x - current.x
            let dy = control.y - current.y
            switch key {
            case .down where dy > 0: return (control, (dy, abs(dx)))
            case .up where dy < 0: return (control, (-dy, abs(dx)))
            case .right where dy == 0 && dx > 0: return (control, (dx, 0))
            case .left where dy == 0 && dx < 0: return (control, (-dx, 0))
            default: return nil
            }
        }
        return candidates.min(by: { $0.distance < $1.distance })?.control
    }
}
