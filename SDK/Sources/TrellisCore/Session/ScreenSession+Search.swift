@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// `n` and `N` outside a text field: the focus goes to the next or the
    /// previous row, in the whole list, that matches the list's last `/` query,
    /// as less, vim and htop search: every row stays in sight. A kept filter
    /// gives way to the whole list first, the focus on the match it was on.
    /// Returns whether `key` was one of them with a query to search for.
    func searchAgain(by key: Key) -> Bool {
        guard key == .character("n") || key == .character("N") else { return false }
        if let filter = listFilter, !filter.isTyping, !filter.query.isEmpty {
            lastSearch = (filter.list, filter.query)
            clearListFilter()
        }
        guard let search = lastSearch, let rows = topChain.last?.displayedContent.rows(ofList: search.list) else {
            // On a list, the key says why it does nothing: a search Esc cancelled is not kept.
            guard case .row? = focus else { return false }
            notice = "\(key == .character("n") ? "n" : "N"): no search to repeat on this screen; / searches the list"
            return true
        }
        var matcher = ListFilter(screen: ObjectIdentifier(ScreenSession.self), list: search.list)
        matcher.setQuery(search.query)
        matcher.update(rows: rows)
        let found = matcher.matches.sorted()
        guard !found.isEmpty else {
            notice = "\(key == .character("n") ? "n" : "N"): no row matches /\(search.query)"
            return true
        }
        var current = -1
        if case let .row(list, row)? = focus, list == search.list { current = row }
        let forward = key == .character("n")
        let next = forward ? found.first { $0 > current } : found.last { $0 < current || current < 0 }
        let target = next ?? (forward ? found.first! : found.last!)
        moveFocus(to: .row(list: search.list, index: target))
        let place = (found.firstIndex(of: target) ?? 0) + 1
        let wrapped = next == nil ? (forward ? ", from the top" : ", from the bottom") : ""
        notice = "/\(search.query)  match \(Self.grouped(place)) of \(Self.grouped(found.count))\(wrapped)"
        return true
    }
}
