@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// `/`: starts a filter over the focused list, else the screen's first list.
    func startListFilter(controls: [Control]) {
        let lists = controls.compactMap { control -> String? in
            if case let .row(list, _) = control.id { return list }
            return nil
        }
        guard let top = topChain.last else { return }
        var focusedList: String?
        if case let .row(list, _)? = focus { focusedList = list }
        // On a table's header, its table.
        if case let .header(table)? = focus { focusedList = table }
        guard let list = focusedList ?? lists.first else {
            notice = "/: no list on this screen to filter"
            return
        }
        if listFilter?.list == list, listFilter?.screen == ObjectIdentifier(top) {
            // Typing again into the filter that is set.
            listFilter?.isTyping = true
            return
        }
        clearListFilter()
        listFilter = ListFilter(screen: ObjectIdentifier(top), list: list)
        listFilter?.focusBefore = focus
        if focusedList == nil || focus == .header(list) { moveFocus(to: .row(list: list, index: 0)) }
    }

    /// A key while the filter is being typed: `true` if it was the filter's
    /// (characters, Backspace, Ctrl-U, a paste, Enter to keep, Esc to clear);
    /// the rest (arrows, page keys, Tab, the mouse) act as they do on the list.
    func typeIntoListFilter(_ key: Key) -> Bool {
        guard let filter = listFilter else { return false }
        switch key {
        case let .character(character):
            setListFilterQuery(filter.query + String(character))
        case let .paste(text):
            setListFilterQuery(filter.query + text.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined())
        case .backspace:
            // Backspace on an empty filter closes it, as in less.
            if filter.query.isEmpty {
                clearListFilter(restoringFocus: true)
            } else {
                setListFilterQuery(String(filter.query.dropLast()))
            }
        case .control("u"):
            setListFilterQuery("")
        case .enter:
            listFilter?.isTyping = false
            // What n and N search for in the whole list.
            if !filter.query.isEmpty { lastSearch = (filter.list, filter.query) }
        case .escape:
            // Esc while typing cancels, as in fzf: the focus goes back to where it was.
            clearListFilter(restoringFocus: true)
        case .tab, .backtab, .click:
            listFilter?.isTyping = false
            return false
        default:
            return false
        }
        return true
    }

    /// Sets what the filter matches; the focus goes to the first match.
    private func setListFilterQuery(_ query: String) {
        guard var filter = listFilter else { return }
        asHostWork("filtering a list") { filter.setQuery(query) }
        listFilter = filter
        moveFocus(to: .row(list: filter.list, index: 0))
    }

    /// Ends the filter. A focused row of its list stays focused, at its place in
    /// the whole list; with `restoringFocus` (a cancel), or when the focus is no
    /// longer on the list, the focus goes back to where it was before `/`.
    func clearListFilter(restoringFocus: Bool = false) {
        guard let filter = listFilter else { return }
        listFilter = nil
        if !restoringFocus, case let .row(list, index)? = focus, list == filter.list,
            let whole = filter.rowIndex(ofMatch: index)
        {
            moveFocus(to: .row(list: list, index: whole))
        } else if let before = filter.focusBefore {
            moveFocus(to: before)
        }
    }

    /// The row `index` of the list `list` as drawn, at its place in the whole
    /// list (a filter draws the matches only).
    func wholeRowIndex(_ index: Int, ofList list: String) -> Int? {
        guard let filter = listFilter, filter.list == list else { return index }
        return filter.rowIndex(ofMatch: index)
    }

    /// Matches the filter against its list as the screen shows it now; a filter
    /// whose screen is no longer on top, or whose list went away, ends.
    func updateListFilter(top: ViewController) {
        guard let filter = listFilter else { return }
        guard filter.screen == ObjectIdentifier(top), let rows = top.displayedContent.rows(ofList: filter.list) else {
            // A screen opened over the filtered one (a row selected): the filter
            // waits for its screen to come back on top.
            if filter.screen != ObjectIdentifier(top), let owner = focusOwner, ObjectIdentifier(owner) == filter.screen
            {
                var kept = filter
                kept.isTyping = false
                keptFilters[filter.screen] = (WeakScreen(owner), kept)
            }
            listFilter = nil
            return
        }
        listFilter?.update(rows: rows)
    }

    /// How many rows of the list `list` are drawn: its matches when it is filtered.
    func shownRowCount(ofList list: String) -> Int? {
        if let filter = listFilter, filter.list == list { return filter.matches.count }
        return topChain.last?.displayedContent.rowCount(ofList: list)
    }
}
