@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// vi's and less's moves in the focused list, outside a text field: a count
    /// typed before `j`, `k` or the arrows moves that many rows (`5j`), before
    /// `g` or `G` goes to that row (`12G`); Ctrl-D and Ctrl-U move half the rows
    /// in sight. Returns whether `key` was one of them (a digit is kept for the
    /// next key, and the status line shows it).
    func moveInList(by key: Key, controls: [Control]) -> Bool {
        guard case let .row(list, row)? = focus, let total = shownRowCount(ofList: list), total > 0 else {
            pendingCount = nil
            return false
        }
        if case let .character(character) = key, character.isASCII, let digit = character.wholeNumberValue,
            digit > 0 || pendingCount != nil
        {
            let count = min((pendingCount ?? 0) * 10 + digit, Self.largestCount)
            pendingCount = count
            notice = "\(count): j, k move \(count) rows; G goes to row \(count)"
            return true
        }
        let count = pendingCount
        pendingCount = nil
        let target: Int
        switch Self.navigationMeaning(of: key) {
        case .down where count != nil: target = row + count!
        case .up where count != nil: target = row - count!
        case .home where count != nil, .end where count != nil: target = count! - 1
        case .control("d"), .control("u"):
            let shown = controls.filter { Self.isRow($0.id, of: list) }.count
            let half = max(shown / 2, 1)
            target = key == .control("d") ? row + half : row - half
        default:
            // Esc drops a count, as in vi; another key says it was dropped, then acts.
            if count != nil, key != .escape { notice = "a count goes before j, k, g or G; \(count!) was dropped" }
            return count != nil && key == .escape
        }
        moveFocus(to: .row(list: list, index: min(max(target, 0), total - 1)))
        return true
    }

    /// The largest count kept: more digits are not added.
    static let largestCount = 999_999
}
