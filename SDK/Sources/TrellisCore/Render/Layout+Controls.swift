import TrellisSDK

/// The kinds of SDK 1.1 as the layout draws them: switches, progress bars and
/// dividers.
extension Layout {
    /// What a secure field shows for `text`: a bullet a character.
    static func masked(_ text: String) -> String {
        String(repeating: "•", count: text.count)
    }

    /// What stands before a switch's title: its box, then a space.
    static let toggleBox = "[x] "

    /// The cells of a progress bar between its brackets.
    static let progressCells = 20

    /// The columns a progress bar takes with `label`: `[████░░░░]  40% label`.
    static func progressWidth(label: String) -> Int {
        progressCells + 2 + 5 + (label.isEmpty ? 0 : 1 + TextWidth.of(label))
    }

    mutating func drawToggle(id: String, title: String, isOn: Bool, into canvas: inout Canvas, x: Int, y: Int) {
        let style = style(for: .toggle(id))
        canvas.write((isOn ? "[x] " : "[ ] ") + title, x: x, y: y, style: style)
        record(.toggle(id), label: title, x: x, y: y, width: TextWidth.of(title) + Self.toggleBox.count, height: 1)
    }

    /// A bar filled to `value` with its percentage; with no value, `… label`,
    /// work under way.
    func drawProgress(value: Double?, label: String, into canvas: inout Canvas, x: Int, y: Int) {
        guard let value else {
            canvas.write("…" + (label.isEmpty ? "" : " " + label), x: x, y: y, style: textStyle)
            return
        }
        // `value` is kept to 0...1 when the node is copied, so both conversions fit.
        let filled = Int((value * Double(Self.progressCells)).rounded(.down))
        let percent = Int((value * 100).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.progressCells - filled)
        let number = String(repeating: " ", count: 4 - String(percent).count) + "\(percent)%"
        canvas.write("[" + bar + "]" + number + (label.isEmpty ? "" : " " + label), x: x, y: y, style: textStyle)
    }

    /// Draws a divider of a stack: a line as wide as a vertical stack (`width`),
    /// a bar as tall as a horizontal one. Returns the cells it takes along the stack.
    func drawDivider(
        axis: ViewNode.Axis, stack children: [LayoutNode], width: Int, into canvas: inout Canvas, x: Int, y: Int
    ) -> Int {
        switch axis {
        case .vertical:
            canvas.write(String(repeating: "─", count: max(width, 1)), x: x, y: y, style: .chrome)
        case .horizontal:
            let height = Layout.size(
                of: .stack(axis: .horizontal, spacing: 0, children: children), listWidths: listWidths
            ).height
            for row in 0..<max(height, 1) { canvas.write("│", x: x, y: y + row, style: .chrome) }
        }
        return 1
    }
}
