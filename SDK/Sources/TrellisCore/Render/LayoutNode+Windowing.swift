import TrellisSDK

extension LayoutNode {
    /// The same view with its longest list cut to the rows that fit `height`,
    /// scrolled to keep the focused row in sight.
    ///
    /// - Parameters:
    ///   - height: The rows available.
    ///   - focus: The focused control.
    ///   - offsets: Receives the index of the first row shown of a cut list.
    ///   - widths: Receives the width of a cut list, the whole list's.
    func windowingLists(
        toHeight height: Int, focus: Control.ID?, offsets: inout [String: Int], widths: inout [String: Int]
    ) -> LayoutNode {
        guard let longest = longestList(), longest.count > 0 else { return self }
        // The longest list measured once, for the overflow and for drawing.
        let width = widths[longest.id] ?? Layout.listWidth(longest.rows)
        let overflow = Layout.size(of: self, listWidths: widths.merging([longest.id: width]) { $1 }).height - height
        guard overflow > 0 else { return self }
        widths[longest.id] = width
        let shown = min(max(longest.count - overflow, 1), longest.count)
        var focusedRow = 0
        if case let .row(list, index)? = focus, list == longest.id { focusedRow = index }
        // Centred on the focused row, so moving either way keeps context in sight.
        let offset = max(min(focusedRow - (shown - 1) / 2, longest.count - shown), 0)
        offsets[longest.id] = offset
        // How many rows the whole list has, for the scroll marks.
        widths[LayoutNode.totalKey(longest.id)] = longest.count
        return replacingRows(ofList: longest.id) { Array($0[offset..<offset + shown]) }
    }

    private func longestList() -> (id: String, count: Int, rows: [String])? {
        switch self {
        case let .list(id, rows):
            return (id, rows.count, rows)
        case let .stack(_, _, children), let .grid(_, children):
            return children.compactMap { $0.longestList() }.max { $0.count < $1.count }
        case let .styled(_, child):
            return child.longestList()
        default:
            return nil
        }
    }

    /// Where ``windowingLists(toHeight:focus:offsets:widths:)`` notes a cut list's
    /// full row count, beside the widths.
    static func totalKey(_ list: String) -> String { "\u{0}rows:" + list }

    /// The width of each list, as measured, but no wider than `cap`.
    func listWidths(cappedAt cap: Int) -> [String: Int] {
        var widths: [String: Int] = [:]
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .list(id, rows): widths[id] = min(Layout.listWidth(rows), max(cap, 0))
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            default: break
            }
        }
        return widths
    }

    /// How many rows each list has, by list.
    func listRowCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .list(id, rows): counts[id] = rows.count
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            default: break
            }
        }
        return counts
    }

    /// The same view with every list cut to its first `count` rows.
    func cuttingLists(toRows count: Int) -> LayoutNode {
        switch self {
        case let .list(id, rows) where rows.count > count:
            return .list(id: id, rows: Array(rows.prefix(count)))
        case let .stack(axis, spacing, children):
            return .stack(axis: axis, spacing: spacing, children: children.map { $0.cuttingLists(toRows: count) })
        case let .grid(columns, cells):
            return .grid(columns: columns, cells: cells.map { $0.cuttingLists(toRows: count) })
        case let .styled(style, child):
            return .styled(style, child.cuttingLists(toRows: count))
        case let .panes(axis, sizes, children):
            return .panes(axis: axis, sizes: sizes, children: children.map { $0.cuttingLists(toRows: count) })
        case let .scroll(id, content, height):
            return .scroll(id: id, content: content.cuttingLists(toRows: count), height: height)
        case let .table(table) where table.rows.count > count:
            var cut = table
            cut.rows = Array(table.rows.prefix(count))
            return .table(cut)
        default:
            return self
        }
    }

    private func replacingRows(ofList list: String, _ cut: ([String]) -> [String]) -> LayoutNode {
        switch self {
        case let .list(id, rows) where id == list:
            return .list(id: id, rows: cut(rows))
        case let .stack(axis, spacing, children):
            return .stack(axis: axis, spacing: spacing, children: children.map { $0.replacingRows(ofList: list, cut) })
        case let .grid(columns, cells):
            return .grid(columns: columns, cells: cells.map { $0.replacingRows(ofList: list, cut) })
        case let .styled(style, child):
            return .styled(style, child.replacingRows(ofList: list, cut))
        default:
            return self
        }
    }
}
