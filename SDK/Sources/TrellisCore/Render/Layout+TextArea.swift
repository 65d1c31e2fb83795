/// Where the cursor of the focused text area is: a place in the text it was
/// found in, so a keystroke in a long text need not count its characters.
struct AreaCursor: Sendable {
    /// The area's identifier.
    var field: String
    /// The text `index` is a place in.
    var text: String
    /// The cursor: before the character at it.
    var index: String.Index
    /// The number of the line it is on, from 1: kept as the cursor moves, so no
    /// frame counts the lines before it.
    var line: Int
    /// Where a selection made with Shift and the arrows started: the text
    /// between it and ``index`` is selected.
    var anchor: String.Index?

    /// The selected text's range, if any is selected.
    var selection: Range<String.Index>? {
        guard let anchor, anchor != index, anchor <= text.endIndex else { return nil }
        return min(anchor, index)..<max(anchor, index)
    }

    /// The cursor at `index` of `text` in the area `field`, its line counted.
    init(field: String, text: String, index: String.Index) {
        self.init(field: field, text: text, index: index, line: AreaText(text, width: 1).lineNumber(of: index))
    }

    /// The cursor at `index` of `text` on line `line`.
    init(field: String, text: String, index: String.Index, line: Int) {
        self.field = field
        self.text = text
        self.index = index
        self.line = line
    }
}

extension Layout {
    /// Draws the focused one-line field's selection over its text: plain in a
    /// field drawn in the focus colours, as a text area's is the focus colours
    /// in plain text. `shown` is what the field shows from `x`.
    func drawSelection(of text: String, shown: Substring, x: Int, y: Int, width: Int, into canvas: inout Canvas) {
        guard let selected = fieldSelection.flatMap({ Self.selected($0, of: text, shown: shown) }) else { return }
        let start = TextWidth.of(text[shown.startIndex..<selected.lowerBound])
        canvas.write(text[selected], x: x + start, y: y, style: .plain, limit: width - start)
    }

    /// The part of the characters selected in a one-line field (`selection`, of
    /// its `text`) that `shown`, the part the field shows, holds, if any.
    static func selected(_ selection: Range<Int>, of text: String, shown: Substring) -> Range<String.Index>? {
        let count = text.count
        guard selection.lowerBound >= 0, selection.upperBound <= count, !selection.isEmpty else { return nil }
        let from = max(text.index(text.startIndex, offsetBy: selection.lowerBound), shown.startIndex)
        let to = min(text.index(text.startIndex, offsetBy: selection.upperBound), shown.endIndex)
        return from < to ? from..<to : nil
    }

    /// The most text, in bytes, a text area shows and edits. Its frames cost
    /// what a page's do (``AreaText``), but each edit hands the screen the whole
    /// text, and the screen gives it back.
    static let largestAreaText = 1 << 20

    /// A text area in its frame: its lines, wrapped, from the one that keeps the
    /// cursor in sight, and, when it has the focus, the cursor's line and column in
    /// the bottom edge.
    mutating func drawTextArea(
        id: String, text: String, placeholder: String, width: Int, height: Int, into canvas: inout Canvas,
        x: Int, y: Int
    ) {
        let isFocused = focus == .field(id)
        let style = isFocused ? CellStyle.focused : .chrome
        let area = AreaText(text, width: width)
        let (index, line) = isFocused ? cursorPlace(inArea: id, text: text) : (text.startIndex, 1)
        let (rows, cursorRow) = area.shownRows(around: index, height: height)
        let column = area.column(of: index, in: rows[cursorRow])
        let lineStart = area.lineStart(of: index)
        let place = " \(line):\(text.distance(from: lineStart, to: index) + 1) "
        let rule = String(repeating: "─", count: width)
        canvas.write("┌" + rule + "┐", x: x, y: y, style: style)
        // Only the focused area has a cursor to place: an unfocused one said `1:1`.
        let bottom =
            isFocused && TextWidth.of(place) + 2 <= width
            ? String(rule.dropLast(TextWidth.of(place) + 1)) + place + "─" : rule
        canvas.write("└" + bottom + "┘", x: x, y: y + height + 1, style: style)
        for row in 0..<height {
            canvas.write("│", x: x, y: y + 1 + row, style: style)
            canvas.write("│", x: x + width + 1, y: y + 1 + row, style: style)
            guard row < rows.count else { continue }
            canvas.write(text[rows[row]], x: x + 1, y: y + 1 + row, style: textStyle, limit: width)
            // The selection, in the focused style's colours, where it crosses the row.
            if isFocused,
                let selected = areaCursor?.field == id && areaCursor?.text == text ? areaCursor?.selection : nil,
                selected.overlaps(rows[row])
            {
                let from = max(selected.lowerBound, rows[row].lowerBound)
                let to = min(selected.upperBound, rows[row].upperBound)
                let start = TextWidth.of(text[rows[row].lowerBound..<from])
                if start < width {
                    canvas.write(
                        text[from..<to], x: x + 1 + start, y: y + 1 + row, style: .focused, limit: width - start)
                }
            }
        }
        if text.isEmpty {
            canvas.write(placeholder, x: x + 1, y: y + 1, style: .placeholder, limit: width)
        }
        if isFocused {
            cursor = (x + 1 + min(column, width - 1), y + 1 + cursorRow)
            shownAreaRows = rows
        }
        record(
            .field(id), label: placeholder.isEmpty ? id : placeholder, x: x, y: y, width: width + 2, height: height + 2)
    }

    /// The cursor of the focused area `id` showing `text`, and its line: where
    /// the session last put it when it was in this text, else counted from the start.
    func cursorPlace(inArea id: String, text: String) -> (index: String.Index, line: Int) {
        if let known = areaCursor, known.field == id, known.text == text, known.index <= text.endIndex {
            return (known.index, known.line)
        }
        let index =
            text.index(text.startIndex, offsetBy: max(fieldCursor ?? 0, 0), limitedBy: text.endIndex) ?? text.endIndex
        return (index, AreaText(text, width: 1).lineNumber(of: index))
    }
}
