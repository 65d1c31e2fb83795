/// Turns frames into the bytes that bring a terminal from the last frame to the
/// next: only the cells that changed, with as few cursor moves and style changes
/// as it can, in one string.
public struct FrameDiff {
    /// Whether styles may use colour (off when `NO_COLOR` is set).
    public var usesColor: Bool

    private var previous: Canvas?
    private var cursorVisible = false

    /// Creates a diff that starts from an unknown screen.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Forgets the last frame, so the next one is drawn whole (after a resize).
    public mutating func invalidate() {
        previous = nil
    }

    /// The bytes that draw `frame` over the last frame drawn.
    public mutating func update(to frame: Frame) -> String {
        let canvas = frame.canvas
        var output = ""
        let old = previous.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        if old == nil { output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        var cursor: (x: Int, y: Int)? = old == nil ? (0, 0) : nil
        // Every update ends in the plain style, so the next one starts from it.
        var style = CellStyle.plain
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let cell = canvas[x, y]
                let isWide = x + 1 < canvas.width && canvas[x + 1, y].isContinuation
                let span = isWide ? 2 : 1
                let changed = old.map { old in (x..<x + span).contains { old[$0, y] != canvas[$0, y] } } ?? true
                if changed, !cell.isContinuation, !(old == nil && cell == .blank) {
                    if cursor.map({ $0 != (x, y) }) ?? true { output += "\u{1B}[\(y + 1);\(x + 1)H" }
                    if style != cell.style { output += sgr(cell.style); style = cell.style }
                    output.append(cell.character)
                    cursor = (x + span, y)
                }
                x += span
            }
        }
        if style != .plain { output += sgr(.plain) }
        output += cursorCommands(for: frame.cursor)
        previous = canvas
        return output
    }

    private mutating func cursorCommands(for position: (x: Int, y: Int)?) -> String {
        var output = ""
        if let position {
            output += "\u{1B}[\(position.y + 1);\(position.x + 1)H"
            if !cursorVisible { output += "\u{1B}[?25h" }
        } else if cursorVisible {
            output += "\u{1B}[?25l"
        }
        cursorVisible = position != nil
        return output
    }

    private func sgr(_ style: CellStyle) -> String {
        switch style {
        case .plain: "\u{1B}[0m"
        case .focused: "\u{1B}[0;7m"
        case .placeholder: usesColor ? "\u{1B}[0;90m" : "\u{1B}[0;2m"
        case .chrome: usesColor ? "\u{1B}[0;36m" : "\u{1B}[0m"
        case .status: usesColor ? "\u{1B}[0;30;46m" : "\u{1B}[0;7m"
        }
    }
}
