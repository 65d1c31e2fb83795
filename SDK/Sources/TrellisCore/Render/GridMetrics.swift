/// Column widths and row heights of a grid.
struct GridMetrics {
    static let gap = 1

    let columns: Int
    var columnWidths: [Int]
    var rowHeights: [Int] = []

    init(columns: Int, cells: [LayoutNode], listWidths: [String: Int]) {
        // At least one column, and no more than there are cells to fill them.
        self.columns = min(max(columns, 1), max(cells.count, 1))
        columnWidths = Array(repeating: 0, count: self.columns)
        for (index, cell) in cells.enumerated() {
            let size = Layout.size(of: cell, listWidths: listWidths)
            let row = index / self.columns
            if row == rowHeights.count { rowHeights.append(0) }
            columnWidths[index % self.columns] = max(columnWidths[index % self.columns], size.width)
            rowHeights[row] = max(rowHeights[row], size.height)
        }
    }

    var width: Int {
        columnWidths.reduce(0, +) + GridMetrics.gap * (columns - 1)
    }
}
