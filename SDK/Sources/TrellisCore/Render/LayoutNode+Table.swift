import TrellisSDK

extension LayoutNode {
    /// The most columns a table draws: more are left out, and said so.
    static let widestTable = 100

    /// A table as the layout draws it: its header in bold over a list whose rows
    /// are the cells, each padded or cut to its column's width and aligned, two
    /// columns apart. The list gives rows their selection, filter and windowing.
    static func table(_ table: Table) -> LayoutNode {
        guard let (header, rows) = tableLines(table) else {
            return .styled(.placeholder, .text("[table \(table.id): no columns]"))
        }
        return .stack(
            axis: .vertical, spacing: 0, children: [.styled(.title, .text(header)), .list(id: table.id, rows: rows)])
    }

    /// A table's header and rows as lines of text; `nil` for a table without columns.
    static func tableLines(_ table: Table) -> (header: String, rows: [String])? {
        guard !table.columns.isEmpty else { return nil }
        let columns = Array(table.columns.prefix(widestTable))
        let widths = columns.enumerated().map { index, column in
            let measured =
                column.width
                ?? max(
                    TextWidth.of(column.title),
                    table.rows.prefix(Layout.measuredRows).map { index < $0.count ? TextWidth.of($0[index]) : 0 }.max()
                        ?? 0)
            return min(max(measured, 1), Layout.widestField)
        }
        func line(_ cells: [String]) -> String {
            columns.indices.map { index in
                cell(index < cells.count ? cells[index] : "", width: widths[index], alignment: columns[index].alignment)
            }.joined(separator: "  ")
        }
        var header = line(columns.map(\.title))
        if table.columns.count > columns.count { header += "  … \(table.columns.count - columns.count) more columns" }
        return (header, table.rows.map(line))
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
}
