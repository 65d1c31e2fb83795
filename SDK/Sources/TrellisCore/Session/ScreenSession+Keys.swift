@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// Handles a key as the terminal delivers it.
    ///
    /// Tab and Shift-Tab move the focus, as do the arrows outside a text field;
    /// Enter or Space activates; in a text field printable keys, Backspace, Delete,
    /// Left, Right, Home and End edit; Esc goes back.
    func press(_ key: Key) {
        notice = nil
        lastKeyEdited = false
        if case let .click(column, row) = key, row == window.height - 1,
            let hint = lastStatus?.hint(atColumn: column, width: window.width)
        {
            // The status line's key hints work as buttons, before anything else
            // reads the click: `Enter keep` keeps a filter as Enter does.
            pressHint(hint)
            return
        }
        if palette != nil {
            pressInPalette(key)
            return
        }
        if showsHelp || showsMessages, let step = Self.scrollStep(of: key) {
            // Up, Down, j, k and the page keys scroll the box.
            boxScroll = max(boxScroll + step, 0)
            return
        }
        if showsHelp || showsMessages {
            // Any other key closes the help or the log, and does nothing else.
            boxScroll = 0
            showsHelp = false
            showsMessages = false
            return
        }
        // One frame settles the focus and gives the controls the key moves among.
        let current = settledFrame()
        let controls = current.controls
        if listFilter?.isTyping == true, typeIntoListFilter(key) { return }
        if key == .character("/"), focusedField == nil {
            startListFilter(controls: controls)
            return
        }
        if (key == .character(":") && focusedField == nil) || (key == .control("p") && focusedField != nil) {
            openCommandPalette(controls: controls)
            return
        }
        if key == .help || (key == .character("?") && focusedField == nil) {
            showsHelp = true
            return
        }
        if case let .pasteTooLarge(bytes) = key {
            notice =
                "paste: \(Self.megabytes(bytes)) is more than the \(Self.megabytes(Self.largestPaste)) a paste may be; "
                + "nothing was pasted (paste it in parts, or put it in a file)"
            return
        }
        if case let .paste(text) = key {
            guard let field = focusedField else {
                notice = "paste: no text field has the focus"
                return
            }
            insert(text, into: field)
            return
        }
        if case let .click(column, row) = key {
            // A click focuses what it lands on and activates a button or a row;
            // the last drawn, so a control in a scroll view wins over its viewport.
            guard let control = controls.last(where: { $0.contains(column: column, row: row) }) else {
                scrollList(byArrowAt: column, row: row, controls: controls)
                return
            }
            if case let .picker(id) = control.id {
                // A click chooses the option under it.
                moveFocus(to: control.id)
                if let options = topChain.last?.content.options(of: id),
                    let index = Layout.option(atColumn: column - control.x, of: options),
                    topChain.last?.content.choice(of: id)?.selected != index
                {
                    topChain.last?.send(.choose(id, index: index))
                }
                return
            }
            if case .header = control.id {
                moveFocus(to: control.id)
                sortTable(clicked: control, atOffset: column - control.x)
                return
            }
            guard control.isField else {
                activate(control)
                return
            }
            // The cursor goes where the click landed in the text shown.
            let wasFocused = focus == control.id
            let before = cursor
            moveFocus(to: control.id)
            if case let .field(id) = control.id, isArea(id) {
                // In a text area, the row and column clicked, among the rows it showed.
                if !wasFocused { areaCursor = nil }
                placeAreaCursor(
                    id, row: row - control.y - 1, column: column - control.x - 1,
                    shown: wasFocused ? current.areaRows : [], width: max(control.width - 2, 1),
                    height: max(control.height - 2, 1))
            } else if let typed = fieldText, case let .field(id) = control.id {
                // What the field shows: a secure one, a bullet a character.
                let text = topChain.last?.content.isSecure(field: id) == true ? Layout.masked(typed) : typed
                let shown =
                    wasFocused ? Layout.scrolled(text, cursor: before, width: control.width - 2).shown : text[...]
                let start = text.distance(from: text.startIndex, to: shown.startIndex)
                var columns = 0
                var offset = 0
                for character in shown {
                    let width = TextWidth.of(character)
                    // A click on a character's second half puts the cursor after it.
                    guard columns + (width + 1) / 2 <= column - control.x - 1 else { break }
                    columns += width
                    offset += 1
                }
                cursor = start + offset
            }
            return
        }
        if case let .wheel(up, column, row) = key, scrollView(atColumn: column, row: row, up: up, controls: controls) {
            return
        }
        if case let .wheel(up, column, row) = key {
            // The wheel moves through the list under the pointer (else the
            // focused one), three rows a notch.
            if let under = controls.first(where: { $0.contains(column: column, row: row) }), case .row = under.id,
                under.id != focus, !Self.isRow(focus, of: Self.list(of: under.id))
            {
                moveFocus(to: under.id)
            }
            guard case .row? = focus else { return }
            for _ in 0..<3 { press(up ? .up : .down) }
            return
        }
        if let field = focusedField, isArea(field), let area = controls.first(where: { $0.id == focus }),
            editArea(field, with: key, width: area.width - 2, height: area.height - 2)
        {
            return
        }
        if let field = focusedField, !isArea(field), editFieldSelection(field, with: key) { return }
        // Outside a text area or field, Shift selects nothing: the move alone;
        // Ctrl-Home and Ctrl-End are Home and End.
        if case let .shifted(plain) = key { return press(plain) }
        if key == .textStart || key == .textEnd { return press(key == .textStart ? .home : .end) }
        if let field = focusedField, edit(field, with: key) { return }
        if focusedField == nil, moveInList(by: key, controls: controls) || searchAgain(by: key) { return }
        // Outside a text field, less's and vi's keys: j and k, Ctrl-N and Ctrl-P
        // move, g and G go to a list's first and last row, q quits.
        let key = focusedField == nil ? Self.navigationMeaning(of: key) : key
        if key == .character("q"), focusedField == nil {
            quitRequested = true
            return
        }
        if key == .character("y"), focusedField == nil {
            copyFocus(controls: controls)
            return
        }
        if key == .character("m"), focusedField == nil {
            if messages.isEmpty {
                notice = "m: no messages yet"
            } else {
                showsMessages = true
                // The newest first in sight; Up goes back through the older ones.
                boxScroll = Int.max / 2
            }
            return
        }
        if key == .enter, let field = focusedField {
            // Enter in a field: the screen acts on it (a search's top result, a
            // form's last field); in a form, Enter in any other field goes on to
            // the next one, as forms do.
            let screen = topChain.last
            screen?.send(.submit(field: field))
            if topChain.last === screen, let index = controls.firstIndex(where: { $0.id == focus }),
                let next = controls[(index + 1)...].first(where: \.isField)
            {
                moveFocus(to: next.id)
            }
            return
        }
        if scrollFocusedView(by: key, controls: controls) || sortFocusedTable(by: key) { return }
        if case let .picker(id)? = focus, key == .left || key == .right {
            choose(in: id, by: key == .left ? -1 : 1, wrapping: false)
            return
        }
        let index = controls.firstIndex { $0.id == focus }
        switch key {
        case .enter, .character(" "):
            if let index { activate(controls[index]) }
        case .tab, .backtab:
            if let target = tabStop(after: index, in: controls, forward: key == .tab) { moveFocus(to: target) }
        case .pageUp, .pageDown, .home, .end:
            // In a list: a page of the rows shown at a time, or its first or last row.
            guard case let .row(list, row)? = focus, let count = shownRowCount(ofList: list), count > 0
            else { break }
            let page = max(controls.filter { if case .row(list, _) = $0.id { true } else { false } }.count - 1, 1)
            let target =
                switch key {
                case .pageUp: row - page
                case .pageDown: row + page
                case .home: 0
                default: count - 1
                }
            moveFocus(to: .row(list: list, index: min(max(target, 0), count - 1)))
        case .up, .down, .left, .right:
            // Down a list goes to its next row even when that row is not drawn yet:
            // the list scrolls to it.
            if case let .row(list, row)? = focus, key == .up || key == .down,
                let count = shownRowCount(ofList: list)
            {
                let next = row + (key == .down ? 1 : -1)
                if (0..<count).contains(next) {
                    moveFocus(to: .row(list: list, index: next))
                }
                // Past the list's end, on to what is below or above it.
                else if let target = Self.neighbour(of: index, in: controls, toward: key) {
                    moveFocus(to: target.id)
                }
            } else if let target = Self.neighbour(of: index, in: controls, toward: key) {
                moveFocus(to: target.id)
            }
        case .escape:
            // A list filter is cleared before anything goes back.
            if listFilter != nil { clearListFilter() } else { goBack() }
        default:
            break
        }
    }

    /// Copies the focused row (its text as drawn, a table's cells two spaces
    /// apart), or the focused control's label, as lazygit's `y` does.
    func copyFocus(controls: [Control]) {
        let label = controls.first { $0.id == focus }?.label.trimmingCharacters(in: .whitespaces) ?? ""
        guard !label.isEmpty else {
            notice = "y: nothing to copy here"
            return
        }
        guard let copyToClipboard else {
            notice = "y: there is no clipboard here"
            return
        }
        notice = copyToClipboard(label)
    }

    /// What a click on a key hint of the status line does: what its key does.
    ///
    /// Quit is not clicked: the hints move as the screen changes, and a second
    /// click where `Esc back` was must never end the app.
    func pressHint(_ hint: String) {
        let key: Key? =
            switch hint.split(separator: " ").first.map(String.init) ?? hint {
            case "Esc": .escape
            case "Tab": .tab
            case "Enter": .enter
            case "?": .character("?")
            case "F1": .help
            case "/": .character("/")
            case ":": .character(":")
            case "^P": .control("p")
            case "m": .character("m")
            default: nil
            }
        if let key { press(key) }
    }

    /// A click on the `▲` or `▼` beside a cut list moves the focus a row that
    /// way, as the arrow keys do; a click on the bar between them moves a page
    /// up or down (above or below the thumb), and on the thumb does nothing.
    func scrollList(byArrowAt column: Int, row: Int, controls: [Control]) {
        let rows = controls.compactMap { control -> (list: String, index: Int, control: Control)? in
            guard case let .row(list, index) = control.id else { return nil }
            return (list, index, control)
        }
        for list in Set(rows.map(\.list)) {
            let shown = rows.filter { $0.list == list }
            guard let first = shown.min(by: { $0.index < $1.index }), let last = shown.max(by: { $0.index < $1.index }),
                column == first.control.x + first.control.width + 1,
                let count = shownRowCount(ofList: list)
            else { continue }
            // The list keeps the focused row in its middle: a row past the middle
            // scrolls it a row that way. (The row past the edge moved the focus
            // half a window.)
            let keptRow = first.index + (last.index - first.index) / 2
            if row == first.control.y, first.index > 0 {
                moveFocus(to: .row(list: list, index: max(keptRow - 1, 0)))
            } else if row == last.control.y, last.index + 1 < count {
                moveFocus(to: .row(list: list, index: min(keptRow + 1, count - 1)))
            } else if row > first.control.y, row < last.control.y,
                let thumb = Layout.scrollThumb(offset: first.index, shown: last.index - first.index + 1, total: count)
            {
                // The bar between the arrows, as scroll bars do: a page up above the
                // thumb, a page down below it, nothing on the thumb itself.
                let place = row - first.control.y - 1
                let page = max(last.index - first.index, 1)
                // The focus goes to the middle of the next page, where the list keeps it.
                let middle = first.index + page / 2
                if place < thumb.lowerBound {
                    moveFocus(to: .row(list: list, index: max(middle - page, 0)))
                } else if place >= thumb.upperBound {
                    moveFocus(to: .row(list: list, index: min(middle + page, count - 1)))
                }
            }
            return
        }
    }

    static func list(of id: Control.ID) -> String {
        if case let .row(list, _) = id { return list }
        return ""
    }

    /// Where Tab (`forward`) or Shift-Tab goes from the control at `index`: the
    /// next control in reading order that is not a row of the list the focus
    /// is in. A list is one stop, as in lazygit and the browser: arrows move
    /// inside it, and Tab into it lands on the row it was left at when that row
    /// is in sight, else on its first row in sight.
    func tabStop(after index: Int?, in controls: [Control], forward: Bool) -> Control.ID? {
        guard !controls.isEmpty else { return nil }
        let step = forward ? 1 : -1
        var candidate = index.map { $0 + step } ?? (forward ? 0 : controls.count - 1)
        var current: String?
        if let index, case let .row(list, _) = controls[index].id { current = list }
        for _ in 0..<controls.count {
            candidate = (candidate % controls.count + controls.count) % controls.count
            let id = controls[candidate].id
            guard case let .row(list, _) = id else { return id }
            if list != current {
                if let left = lastRows[list], controls.contains(where: { $0.id == .row(list: list, index: left) }) {
                    return .row(list: list, index: left)
                }
                return controls.first { Self.isRow($0.id, of: list) }?.id
            }
            candidate += step
        }
        // Nothing but the list's rows: the focus stays.
        return nil
    }

    static func isRow(_ id: Control.ID?, of list: String) -> Bool {
        if case let .row(other, _)? = id { return other == list }
        return false
    }

    /// What a key outside a text field means among lists and controls.
    static func navigationMeaning(of key: Key) -> Key {
        switch key {
        case .character("j"), .control("n"): .down
        case .character("k"), .control("p"): .up
        case .character("g"): .home
        case .character("G"): .end
        default: key
        }
    }

    /// The largest paste the terminal front end takes (its decoder's maximum).
    public nonisolated static let largestPaste = 16 << 20

    /// `bytes` in megabytes, one decimal: `20.5 MB`.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = bytes / (1 << 20 / 10)
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
