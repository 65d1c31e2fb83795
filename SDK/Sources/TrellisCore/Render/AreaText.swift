/// A text area's text as it is shown: its own lines, each wrapped at the area's
/// width into rows, found around a place in the text only.
///
/// Nothing here walks the whole text by characters: a line's ends are found by
/// bytes (a line break is one byte in UTF-8), and only the lines shown, or
/// the one the cursor moves in, are wrapped. So a keystroke in a megabyte of text
/// costs what it costs in a page of it (`trellis-bench`, `area_keystroke_us`).
struct AreaText {
    let text: String
    /// The columns a row holds.
    let width: Int

    init(_ text: String, width: Int) {
        self.text = text
        self.width = max(width, 1)
    }

    /// The start of the line holding `index`: just after the line break before it.
    func lineStart(of index: String.Index) -> String.Index {
        let bytes = text.utf8
        var position = index
        while position > bytes.startIndex {
            let before = bytes.index(before: position)
            if bytes[before] == 10 { return position }
            position = before
        }
        return bytes.startIndex
    }

    /// The end of the line holding `index`: its line break, or the text's end.
    func lineEnd(of index: String.Index) -> String.Index {
        let bytes = text.utf8
        var position = index
        while position < bytes.endIndex, bytes[position] != 10 { position = bytes.index(after: position) }
        return position
    }

    /// The rows of the line from `start` to `end`, wrapped at the width: a
    /// character that does not fit the row starts the next one.
    func rows(from start: String.Index, to end: String.Index) -> [Range<String.Index>] {
        var rows: [Range<String.Index>] = []
        var rowStart = start
        var columns = 0
        var position = start
        while position < end {
            let next = text.index(after: position)
            let wide = TextWidth.of(text[position])
            if columns + wide > width, position > rowStart {
                rows.append(rowStart..<position)
                rowStart = position
                columns = 0
            }
            columns += wide
            position = min(next, end)
        }
        rows.append(rowStart..<end)
        return rows
    }

    /// The rows of the line holding `index`.
    func rows(ofLineAt index: String.Index) -> [Range<String.Index>] {
        rows(from: lineStart(of: index), to: lineEnd(of: index))
    }

    /// Which row of `rows` holds the cursor at `index`: at the end of a row that
    /// wrapped, the start of the next.
    static func row(of index: String.Index, in rows: [Range<String.Index>]) -> Int {
        rows.lastIndex { $0.lowerBound <= index } ?? 0
    }

    /// The columns of the row's text before `index`.
    func column(of index: String.Index, in row: Range<String.Index>) -> Int {
        TextWidth.of(text[row.lowerBound..<min(max(index, row.lowerBound), row.upperBound)])
    }

    /// The place nearest `column` columns into `row`: past the middle of a
    /// character, after it.
    func index(atColumn column: Int, in row: Range<String.Index>) -> String.Index {
        var columns = 0
        var position = row.lowerBound
        while position < row.upperBound {
            let wide = TextWidth.of(text[position])
            guard columns + (wide + 1) / 2 <= column else { break }
            columns += wide
            position = text.index(after: position)
        }
        return position
    }

    /// The row before the one holding `index` (the last row of the line before,
    /// at the first row of a line), or `nil` at the text's first row.
    func row(before index: String.Index) -> Range<String.Index>? {
        let rows = rows(ofLineAt: index)
        let row = Self.row(of: index, in: rows)
        if row > 0 { return rows[row - 1] }
        let start = lineStart(of: index)
        guard start > text.startIndex else { return nil }
        return self.rows(ofLineAt: text.utf8.index(before: start)).last
    }

    /// The row after the one holding `index`, or `nil` at the text's last row.
    func row(after index: String.Index) -> Range<String.Index>? {
        let rows = rows(ofLineAt: index)
        let row = Self.row(of: index, in: rows)
        if row + 1 < rows.count { return rows[row + 1] }
        let end = lineEnd(of: index)
        guard end < text.endIndex else { return nil }
        return self.rows(ofLineAt: text.utf8.index(after: end)).first
    }

    /// The `height` rows shown with the cursor at `index` in sight: the rows
    /// ending at the cursor's row when there are enough above it, else the
    /// text's first rows. Returns them and which of them holds the cursor.
    func shownRows(around index: String.Index, height: Int) -> (rows: [Range<String.Index>], cursorRow: Int) {
        let height = max(height, 1)
        let own = rows(ofLineAt: index)
        let cursorRow = Self.row(of: index, in: own)
        var above = Array(own[..<cursorRow])
        var start = lineStart(of: index)
        // Whole lines before, from the nearest, until the rows above fill the view.
        while above.count < height - 1, start > text.startIndex {
            let previousEnd = text.utf8.index(before: start)
            let previousStart = lineStart(of: previousEnd)
            above = rows(from: previousStart, to: previousEnd) + above
            start = previousStart
        }
        var shown = Array(above.suffix(height - 1)) + [own[cursorRow]]
        let cursorInShown = shown.count - 1
        var after = Array(own[(cursorRow + 1)...])
        var end = lineEnd(of: index)
        while shown.count + after.count < height, end < text.endIndex {
            let nextStart = text.utf8.index(after: end)
            let nextEnd = lineEnd(of: nextStart)
            after += rows(from: nextStart, to: nextEnd)
            end = nextEnd
        }
        shown += after.prefix(height - shown.count)
        return (shown, cursorInShown)
    }

    /// The number of the line holding `index`, from 1: the line breaks before it
    /// counted, a byte at a time.
    func lineNumber(of index: String.Index) -> Int {
        1 + Self.lineBreaks(in: text[..<index])
    }

    /// The line breaks in `text`.
    static func lineBreaks(in text: Substring) -> Int {
        let counted = text.utf8.withContiguousStorageIfAvailable { bytes in
            var breaks = 0
            for byte in bytes where byte == 10 { breaks += 1 }
            return breaks
        }
        return counted ?? text.utf8.lazy.filter { $0 == 10 }.count
    }
}
