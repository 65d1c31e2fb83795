import TrellisSDK

extension LayoutNode {
    /// The same view with text wrapped at word boundaries to fit `width` columns,
    /// and its tables made into lines for that width.
    ///
    /// Text in a vertical stack gets the whole width; other containers keep their
    /// text as it is and are clipped, and their tables' shares are of no width.
    /// Panes do this for their own content when they are drawn.
    func wrapped(toWidth width: Int?) -> LayoutNode {
        switch self {
        case let .text(text):
            guard let width else { return self }
            return .text(Self.wrap(text, width: width))
        case let .stack(.vertical, spacing, children):
            return .stack(axis: .vertical, spacing: spacing, children: children.map { $0.wrapped(toWidth: width) })
        case let .stack(.horizontal, spacing, children):
            return .stack(axis: .horizontal, spacing: spacing, children: children.map { $0.wrapped(toWidth: nil) })
        case let .grid(columns, cells):
            return .grid(columns: columns, cells: cells.map { $0.wrapped(toWidth: nil) })
        case let .styled(style, child):
            return .styled(style, child.wrapped(toWidth: width))
        case let .table(table):
            // A header wider than the width wraps, as text does.
            return LayoutNode.table(table, width: width).wrapped(toWidth: width)
        case let .scroll(id, content, height):
            // The scroll bar and the column before it.
            return .scroll(id: id, content: content.wrapped(toWidth: width.map { max($0 - 2, 1) }), height: height)
        default:
            return self
        }
    }

    static func wrap(_ text: String, width: Int) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrapLine($0, width: width) }
            .joined(separator: "\n")
    }

    private static func wrapLine(_ line: Substring, width: Int) -> [String] {
        guard TextWidth.of(line) > width else { return [String(line)] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TextWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            // A word longer than the width is broken where it reaches the edge.
            for character in word {
                if TextWidth.of(current) + TextWidth.of(character) > width {
                    lines.append(current)
                    current = ""
                }
                current.append(character)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
