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

    /// The frames of a task under way's spinner, one a tenth of a second.
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// A bar filled to `value` with its percentage; with no value, a spinner
    /// and the label, work under way.
    mutating func drawProgress(value: Double?, label: String, into canvas: inout Canvas, x: Int, y: Int) {
        guard let value else {
            let frame = Self.spinnerFrames[((spinnerPhase % 10) + 10) % 10]
            canvas.write(String(frame) + (label.isEmpty ? "" : " " + label), x: x, y: y, style: textStyle)
            animates = true
            return
        }
        // `value` is kept to 0...1 when the node is copied, so both conversions fit.
        let filled = Int((value * Double(Self.progressCells)).rounded(.down))
        let percent = Int((value * 100).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.progressCells - filled)
        let number = String(repeating: " ", count: 4 - String(percent).count) + "\(percent)%"
        canvas.write("[" + bar + "]" + number + (label.isEmpty ? "" : " " + label), x: x, y: y, style: textStyle)
    }

    /// The columns a picker's label takes with the space after it.
    static func pickerLabelWidth(_ label: String) -> Int {
        label.isEmpty ? 0 : TextWidth.of(label) + 1
    }

    /// What a picker with no options shows in their place.
    static let noOptions = "(no options)"

    /// The columns of a picker's options: each with a column either side (its
    /// brackets when chosen), one apart.
    static func optionsWidth(_ options: [String]) -> Int {
        options.isEmpty
            ? TextWidth.of(noOptions) : options.map { TextWidth.of($0) + 2 }.reduce(0, +) + options.count - 1
    }

    /// The option of `options` at `column` columns from their start, if any.
    static func option(atColumn column: Int, of options: [String]) -> Int? {
        var start = 0
        for (index, option) in options.enumerated() {
            let end = start + TextWidth.of(option) + 2
            if (start..<end).contains(column) { return index }
            start = end + 1
        }
        return nil
    }

    /// A picker: its label, then its options, the chosen one in brackets
    /// (`[Day]  Week   Month `). The options are its control, by which a click
    /// finds the option under it; a picker with no options has none.
    mutating func drawPicker(
        id: String, label: String, options: [String], selected: Int, into canvas: inout Canvas, x: Int, y: Int
    ) {
        if !label.isEmpty { canvas.write(label, x: x, y: y, style: textStyle) }
        let start = x + Self.pickerLabelWidth(label)
        guard !options.isEmpty else {
            canvas.write(Self.noOptions, x: start, y: y, style: .placeholder)
            return
        }
        let focused = focus == .picker(id)
        var column = start
        for (index, option) in options.enumerated() {
            let isChosen = index == selected
            let style: CellStyle = focused ? .focused : isChosen ? .highlight : textStyle
            canvas.write(isChosen ? "[" + option + "]" : " " + option + " ", x: column, y: y, style: style)
            column += TextWidth.of(option) + 2
            if index < options.count - 1 {
                canvas.write(" ", x: column, y: y, style: focused ? .focused : textStyle)
                column += 1
            }
        }
        // Without a label (a tab bar), its options name it: `focus About` finds it.
        let name = label.isEmpty ? options.joined(separator: ", ") : label
        record(.picker(id), label: name, x: start, y: y, width: column - start, height: 1)
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
