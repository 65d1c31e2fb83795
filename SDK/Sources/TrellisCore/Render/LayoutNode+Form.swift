import TrellisSDK

extension LayoutNode {
    /// The widest a form's column of labels gets; a longer label is cut.
    static let widestFormLabel = 40

    /// A form as the layout draws it: a grid of two columns, each row's label
    /// (so the controls start in one column, two after the widest label), then
    /// its control, named by the label, over its help line and error line.
    static func form(_ rows: [(row: SceneFormRow, control: LayoutNode)]) -> LayoutNode {
        let cells = rows.flatMap { row, control -> [LayoutNode] in
            let label = TextWidth.truncated(row.label.replacingOccurrences(of: "\n", with: " "), to: widestFormLabel)
            var control = [named(control, label)]
            if !row.help.isEmpty { control.append(.styled(.placeholder, .text(row.help))) }
            if !row.error.isEmpty { control.append(.styled(CellStyle(.destructive), .text(row.error))) }
            // The grid's gap is a column: one more after each label.
            return [
                .text(label.isEmpty ? "" : label + " "),
                // A grid of one column: its lines start where the control does.
                control.count == 1 ? control[0] : .grid(columns: 1, cells: control),
            ]
        }
        return .grid(columns: 2, cells: cells)
    }

    /// `control` named `name` when it is one control a label can name (a field, a
    /// text area, a picker); any other view as it is (a toggle keeps its title).
    private static func named(_ control: LayoutNode, _ name: String) -> LayoutNode {
        switch control {
        case .textField, .textArea, .picker: name.isEmpty ? control : .named(name, control)
        default: control
        }
    }
}
