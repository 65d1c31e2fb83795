import TrellisConfig
import TrellisCore

/// Turns frames into the bytes that bring a terminal from the last frame to the
/// next: only the cells that changed, with as few cursor moves and style changes
/// as it can, in one string.
public struct FrameDiff {
    /// How styles are drawn: the colours of a theme, or none (`NO_COLOR`).
    public var theme: Theme
    /// The user's own styles (``UserTheme``), as SGR attributes, over the theme's.
    public var userStyles: [CellStyle: String] = [:]
    /// Whether only ASCII may be written (a locale that is not UTF-8, `LANG=C`):
    /// box drawing and symbols get ASCII stand-ins, other text `?` a column.
    public var asciiOnly = false

    /// Whether a whole frame, or a large change, is sent as one synchronized
    /// update (DEC mode 2026: the terminal shows it when it is complete, so a
    /// resize or a redraw never flickers; terminals without the mode ignore it).
    public var synchronizesLargeUpdates = true

    /// Bytes over which a change is large: a focus move (40 to 65 bytes) is sent bare.
    static let largeUpdate = 512

    private var previous: Canvas?
    private var cursorVisible = false

    /// Creates a diff that starts from an unknown screen.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Creates a diff in the default theme, or with no colour.
    public init(usesColor: Bool) {
        self.init(theme: usesColor ? .default : .none)
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
                    if cursor.map({ $0 != (x, y) }) ?? true { output += Self.move(from: cursor, to: (x, y)) }
                    if style != cell.style {
                        output += sgr(cell.style, from: style)
                        style = cell.style
                    }
                    if asciiOnly, !cell.character.isASCII {
                        output += Self.asciiStandIn(for: cell.character, columns: span)
                    } else {
                        output.append(cell.character)
                    }
                    cursor = (x + span, y)
                }
                x += span
            }
        }
        if style != .plain { output += sgr(.plain, from: style) }
        output += cursorCommands(for: frame.cursor)
        previous = canvas
        if synchronizesLargeUpdates, old == nil || output.utf8.count > Self.largeUpdate {
            return "\u{1B}[?2026h" + output + "\u{1B}[?2026l"
        }
        return output
    }

    /// An ASCII stand-in for `character`, `columns` wide.
    package static func asciiStandIn(for character: Character, columns: Int) -> String {
        let standIn: String =
            switch character {
            case "─", "━", "═": "-"
            case "│", "┃", "║": "|"
            case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼", "╭", "╮", "╯", "╰": "+"
            case "›", "»", "→": ">"
            case "‹", "«", "←": "<"
            case "·", "•": "-"
            case "…": "."
            // A spinner's frames, turning as a line does.
            case "⠋", "⠼", "⠇": "|"
            case "⠙", "⠴", "⠏": "/"
            case "⠹", "⠦": "-"
            case "⠸", "⠧": "\\"
            case "▲", "↑": "^"
            case "▼", "↓": "v"
            case "■", "█": "#"
            case "░": "-"
            case "□": "o"
            // Filled and empty apart, as a rating shows them: ★★☆ is `**o`.
            case "★": "*"
            case "☆": "o"
            case "“", "”": "\""
            case "‘", "’": "'"
            default: "?"
            }
        return standIn + String(repeating: standIn == "?" ? "?" : " ", count: max(columns - 1, 0))
    }

    /// Whether the locale the environment names is UTF-8 (`LC_ALL`, else
    /// `LC_CTYPE`, else `LANG`; none set is the C locale, which is not).
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let lowered = value.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// The shortest way to move the cursor: along the row with CHA, to the next row
    /// with a line feed and CHA (never from the last row, so nothing scrolls), else
    /// with CUP.
    package static func move(from cursor: (x: Int, y: Int)?, to target: (x: Int, y: Int)) -> String {
        let column = target.x == 0 ? "" : "\(target.x + 1)"
        if let cursor, cursor.y == target.y { return "\u{1B}[\(column)G" }
        if let cursor, cursor.y + 1 == target.y { return "\n\u{1B}[\(column)G" }
        return "\u{1B}[\(target.y + 1);\(target.x + 1)H"
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

    /// The shortest SGR sequence from `previous` to `style`: from the plain style
    /// no reset is needed, which keeps a focus move within a few dozen bytes.
    private func sgr(_ style: CellStyle, from previous: CellStyle) -> String {
        let attributes =
            userStyles.isEmpty ? theme.attributes(of: style) : userStyles[style] ?? theme.attributes(of: style)
        if attributes.isEmpty { return "\u{1B}[m" }
        return previous == .plain ? "\u{1B}[\(attributes)m" : "\u{1B}[0;\(attributes)m"
    }
}
