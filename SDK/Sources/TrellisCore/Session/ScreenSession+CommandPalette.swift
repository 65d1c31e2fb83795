@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// Opens the command palette with the actions the screen offers now.
    func openCommandPalette(controls: [Control]) {
        // A number typed goes to a row of the focused list, else of the first list in sight.
        let focusedRow = controls.first { $0.id == focus && Self.isRow(focus, of: Self.list(of: $0.id)) }
        let list = (focusedRow ?? controls.first { if case .row = $0.id { true } else { false } }).map {
            Self.list(of: $0.id)
        }
        palette = CommandPalette(
            entries: paletteEntries(controls: controls),
            rowList: list.flatMap { list in shownRowCount(ofList: list).map { (list, $0) } })
    }

    /// The screen's buttons and fields, what the keys do here, then the rows in
    /// sight (a list can fill the palette: they come last).
    private func paletteEntries(controls: [Control]) -> [CommandPalette.Entry] {
        var entries: [CommandPalette.Entry] = []
        var rows: [CommandPalette.Entry] = []
        let readOnly = topChain.last?.listsForReading ?? []
        for control in controls {
            let key = control.id == focus ? "Enter" : ""
            switch control.id {
            case .button: entries.append(.init(title: "Press “\(control.label)”", key: key, action: .activate(control)))
            case .field: entries.append(.init(title: "Edit “\(control.label)”", key: "", action: .activate(control)))
            case .toggle:
                entries.append(
                    .init(title: "Switch “\(control.label)” on or off", key: key, action: .activate(control)))
            case .picker:
                entries.append(
                    .init(title: "Choose the next of “\(control.label)”", key: key, action: .activate(control)))
            case let .row(list, _) where !readOnly.contains(list):
                rows.append(.init(title: "Open “\(control.label)”", key: key, action: .activate(control)))
            case .row, .scroll: break
            case .header:
                entries.append(
                    .init(
                        title: "Sort “\(control.label.dropFirst(5))” the other way", key: key,
                        action: .activate(control)))
            }
        }
        let inField = focusedField != nil
        if listFilter != nil {
            entries.append(.init(title: "Clear the list's filter", key: "Esc", action: .clearFilter))
        } else if controls.contains(where: { if case .row = $0.id { true } else { false } }) {
            entries.append(.init(title: "Filter the list", key: inField ? "" : "/", action: .filterList))
        }
        if listFilter == nil, canGoBack() {
            let title = topChain.reversed().first(where: { $0.backAction != nil })?.backTitle ?? "go back"
            entries.append(.init(title: title.prefix(1).uppercased() + title.dropFirst(), key: "Esc", action: .back))
        }
        entries.append(.init(title: "Help: the keys of this screen", key: inField ? "F1" : "?", action: .help))
        if !messages.isEmpty {
            entries.append(.init(title: "Messages of this run", key: inField ? "" : "m", action: .messages))
        }
        if tree.canReload {
            entries.append(.init(title: "Reload the plugins whose files changed", key: "", action: .reload))
        }
        entries.append(.init(title: "Quit", key: inField ? "Ctrl-C" : "q", action: .quit))
        return entries + rows
    }

    /// A key while the palette is open: typing filters it, Up and Down (Ctrl-P,
    /// Ctrl-N, Tab) choose, Enter or a click runs, Esc closes.
    func pressInPalette(_ key: Key) {
        guard var palette else { return }
        switch key {
        case let .character(character): palette.setQuery(palette.query + String(character))
        case let .paste(text): palette.setQuery(palette.query + text.map { $0.isNewline ? " " : String($0) }.joined())
        case .backspace: palette.setQuery(String(palette.query.dropLast()))
        case .control("u"): palette.setQuery("")
        case .up, .control("p"), .backtab: palette.move(by: -1)
        case .down, .control("n"), .tab: palette.move(by: 1)
        case .pageUp: palette.move(by: -10)
        case .pageDown: palette.move(by: 10)
        case let .wheel(up, _, _): palette.move(by: up ? -1 : 1)
        case .escape:
            self.palette = nil
            return
        case .enter:
            guard let entry = palette.chosen else {
                notice = "no command matches “\(palette.query)”"
                return
            }
            run(entry.action)
            return
        case let .click(column, row):
            guard let index = palette.entry(atColumn: column, row: row) else {
                // A click outside the box closes the palette, as Esc does; inside it, off an entry, nothing.
                if !palette.boxContains(column: column, row: row) { self.palette = nil }
                return
            }
            palette.choose(index)
            guard let entry = palette.chosen else { return }
            run(entry.action)
            return
        default:
            break
        }
        self.palette = palette
    }

    /// Closes the palette and does what its entry says.
    private func run(_ action: CommandPalette.Action) {
        palette = nil
        switch action {
        case let .activate(control): activate(control)
        case .filterList: startListFilter(controls: settledFrame().controls)
        case .clearFilter: clearListFilter()
        case .back: goBack()
        case .help: showsHelp = true
        case .messages:
            showsMessages = true
            boxScroll = Int.max / 2
        case .reload:
            do {
                try execute(.reload(nil))
            } catch {
                post(error.errorDescription ?? "reload failed")
            }
        case .quit: quitRequested = true
        case let .goToRow(list, index): moveFocus(to: .row(list: list, index: index))
        }
    }

    /// The palette in a box over the frame: what was typed, then the matching
    /// entries with their keys, the chosen one in the focused style.
    func drawPalette(over frame: inout Frame) {
        guard var palette else { return }
        let keyWidth = palette.entries.map { TextWidth.of($0.key) }.max() ?? 0
        let width = min(
            max((palette.entries.map { TextWidth.of($0.title) }.max() ?? 0) + keyWidth + 2, 40),
            max(window.width - 4, 1))
        // The box's frame, the query and a blank line, and a line to say there is more.
        let rows = max(window.height - 1 - 2 - 2 - 1, 1)
        let start = min(max(palette.selection - rows + 1, 0), max(palette.matches.count - rows, 0))
        let shown = palette.matches.dropFirst(start).prefix(rows)
        var lines = ["> " + palette.query.escapingControlCharacters, ""]
        lines += shown.map { entry in
            let title = TextWidth.truncated(entry.title, to: max(width - keyWidth - 2, 1))
            return title + String(repeating: " ", count: max(width - TextWidth.of(title) - TextWidth.of(entry.key), 0))
                + entry.key
        }
        if palette.matches.isEmpty { lines.append("no command matches") }
        if palette.matches.count > shown.count {
            lines.append("↑↓ \(start + 1)-\(start + shown.count) of \(palette.matches.count)")
        }
        // As tall as with every entry, so the box and its query line stay put as it narrows.
        let tallest = 2 + min(palette.entries.count, rows) + (palette.entries.count > rows ? 1 : 0)
        lines += Array(repeating: "", count: max(tallest - lines.count, 0))
        boxScroll = 0
        guard let origin = drawBox(lines, over: &frame) else { return }
        palette.place(x: origin.x, firstRow: origin.y + 2, width: origin.width, start: start, count: shown.count)
        palette.box = (origin.x - 2, origin.y - 1, origin.width + 4, min(lines.count + 2, window.height - 1))
        self.palette = palette
        if palette.matches.indices.contains(palette.selection) {
            let row = origin.y + 2 + palette.selection - start
            frame.canvas.write(
                lines[2 + palette.selection - start], x: origin.x, y: row, style: .focused, limit: origin.width)
        }
        frame.cursor = (min(origin.x + TextWidth.of(lines[0]), max(window.width - 1, 0)), origin.y)
    }
}

extension CommandPalette {
    /// Notes where the entries from `start` were drawn, for the mouse.
    mutating func place(x: Int, firstRow: Int, width: Int, start: Int, count: Int) {
        drawn = (x, firstRow, width, start, count)
    }

    /// Whether a cell is in the box the palette was drawn in.
    func boxContains(column: Int, row: Int) -> Bool {
        guard let box else { return false }
        return (box.x..<box.x + box.width).contains(column) && (box.y..<box.y + box.height).contains(row)
    }

    /// The index among the matches of the entry drawn at a cell, if one is.
    func entry(atColumn column: Int, row: Int) -> Int? {
        guard let drawn, (drawn.x..<drawn.x + drawn.width).contains(column),
            (drawn.firstRow..<drawn.firstRow + drawn.count).contains(row)
        else { return nil }
        return drawn.start + row - drawn.firstRow
    }
}
