import TrellisSDK

/// How a cell is drawn beyond its character.
public enum CellStyle: Hashable, Sendable {
    case plain
    /// A control that has the focus.
    case focused
    /// A text field's placeholder, and the same in the focused field: dim and
    /// italic, so it never looks like typed text (with `NO_COLOR` too).
    case placeholder, focusedPlaceholder
    /// What a list filter matched in a row, and the same in the focused row.
    case match, focusedMatch
    /// A modal's frame.
    case chrome
    /// The status line.
    case status
    /// Text a plugin gave a meaning (``TrellisSDK/TextStyle``): a title, the first
    /// or the second of two sides, something won or kept, an action that cannot
    /// be undone.
    case title, first, second, highlight, destructive

    /// The style of text a plugin gave `meaning`.
    ///
    /// A case of its own for each meaning, not the SDK's resilient `TextStyle`
    /// stored in every cell: that made each cell a value of a layout known only at
    /// run time, and copying and comparing frames several times slower. A meaning
    /// of a newer SDK than this host's is drawn plain.
    init(_ meaning: TextStyle) {
        switch meaning {
        case .title: self = .title
        case .first: self = .first
        case .second: self = .second
        case .highlight: self = .highlight
        case .destructive: self = .destructive
        @unknown default: self = .plain
        }
    }
}

/// One terminal cell. A wide character fills its cell and marks the next one as
/// its continuation.
public struct Cell: Equatable, Sendable {
    /// The character drawn in the cell.
    public var character: Character
    /// How the cell is drawn.
    public var style: CellStyle
    /// Whether the cell is the right half of the wide character to its left.
    public var isContinuation: Bool

    public static let blank = Cell(character: " ", style: .plain, isContinuation: false)
}

/// A grid of cells that a screen is drawn into, clipped at its edges.
public struct Canvas: Equatable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// The largest canvas side: a window is clamped to it, so no size from the
    /// command line or the terminal can make the canvas overflow or exhaust memory.
    public static let maximumSide = 1000

    /// Whether two canvases show the same cells.
    public static func == (left: Canvas, right: Canvas) -> Bool {
        left.width == right.width && left.height == right.height && left.cells == right.cells
    }

    /// Creates a blank canvas, at most ``maximumSide`` square.
    public init(width: Int, height: Int) {
        self.width = min(max(width, 0), Self.maximumSide)
        self.height = min(max(height, 0), Self.maximumSide)
        cells = Array(repeating: .blank, count: self.width * self.height)
        clip = (0, 0, self.width, self.height)
    }

    /// The cell at column `x` of row `y`.
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` (one line) from column `x` of row `y`, clipped to `limit`
    /// columns past `x` and to the canvas. A wide character that does not fit is
    /// left out.
    mutating func write(_ text: some StringProtocol, x: Int, y: Int, style: CellStyle = .plain, limit: Int = .max) {
        guard y >= clip.top, y < clip.bottom else { return }
        let end = min(clip.right, x.addingReportingOverflow(limit).overflow ? clip.right : x + limit)
        var column = x
        for character in text {
            let columns = TextWidth.of(character)
            guard columns > 0 else { continue }
            guard column + columns <= end else { break }
            if column >= clip.left {
                set(Cell(character: character, style: style, isContinuation: false), x: column, y: y)
                if columns == 2 { set(Cell(character: " ", style: style, isContinuation: true), x: column + 1, y: y) }
            }
            column += columns
        }
    }

    /// The part of the canvas drawing reaches: all of it, unless a pane's
    /// drawing cuts it to the pane (``clipped(to:_:)``).
    private(set) var clip: (left: Int, top: Int, right: Int, bottom: Int)

    /// Runs `draw` with drawing cut to `width` x `height` cells at (`x`, `y`)
    /// (within the part already allowed).
    mutating func clipped(x: Int, y: Int, width: Int, height: Int, _ draw: (inout Canvas) -> Void) {
        let outer = clip
        clip = (
            max(outer.left, x), max(outer.top, y), max(min(outer.right, x + width), max(outer.left, x)),
            max(min(outer.bottom, y + height), max(outer.top, y))
        )
        draw(&self)
        clip = outer
    }

    /// Fills a rectangle with blank cells of `style`.
    mutating func clear(x: Int, y: Int, width clearWidth: Int, height clearHeight: Int, style: CellStyle = .plain) {
        let rows = max(y, clip.top)..<max(min(y + clearHeight, clip.bottom), max(y, clip.top))
        let columns = max(x, clip.left)..<max(min(x + clearWidth, clip.right), max(x, clip.left))
        for row in rows {
            for column in columns {
                set(Cell(character: " ", style: style, isContinuation: false), x: column, y: row)
            }
        }
    }

    /// Puts `cell` at (`x`, `y`), inside the canvas.
    mutating func put(_ cell: Cell, x: Int, y: Int) {
        set(cell, x: x, y: y)
    }

    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        // Overwriting half of a wide character leaves a blank where its other half was.
        let index = y * width + x
        if cells[index].isContinuation, x > 0 { cells[index - 1] = .blank }
        if x + 1 < width, cells[index + 1].isContinuation, !cell.isContinuation { cells[index + 1] = .blank }
        cells[index] = cell
    }

    /// The canvas as plain text: one line a row, trailing spaces trimmed.
    public var text: String {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where !self[column, row].isContinuation {
                line.append(self[column, row].character)
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
