import TrellisSDK

extension LayoutNode {
    /// The most columns a table draws: more are left out, and said so.
    static let widestTable = 100

    /// A table as the layout draws it in `width` columns: its header in bold
    /// (a control, when the user may sort it) over a list whose rows are the
    /// cells, each padded or cut to its column's width and aligned, two columns
    /// apart. The list gives rows their selection, filter and windowing.
    static func table(_ table: Table, width: Int?) -> LayoutNode {
        guard let lines = tableLines(table, width: width) else {
            return .styled(.placeholder, .text("[table \(table.id): no columns]"))
        }
        let header: LayoutNode =
            table.allowsSorting
            ? .tableHeader(id: table.id, text: lines.header, columnStarts: lines.columnStarts)
            : .styled(.title, .text(lines.header))
        return .stack(axis: .vertical, spacing: 0, children: [header, .list(id: table.id, rows: lines.rows)])
    }

    /// A table's lines in `width` columns (`nil`: fractions of no width, one
    /// column each), with where each column starts; `nil` for a table without
    /// columns.
    ///
    /// The last few tables' lines are kept: a table of 28,000 rows is made into
    /// lines once, not at every frame, while the screen shows the same rows (the
    /// same array, found equal without comparing its rows).
    static func tableLines(_ table: Table, width: Int?) -> TableLines? {
        guard !table.columns.isEmpty else { return nil }
        return tableLinesMade.value(for: TableAtWidth(table: table, width: width)) {
            makeTableLines(table, width: width)
        }
    }

    private static func makeTableLines(_ table: Table, width: Int?) -> TableLines {
        let columns = Array(table.columns.prefix(widestTable))
        let gaps = 2 * (columns.count - 1)
        let titles = table.drawnTitles
        let widths = zip(columns, table.columnWidths(titled: titles)).map { column, drawn in
            guard let drawn else {
                // A fraction: a share of the width given, less the gaps.
                guard case let .fraction(share) = column.width, share.isFinite else { return 1 }
                let available = Double(max((width ?? 0) - gaps, 0))
                return min(max(Int((min(max(share, 0), 1) * available).rounded(.down)), 1), Layout.widestField)
            }
            return drawn
        }
        func line(_ cells: [String]) -> String {
            columns.indices.map { index in
                cell(index < cells.count ? cells[index] : "", width: widths[index], alignment: columns[index].alignment)
            }.joined(separator: "  ")
        }
        var header = line(titles)
        if table.columns.count > columns.count { header += "  … \(table.columns.count - columns.count) more columns" }
        var starts: [Int] = []
        var start = 0
        for width in widths {
            starts.append(start)
            start += width + 2
        }
        return TableLines(header: header, rows: table.rows.map(line), columnStarts: starts, width: max(start - 2, 0))
    }

    /// `text` in a cell `width` columns wide: cut with `…`, or padded to its
    /// alignment.
    private static func cell(_ text: String, width: Int, alignment: TableColumn.Alignment) -> String {
        // A cell is one line: a line break would draw over the row below.
        let text = text.contains(where: \.isNewline) ? String(text.map { $0.isNewline ? " " : $0 }) : text
        let columns = TextWidth.of(text)
        guard columns < width else { return columns == width ? text : TextWidth.truncated(text, to: width) }
        let space = width - columns
        switch alignment {
        case .leading: return text + String(repeating: " ", count: space)
        case .trailing: return String(repeating: " ", count: space) + text
        case .center:
            return String(repeating: " ", count: space / 2) + text + String(repeating: " ", count: space - space / 2)
        @unknown default: return text + String(repeating: " ", count: space)
        }
    }

    /// The size of a table not yet made into lines: its header over its rows,
    /// its shares of no width.
    static func naturalSize(of table: Table) -> Size {
        guard let lines = tableLines(table, width: nil) else {
            return Size(width: TextWidth.of("[table \(table.id): no columns]"), height: 1)
        }
        return Size(width: max(lines.width, TextWidth.of(lines.header)), height: 1 + lines.rows.count)
    }
}

extension Table {
    /// The column titles as drawn: the sorted one marked `▲` or `▼`; the first
    /// ``LayoutNode/widestTable`` columns.
    var drawnTitles: [String] {
        let columns = self.columns.prefix(LayoutNode.widestTable)
        let sorted = sorting.flatMap { columns.indices.contains($0.column) ? $0 : nil }
        return columns.indices.map { index in
            guard let sorted, sorted.column == index else { return columns[index].title }
            return columns[index].title + (sorted.ascending ? " ▲" : " ▼")
        }
    }

    /// The cells each column takes as the terminal draws the table (two more
    /// between columns), which the browser draws it with too: a fixed column's
    /// cells; a flexible column's title (with room for a sort mark) or its widest
    /// cell of the first rows, whichever is wider; `nil` for a fraction, a share of
    /// the width the table is given.
    ///
    /// The last few tables' widths are kept, as their lines are: the scene of a
    /// screen is taken at every key, and its table measured once while it shows
    /// the same rows (the same array, found equal without comparing its rows).
    public var drawnColumnWidths: [Int?] {
        tableWidthsMade.value(for: self) { columnWidths(titled: drawnTitles) }
    }

    /// ``drawnColumnWidths`` for the titles as drawn, made once by the caller.
    func columnWidths(titled titles: [String]) -> [Int?] {
        let sortedColumn = sorting.flatMap { titles.indices.contains($0.column) ? $0.column : nil }
        return titles.indices.map { index in
            let measured: Int
            switch columns[index].width {
            case let .fixed(cells): measured = cells
            case .fraction: return nil
            default:
                measured = max(
                    TextWidth.of(titles[index]) + (allowsSorting && sortedColumn != index ? 2 : 0),
                    rows.prefix(Layout.measuredRows).map { index < $0.count ? TextWidth.of($0[index]) : 0 }.max() ?? 0)
            }
            return min(max(measured, 1), Layout.widestField)
        }
    }
}

/// A table made into lines of text.
struct TableLines: Sendable {
    /// The column titles, the sorted one marked.
    var header: String
    /// A line a row.
    var rows: [String]
    /// The column each table column starts at.
    var columnStarts: [Int]
    /// The columns a row takes.
    var width: Int
}

/// A table drawn in a width (``LayoutNode/tableLines(_:width:)``).
private struct TableAtWidth: Equatable, Sendable {
    let table: Table
    let width: Int?
}

/// The lines of the tables drawn last.
private let tableLinesMade = RecentlyMade<TableAtWidth, TableLines>(keeping: 4)

/// The column widths of the tables measured last.
private let tableWidthsMade = RecentlyMade<Table, [Int?]>(keeping: 4)
