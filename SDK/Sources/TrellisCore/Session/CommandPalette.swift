/// Every action of the screen in one list, fuzzy-filtered as the user types, as
/// the command palettes of VS Code, k9s and lazygit's key menu give: `:` (or
/// Ctrl-P in a text field) opens it, Up and Down choose, Enter runs, Esc closes.
struct CommandPalette {
    /// What an entry does when it is run.
    enum Action: Equatable {
        /// Presses a button or selects a row, as Enter on it does.
        case activate(Control)
        case filterList, clearFilter, back, help, messages, reload, quit
        /// Focuses a row of a list, by its index among the rows shown.
        case goToRow(list: String, index: Int)
    }

    /// One action, with the key that does the same outside the palette.
    struct Entry: Equatable {
        var title: String
        var key: String
        var action: Action
    }

    /// Every action the screen offers now.
    let entries: [Entry]
    /// What was typed.
    private(set) var query = ""
    /// The entries that match ``query``, best first.
    private(set) var matches: [Entry]
    /// The chosen entry among ``matches``.
    private(set) var selection = 0
    /// Where the last frame drew the entries: the column and row of the first,
    /// the width, and which of the matches were in sight.
    var drawn: (x: Int, firstRow: Int, width: Int, start: Int, count: Int)?
    /// The box the last frame drew the palette in.
    var box: (x: Int, y: Int, width: Int, height: Int)?

    /// The list a number typed goes to a row of (`:12` → row 12), and its row count.
    let rowList: (list: String, count: Int)?

    init(entries: [Entry], rowList: (list: String, count: Int)? = nil) {
        self.entries = entries
        self.rowList = rowList
        matches = entries
    }

    /// Sets what was typed; the choice goes back to the best match.
    mutating func setQuery(_ query: String) {
        self.query = query
        matches = entries.enumerated()
            .compactMap { index, entry in Self.score(of: query, in: entry.title).map { (entry, $0, index) } }
            .sorted { ($0.1, $1.2) > ($1.1, $0.2) }
            .map(\.0)
        if let rowList, rowList.count > 0, let number = Int(query.trimmingCharacters(in: .whitespaces)), number > 0 {
            let row = min(number, rowList.count)
            matches.insert(
                Entry(
                    title: "Go to row \(row) of \(rowList.count)", key: "\(row)G",
                    action: .goToRow(list: rowList.list, index: row - 1)), at: 0)
        }
        selection = 0
    }

    /// Moves the choice by `step` entries, stopping at either end.
    mutating func move(by step: Int) {
        guard !matches.isEmpty else { return }
        selection = min(max(selection + step, 0), matches.count - 1)
    }

    /// The chosen entry, if any matches.
    var chosen: Entry? {
        matches.indices.contains(selection) ? matches[selection] : nil
    }

    /// Chooses the entry at `index` among the matches.
    mutating func choose(_ index: Int) {
        if matches.indices.contains(index) { selection = index }
    }

    /// How well `query` matches `title`, ignoring case: best as a part of it
    /// (`air` finds `Airports` before `Clean Swift: Repositories`), at a word's
    /// start better still; else its characters in order (`bk` finds `Go back`),
    /// scored as fzf scores them, on the best of all the places they could be
    /// found: higher at words' starts and for characters that follow each other
    /// (`nts` finds the `N` of `Notes`, not the `n` of `Open`); `nil` if they are
    /// not all there.
    static func score(of query: String, in title: String) -> Int? {
        let query = Array(query.lowercased().filter { $0 != " " })
        let title = Array(title.lowercased())
        if !query.isEmpty, let start = Self.firstIndex(of: query, in: title) {
            return 1000 + (start == 0 || !title[start - 1].isLetter ? 500 : 0) - min(start, 499)
        }
        guard !query.isEmpty else { return 0 }
        // best[j]: the best score of the query so far with its last character
        // matched at title[j]; one row of a dynamic programme a query character.
        var best = [Int?](repeating: nil, count: title.count)
        for (index, character) in query.enumerated() {
            var next = [Int?](repeating: nil, count: title.count)
            // The best of `best` before the position (after a gap).
            var earlier: Int?
            for position in title.indices {
                if position > 0, let value = best[position - 1] { earlier = max(earlier ?? value, value) }
                guard title[position] == character else { continue }
                let isWordStart = position == 0 || !(title[position - 1].isLetter || title[position - 1].isNumber)
                let own = 1 + (isWordStart ? 3 : 0)
                let afterGap = index == 0 ? 0 : earlier
                // Right after the previous character: worth more than after a gap.
                let following = index > 0 && position > 0 ? best[position - 1].map { $0 + 2 } : nil
                if let base = [afterGap, following].compactMap({ $0 }).max() { next[position] = base + own }
            }
            best = next
        }
        return best.compactMap { $0 }.max()
    }

    /// Where `part` starts in `whole`, if it is there.
    private static func firstIndex(of part: [Character], in whole: [Character]) -> Int? {
        guard part.count <= whole.count else { return nil }
        return (0...(whole.count - part.count)).first { whole[$0..<$0 + part.count].elementsEqual(part) }
    }
}
