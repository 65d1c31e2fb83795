@_spi(TrellisHost) import TrellisSDK

/// Editing in a text area, by places in its text rather than by counting its
/// characters, so that a keystroke costs the same in a page and in a megabyte.
extension ScreenSession {
    /// The focused area `field`'s text and its cursor: the place the session
    /// keeps while the text is the one it was found in, else found again from the
    /// character count (after the screen changed the text itself).
    func areaPlace(_ field: String) -> (text: String, index: String.Index)? {
        guard let text = fieldText else { return nil }
        if let known = areaCursor, known.field == field, known.text == text, known.index <= text.endIndex {
            return (text, known.index)
        }
        let index = text.index(text.startIndex, offsetBy: max(cursor, 0), limitedBy: text.endIndex) ?? text.endIndex
        cursor = min(max(cursor, 0), text.count)
        areaCursor = AreaCursor(field: field, text: text, index: index)
        return (text, index)
    }

    /// Applies a key to the text area `field`, `width` columns wide and `height`
    /// rows high: typing and deleting at the cursor (or over the selection),
    /// Enter a new line, Left and Right by character, Up and Down by row,
    /// PageUp and PageDown by a page of rows, Home and End to the row's ends,
    /// Ctrl-Home and Ctrl-End to the text's, the Alt and Ctrl keys of a field by
    /// word and line; Shift with a move selects, and the keys of
    /// ``editSelection(_:with:)`` and ``undoInArea(_:redo:)`` act on it.
    /// `false` for a key that does not edit (Tab, Esc), which the screen then has.
    func editArea(_ field: String, with key: Key, width: Int, height: Int) -> Bool {
        guard let (text, index) = areaPlace(field) else { return false }
        if case let .shifted(move) = key {
            let anchor = areaCursor?.anchor ?? index
            guard editArea(field, with: move, width: width, height: height) else { return false }
            if areaCursor?.text == text { areaCursor?.anchor = anchor }
            return true
        }
        if editSelection(field, with: key) || undoInArea(field, with: key) { return true }
        let area = AreaText(text, width: width)
        let selected = areaCursor?.selection
        switch key {
        case let .character(character):
            replaceInArea(field, text, selected ?? index..<index, with: String(character))
        case .enter:
            replaceInArea(field, text, selected ?? index..<index, with: "\n")
        case .backspace:
            guard index > text.startIndex || selected != nil else { return true }
            replaceInArea(field, text, selected ?? text.index(before: index)..<index, with: "")
        case .delete:
            guard index < text.endIndex || selected != nil else { return true }
            replaceInArea(field, text, selected ?? index..<text.index(after: index), with: "")
        case .pageUp, .pageDown:
            var place = index
            let rows = area.rows(ofLineAt: index)
            let column = area.column(of: index, in: rows[AreaText.row(of: index, in: rows)])
            for _ in 0..<max(height - 1, 1) {
                guard let row = key == .pageUp ? area.row(before: place) : area.row(after: place) else { break }
                place = area.index(atColumn: column, in: row)
            }
            if place == index { place = key == .pageUp ? text.startIndex : text.endIndex }
            moveAreaCursor(field, text, from: index, to: place)
        case .textStart, .textEnd:
            moveAreaCursor(field, text, from: index, to: key == .textStart ? text.startIndex : text.endIndex)
        case .control("s"):
            // The screen's own save, as Enter submits a one-line field.
            topChain.last?.send(.submit(field: field))
        case .left:
            if index > text.startIndex { moveAreaCursor(field, text, from: index, to: text.index(before: index)) }
        case .right:
            if index < text.endIndex { moveAreaCursor(field, text, from: index, to: text.index(after: index)) }
        case .up, .down:
            let rows = area.rows(ofLineAt: index)
            let column = area.column(of: index, in: rows[AreaText.row(of: index, in: rows)])
            if let row = key == .up ? area.row(before: index) : area.row(after: index) {
                moveAreaCursor(field, text, from: index, to: area.index(atColumn: column, in: row))
            }
        case .home, .end, .control("a"), .control("e"):
            let rows = area.rows(ofLineAt: index)
            let row = rows[AreaText.row(of: index, in: rows)]
            let toStart = key == .home || key == .control("a")
            moveAreaCursor(field, text, from: index, to: toStart ? row.lowerBound : row.upperBound)
        case .control("u"):
            // The line before the cursor, as shells delete theirs.
            let start = area.lineStart(of: index)
            if start < index { replaceInArea(field, text, start..<index, with: "") }
        case .control("w"), .altBackspace:
            let start = Self.wordStart(before: index, in: text)
            if start < index { replaceInArea(field, text, start..<index, with: "") }
        case .wordLeft, .alt("b"):
            moveAreaCursor(field, text, from: index, to: Self.wordStart(before: index, in: text))
        case .wordRight, .alt("f"):
            moveAreaCursor(field, text, from: index, to: Self.wordEnd(after: index, in: text))
        case .alt("d"):
            let end = Self.wordEnd(after: index, in: text)
            if index < end { replaceInArea(field, text, index..<end, with: "") }
        case .alt:
            // Another Alt key: nothing, and never Esc's back.
            break
        default:
            return false
        }
        return true
    }

    /// Replaces `range` of the area's `text` with `insertion`, the cursor after
    /// it, and sends the edit, noted for undo.
    func replaceInArea(_ field: String, _ text: String, _ range: Range<String.Index>, with insertion: String) {
        let cursorBefore = cursor
        let index = areaCursor?.index ?? range.lowerBound
        // The characters before the range, from the cursor's count: counted over the span between them only.
        let before =
            range.lowerBound <= index
            ? cursor - text.distance(from: range.lowerBound, to: index)
            : cursor + text.distance(from: index, to: range.lowerBound)
        let start = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
        // The line the cursor ends on, from its line and the breaks between.
        let line =
            (areaCursor?.line ?? AreaText(text, width: 1).lineNumber(of: index))
            + (range.lowerBound <= index
                ? -AreaText.lineBreaks(in: text[range.lowerBound..<index])
                : AreaText.lineBreaks(in: text[index..<range.lowerBound]))
            + AreaText.lineBreaks(in: insertion[...])
        var edited = text
        edited.replaceSubrange(range, with: insertion)
        cursor = before + insertion.count
        let place = edited.utf8.index(edited.utf8.startIndex, offsetBy: start + insertion.utf8.count)
        areaCursor = AreaCursor(field: field, text: edited, index: place, line: line)
        var history = areaHistories[field].flatMap { $0.follows(text) ? $0 : nil } ?? AreaHistory(text: text)
        history.record(
            .init(
                start: start, removed: String(text[range]), inserted: insertion, cursorBefore: cursorBefore,
                cursorAfter: cursor), result: edited)
        areaHistories = [field: history]
        lastKeyEdited = true
        topChain.last?.send(.edit(field: field, text: edited))
    }

    /// Moves the area's cursor from `index` to `place` in `text`.
    func moveAreaCursor(_ field: String, _ text: String, from index: String.Index, to place: String.Index) {
        let line = areaCursor?.line ?? AreaText(text, width: 1).lineNumber(of: index)
        if place >= index {
            cursor += text.distance(from: index, to: place)
            areaCursor = AreaCursor(
                field: field, text: text, index: place, line: line + AreaText.lineBreaks(in: text[index..<place]))
        } else {
            cursor -= text.distance(from: place, to: index)
            areaCursor = AreaCursor(
                field: field, text: text, index: place, line: line - AreaText.lineBreaks(in: text[place..<index]))
        }
    }

    /// Puts the area's cursor where a click lands: `row` rows and `column`
    /// columns into its text, among the rows it shows (`rows`, or, for an area
    /// without the focus, its first rows).
    func placeAreaCursor(
        _ field: String, row: Int, column: Int, shown rows: [Range<String.Index>], width: Int, height: Int
    ) {
        guard let text = fieldText else { return }
        let area = AreaText(text, width: width)
        let wasPlaced = areaCursor?.field == field && areaCursor?.text == text
        let shown = wasPlaced && !rows.isEmpty ? rows : area.shownRows(around: text.startIndex, height: height).rows
        let target = area.index(atColumn: column, in: shown[min(max(row, 0), shown.count - 1)])
        if wasPlaced, let index = areaCursor?.index {
            moveAreaCursor(field, text, from: index, to: target)
        } else {
            cursor = text.distance(from: text.startIndex, to: target)
            areaCursor = AreaCursor(field: field, text: text, index: target)
        }
    }

    /// Where the word before `index` starts, skipping the spaces and line breaks
    /// before it.
    static func wordStart(before index: String.Index, in text: String) -> String.Index {
        var start = index
        while start > text.startIndex, text[text.index(before: start)].isWhitespace {
            start = text.index(before: start)
        }
        while start > text.startIndex, !text[text.index(before: start)].isWhitespace {
            start = text.index(before: start)
        }
        return start
    }

    /// Where the word after `index` ends, skipping the spaces and line breaks after it.
    static func wordEnd(after index: String.Index, in text: String) -> String.Index {
        var end = index
        while end < text.endIndex, text[end].isWhitespace { end = text.index(after: end) }
        while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
        return end
    }
}
