import Foundation

/// An incremental filter over one list of the screen on top, as `/` gives in
/// less, lazygit and fzf: the rows that match what was typed, read as fzf's
/// query (``FilterPattern``: fuzzy words, `'exact`, `^prefix`, `suffix$`,
/// `!not`, `a | b`; case and diacritics ignored), best first, the matches
/// highlighted, with a count; Esc clears it.
///
/// The list's own rows are not changed: the layout draws the matching rows, and
/// the session keeps the focus among them and tells the screen the index of the
/// row in its whole list when one is selected.
struct ListFilter {
    /// The screen whose list is filtered: the filter ends when another is on top.
    let screen: ObjectIdentifier
    /// The list's id.
    let list: String
    /// What was typed.
    private(set) var query = ""
    /// Whether keys type into the query (from `/` until Enter or Esc).
    var isTyping = true
    /// The focus when the filter started, which Esc while typing goes back to.
    var focusBefore: Control.ID?

    /// The indices of the matching rows in the whole list, best first (the
    /// shorter, then the list's order, among equals), for ``query`` over the
    /// rows last given to ``update(rows:)``.
    private(set) var matches: [Int] = []
    /// How many rows the whole list has.
    private(set) var total = 0
    /// The whole list, as last matched.
    private(set) var matchedRows: [String] = []
    /// Its rows folded (lowercased, without diacritics) once, for every keystroke's search.
    private var foldedRows: [String] = []
    private var matchedQuery: String?

    init(screen: ObjectIdentifier, list: String) {
        self.screen = screen
        self.list = list
    }

    /// Sets what was typed; the matches follow at the next ``update(rows:)``.
    mutating func setQuery(_ query: String) {
        self.query = query
    }

    /// Matches ``query`` against `rows`, the list as the screen shows it now.
    ///
    /// Each keystroke costs one pass over the list at most: the same rows (an
    /// array's storage is compared first) and a longer query search only the rows
    /// that matched the shorter one.
    mutating func update(rows: [String]) {
        total = rows.count
        let sameRows = rows == matchedRows
        if sameRows, matchedQuery == query { return }
        if !sameRows { foldedRows = rows.map(Self.folded) }
        let pattern = FilterPattern(query)
        if pattern.groups.isEmpty {
            matches = Array(rows.indices)
        } else {
            let candidates =
                if sameRows, let previous = matchedQuery, FilterPattern.narrows(from: previous, to: query) {
                    matches.sorted()
                } else {
                    Array(foldedRows.indices)
                }
            var scored: [(index: Int, score: Int, length: Int)] = []
            for index in candidates {
                var row = foldedRows[index]
                if let score = row.withUTF8({ pattern.score($0) }) { scored.append((index, score, row.utf8.count)) }
            }
            // Best first, then the shorter row, as fzf breaks ties; then the
            // list's order (the sort is not stable).
            scored.sort {
                $0.score != $1.score
                    ? $0.score > $1.score : $0.length != $1.length ? $0.length < $1.length : $0.index < $1.index
            }
            matches = scored.map(\.index)
        }
        matchedRows = rows
        matchedQuery = query
    }

    /// `text` lowercased and without diacritics, stored as native UTF-8 (what
    /// Foundation returns may be UTF-16, which each comparison would convert again).
    static func folded(_ text: String) -> String {
        var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        folded.makeContiguousUTF8()
        return folded
    }

    /// The row's index in the whole list for its place among the matches.
    func rowIndex(ofMatch index: Int) -> Int? {
        matches.indices.contains(index) ? matches[index] : nil
    }

    /// The count shown beside the filter: `3 of 28,298`.
    var count: String {
        "\(ScreenSession.grouped(matches.count)) of \(ScreenSession.grouped(total))"
    }
}

extension LayoutNode {
    /// This tree with the list `list` cut to the rows at `indices`.
    func keepingRows(_ indices: [Int], ofList list: String) -> LayoutNode {
        switch self {
        case let .list(id, rows) where id == list:
            return .list(id: id, rows: indices.compactMap { rows.indices.contains($0) ? rows[$0] : nil })
        case let .stack(axis, spacing, children):
            return .stack(
                axis: axis, spacing: spacing, children: children.map { $0.keepingRows(indices, ofList: list) })
        case let .grid(columns, cells):
            return .grid(columns: columns, cells: cells.map { $0.keepingRows(indices, ofList: list) })
        case let .styled(style, child):
            return .styled(style, child.keepingRows(indices, ofList: list))
        case var .table(table) where table.id == list:
            table.rows = indices.compactMap { table.rows.indices.contains($0) ? table.rows[$0] : nil }
            return .table(table)
        case let .panes(axis, sizes, children):
            return .panes(axis: axis, sizes: sizes, children: children.map { $0.keepingRows(indices, ofList: list) })
        case let .scroll(id, content, height):
            return .scroll(id: id, content: content.keepingRows(indices, ofList: list), height: height)
        default:
            return self
        }
    }
}
