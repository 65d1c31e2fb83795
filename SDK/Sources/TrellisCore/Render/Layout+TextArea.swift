/// The lines a text area shows its text in: its own lines, each wrapped at the
/// area's width, by character offsets into the text.
struct WrappedText {
    /// Each line shown: the offset of its first character and of the one after
    /// its last (a line break is in no line).
    private(set) var lines: [Range<Int>] = []
    let characters: [Character]

    init(_ text: String, width: Int) {
        characters = Array(text)
        var start = 0
        var columns = 0
        for (index, character) in characters.enumerated() {
            if character == "\n" {
                lines.append(start..<index)
                start = index + 1
                columns = 0
                continue
            }
            let wide = TextWidth.of(character)
            if columns + wide > width, index > start {
                lines.append(start..<index)
                start = index
                columns = 0
            }
            columns += wide
        }
        lines.append(start..<characters.count)
    }

    /// The line and column of the cursor before the character at `offset`; at the
    /// end of a wrapped line, the start of the next.
    func position(of offset: Int) -> (row: Int, column: Int) {
        var row = 0
        for (index, line) in lines.enumerated() where line.lowerBound <= offset { row = index }
        let line = lines[row]
        let end = min(max(offset, line.lowerBound), line.upperBound)
        return (row, TextWidth.of(String(characters[line.lowerBound..<end])))
    }

    /// The offset of the cursor nearest `column` on line `row` (kept to the lines).
    func offset(row: Int, column: Int) -> Int {
        let line = lines[min(max(row, 0), lines.count - 1)]
        var columns = 0
        var offset = line.lowerBound
        while offset < line.upperBound {
            let wide = TextWidth.of(characters[offset])
            // Past the middle of a character, the cursor goes after it.
            guard columns + (wide + 1) / 2 <= column else { break }
            columns += wide
            offset += 1
        }
        return offset
    }

    /// The first line shown in `height` lines, keeping line `row` in sight.
    static func firstShown(row: Int, height: Int) -> Int {
        max(row - height + 1, 0)
    }
}

extension Layout {
    /// The most text, in bytes, a text area shows and edits: it is wrapped whole at
    /// each frame.
    static let largestAreaText = 1 << 20

    /// A text area in its frame: its lines, wrapped, from the one that keeps the
    /// cursor in sight, and the cursor's line and column in the bottom edge.
    mutating func drawTextArea(
        id: String, text: String, placeholder: String, width: Int, height: Int, into canvas: inout Canvas,
        x: Int, y: Int
    ) {
        let isFocused = focus == .field(id)
        let style = isFocused ? CellStyle.focused : .chrome
        let wrapped = WrappedText(text, width: width)
        let cursorAt = isFocused ? min(fieldCursor ?? 0, wrapped.characters.count) : 0
        let position = wrapped.position(of: cursorAt)
        let first = WrappedText.firstShown(row: position.row, height: height)
        let place = " \(position.row + 1):\(position.column + 1) "
        let rule = String(repeating: "─", count: width)
        canvas.write("┌" + rule + "┐", x: x, y: y, style: style)
        let bottom =
            TextWidth.of(place) + 2 <= width ? String(rule.dropLast(TextWidth.of(place) + 1)) + place + "─" : rule
        canvas.write("└" + bottom + "┘", x: x, y: y + height + 1, style: style)
        for row in 0..<height {
            canvas.write("│", x: x, y: y + 1 + row, style: style)
            canvas.write("│", x: x + width + 1, y: y + 1 + row, style: style)
            let index = first + row
            guard index < wrapped.lines.count else { continue }
            let line = String(wrapped.characters[wrapped.lines[index]])
            canvas.write(line, x: x + 1, y: y + 1 + row, style: textStyle, limit: width)
        }
        if text.isEmpty {
            canvas.write(placeholder, x: x + 1, y: y + 1, style: .placeholder, limit: width)
        }
        if isFocused { cursor = (x + 1 + min(position.column, width - 1), y + 1 + position.row - first) }
        record(
            .field(id), label: placeholder.isEmpty ? id : placeholder, x: x, y: y, width: width + 2, height: height + 2)
    }
}
