/// Labelled controls, one a row, their labels lined up in a column before them:
/// what ``ViewNode/form(_:)-enum.case`` shows (SwiftUI's `Form` of `LabeledContent`).
/// SDK 1.1.
///
/// ```swift
/// .form([
///     FormRow("Amount", .field(TextField(id: "amount", text: amount, placeholder: "0.00")),
///             error: amountIsValid ? "" : "Write a number, such as 12.50"),
///     FormRow("Category", .picker("", options: categories, selected: category, id: "category")),
///     FormRow("Notes", .textArea(id: "notes", text: notes, height: 3), help: "Who was there, and why"),
/// ])
/// ```
///
/// A row's label names its control for the person and for the tools: `focus`
/// and `type TEXT into LABEL` in scripts, the kit's calls (`type("Lunch", into:
/// "Amount")`), and the browser's accessible name. A field's placeholder still
/// shows while it is empty. A row's help line is drawn dim under its control,
/// and its error line under that, in the colour of a warning; an empty line is
/// not drawn. A toggle keeps its own title beside its box as its name.
public struct Form: Equatable, Sendable, Codable {
    /// The rows, top to bottom.
    public var rows: [FormRow]

    /// A form of `rows`.
    public init(_ rows: [FormRow]) {
        self.rows = rows
    }
}

/// One row of a ``Form``: a label, the control it names, and a help line and an
/// error line under the control. SDK 1.1.
public struct FormRow: Equatable, Sendable, Codable {
    /// What the control is for, drawn in the form's column of labels.
    public var label: String
    /// The control: a field, a text area, a picker, a toggle, or any view.
    public var control: ViewNode
    /// A hint under the control, drawn dim; empty for none.
    public var help: String
    /// What is wrong with the control's value, drawn under it as a warning;
    /// empty while nothing is.
    public var error: String

    /// A row labelled `label` showing `control`, with `help` and `error` under it.
    public init(_ label: String, _ control: ViewNode, help: String = "", error: String = "") {
        self.label = label
        self.control = control
        self.help = help
        self.error = error
    }
}
