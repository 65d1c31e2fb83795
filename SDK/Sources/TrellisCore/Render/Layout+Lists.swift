/// How a list cut to the window shows that it goes on, and what a filter matched.
extension Layout {
    /// The thumb of a cut list's scroll bar, between its `▲` and `▼` rows: as
    /// long as the share of the rows shown, where they are in the list (a click
    /// on the bar jumps there: ``ScreenSession``).
    static func drawScrollThumb(
        offset: Int, shown: Int, total: Int, into canvas: inout Canvas, x: Int, y: Int, style: CellStyle = .chrome
    ) {
        guard let thumb = scrollThumb(offset: offset, shown: shown, total: total) else { return }
        for row in thumb { canvas.write("┃", x: x, y: y + 1 + row, style: style) }
    }

    /// The rows of a cut list's scroll thumb, counted from the row after its
    /// first (the bar runs between the `▲` and `▼` rows), when it has room for one.
    static func scrollThumb(offset: Int, shown: Int, total: Int) -> Range<Int>? {
        let track = shown - 2
        guard track > 0, total > shown else { return nil }
        let length = min(max(track * shown / total, 1), track)
        let start = (track - length) * min(max(offset, 0), total - shown) / (total - shown)
        return start..<start + length
    }

    /// Draws the part of `row` a list filter matched over the row drawn at (`x`,
    /// `y`), within the columns the row shows (a cut row keeps its `…`).
    func drawMatch(
        _ row: String, _ match: Range<String.Index>, focused: Bool, into canvas: inout Canvas,
        x: Int, y: Int, width: Int
    ) {
        let shown = TextWidth.of(row) <= width ? width : width - 1
        let start = TextWidth.of(row[..<match.lowerBound])
        guard start < shown else { return }
        canvas.write(row[match], x: x + start, y: y, style: focused ? .focusedMatch : .match, limit: shown - start)
    }
}
