import TrellisSDK

/// A control of a view, as ``ScreenTester`` finds it by its label.
struct PlainControl {
    /// What the user reads: a button's title, a row's text, a field's placeholder.
    let label: String
    /// What activating it sends.
    let action: ViewAction
    /// The text field it is, with its text; `nil` for a button or a row.
    let field: (id: String, text: String)?
}

extension ViewNode {
    /// The node as lines of plain text: a button as `[ Title ]`, a field as
    /// `[text]` (`[placeholder_]` when empty), a list's rows one a line, a
    /// horizontal stack on one line. Vertical stacks are walked in a loop; the
    /// members of a horizontal stack or a grid, each drawn on one line, recurse.
    var plainTextLines: [String] {
        var lines: [String] = []
        var pending: [ViewNode] = [self]
        while let node = pending.popLast() {
            switch node {
            case .empty:
                break
            case let .text(text):
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            case let .button(title, _):
                lines.append("[ \(title) ]")
            case let .textField(_, text, placeholder):
                lines.append(text.isEmpty ? "[\(placeholder)_]" : "[\(text)]")
            case let .list(_, rows):
                lines += rows
            case let .stack(.horizontal, _, children):
                lines.append(
                    children.map { $0.plainTextLines.joined(separator: " ") }.filter { !$0.isEmpty }.joined(
                        separator: "  "))
            case let .stack(.vertical, _, children):
                pending += children.reversed()
            case let .grid(columns, cells):
                let width = Swift.max(columns, 1)
                let rows = stride(from: 0, to: cells.count, by: width).map {
                    Array(cells[$0..<Swift.min($0 + width, cells.count)])
                }
                lines += rows.map { $0.map { $0.plainTextLines.joined(separator: " ") }.joined(separator: " ") }
            case let .styled(_, child):
                pending.append(child)
            }
        }
        return lines
    }

    /// The buttons, list rows and text fields, in reading order.
    var plainControls: [PlainControl] {
        var controls: [PlainControl] = []
        var pending: [ViewNode] = [self]
        while let node = pending.popLast() {
            switch node {
            case let .button(title, id):
                controls.append(PlainControl(label: title, action: .tap(id), field: nil))
            case let .list(id, rows):
                controls += rows.enumerated().map {
                    PlainControl(label: $1, action: .select(list: id, row: $0), field: nil)
                }
            case let .textField(id, text, placeholder):
                controls.append(PlainControl(label: placeholder, action: .submit(field: id), field: (id, text)))
            case let .stack(_, _, children), let .grid(_, children):
                pending += children.reversed()
            case let .styled(_, child):
                pending.append(child)
            case .empty, .text:
                break
            }
        }
        return controls
    }
}
