@_spi(TrellisHost) import TrellisSDK

/// The keys and clicks of scroll views and of the headers of tables the user
/// may sort.
extension ScreenSession {
    /// Scrolls the focused scroll view by `key` (Up, Down, j, k, the page keys,
    /// Home, End); `false` when the key does not scroll or no scroll view has the
    /// focus. The offset is kept in range when the frame is drawn.
    func scrollFocusedView(by key: Key, controls: [Control]) -> Bool {
        guard case let .scroll(id)? = focus, let viewport = controls.first(where: { $0.id == focus }) else {
            return false
        }
        let page = max(viewport.height - 1, 1)
        let offset = scrollOffsets[id] ?? 0
        switch Self.navigationMeaning(of: key) {
        case .up: scrollOffsets[id] = max(offset - 1, 0)
        case .down: scrollOffsets[id] = offset + 1
        case .pageUp: scrollOffsets[id] = max(offset - page, 0)
        case .pageDown, .character(" "): scrollOffsets[id] = offset + page
        case .home: scrollOffsets[id] = 0
        case .end: scrollOffsets[id] = Canvas.maximumSide
        default: return false
        }
        return true
    }

    /// Scrolls the scroll view under (`column`, `row`) three lines a wheel notch;
    /// `false` when there is none.
    func scrollView(atColumn column: Int, row: Int, up: Bool, controls: [Control]) -> Bool {
        guard
            let viewport = controls.last(where: {
                if case .scroll = $0.id { $0.contains(column: column, row: row) } else { false }
            }), case let .scroll(id) = viewport.id
        else { return false }
        scrollOffsets[id] = max((scrollOffsets[id] ?? 0) + (up ? -3 : 3), 0)
        return true
    }

    /// What a key does on the focused header of a sortable table: Left and Right
    /// sort by the column before or after, Enter and Space reverse the order.
    /// `false` when the key does nothing there.
    func sortFocusedTable(by key: Key) -> Bool {
        guard case let .header(id)? = focus, let table = topChain.last?.content.table(id), table.allowsSorting
        else { return false }
        let columns = min(table.columns.count, LayoutNode.widestTable)
        let current = table.sorting.flatMap { (0..<columns).contains($0.column) ? $0 : nil }
        let sorting: TableSorting
        switch key {
        case .left, .right:
            let step = key == .left ? -1 : 1
            let column = min(max((current?.column ?? (step > 0 ? -1 : columns)) + step, 0), columns - 1)
            guard column != current?.column else { return true }
            sorting = TableSorting(column: column)
        case .enter, .character(" "):
            sorting = TableSorting(column: current?.column ?? 0, ascending: !(current?.ascending ?? false))
        default:
            return false
        }
        topChain.last?.send(.sort(id, by: sorting))
        return true
    }

    /// A click on the header `header` of a sortable table, `offset` columns into
    /// it: sorts by the column clicked, the other way when it is the sorted one.
    func sortTable(clicked header: Control, atOffset offset: Int) {
        guard case let .header(id) = header.id, let table = topChain.last?.content.table(id), table.allowsSorting,
            let column = Control.column(at: offset, starts: header.stops)
        else { return }
        let ascending = table.sorting.map { $0.column == column ? !$0.ascending : true } ?? true
        topChain.last?.send(.sort(id, by: TableSorting(column: column, ascending: ascending)))
    }
}

extension Control {
    /// The index of the column `offset` columns into a header whose columns
    /// start at `starts`.
    static func column(at offset: Int, starts: [Int]) -> Int? {
        guard offset >= 0 else { return nil }
        return starts.lastIndex { $0 <= offset }
    }
}
