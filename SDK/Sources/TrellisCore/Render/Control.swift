import TrellisSDK

/// A control on screen that the user can focus and activate.
public struct Control: Equatable, Sendable {
    /// What the control is, which identifies it within its screen.
    public enum ID: Hashable, Sendable {
        case button(String)
        case field(String)
        case row(list: String, index: Int)
        case toggle(String)
        case picker(String)
        /// A scroll view's viewport.
        case scroll(String)
        /// The header of a table the user may sort.
        case header(String)

        /// The id the plugin gave the control; `nil` for a list's row.
        public var name: String? {
            switch self {
            case let .button(id), let .field(id), let .toggle(id), let .picker(id), let .scroll(id), let .header(id):
                id
            case .row: nil
            }
        }
    }

    /// Which control it is.
    public var id: ID
    /// What a person reads on it: a button's title, a row, a field's placeholder
    /// (a form row's label, for the control it names).
    public var label: String
    /// For a control a form row names: what would name it otherwise (a field's
    /// placeholder), which still finds it; empty for the others.
    public var otherLabel = ""
    /// The column of its first cell.
    public var x: Int
    /// The row of its first line.
    public var y: Int
    /// The columns it takes, and its lines: where a mouse click lands on it.
    public var width = 1
    public var height = 1
    /// For a table's header, the column each of the table's columns starts at.
    public var stops: [Int] = []
    /// Whether it is drawn: a control of a scroll view scrolled out of sight is
    /// not, but Tab and the arrows still reach it, and the view scrolls to it.
    public var isInSight = true

    /// Whether the cell at (`column`, `row`) is on the control.
    public func contains(column: Int, row: Int) -> Bool {
        isInSight && (x..<x + max(width, 1)).contains(column) && (y..<y + max(height, 1)).contains(row)
    }
}
