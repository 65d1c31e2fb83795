/// Rows of cells under column headers: what ``ViewNode/table(_:)`` shows. SDK 1.1.
///
/// ```swift
/// .table(Table(
///     id: "airports",
///     columns: [TableColumn("City", width: .fraction(0.5)), TableColumn("Code", width: 4),
///               TableColumn("Flights", alignment: .trailing)],
///     rows: airports.map { [$0.city, $0.code, "\($0.flights)"] },
///     sorting: TableSorting(column: 0), allowsSorting: true))
/// ```
public struct Table: Equatable, Sendable, Codable {
    /// What ``ViewAction/select(list:row:)`` and ``ViewAction/sort(_:by:)`` name
    /// the table by.
    public var id: String
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// The rows, each a cell a column: a missing cell is blank, an extra one
    /// is not shown.
    public var rows: [[String]]
    /// The order the rows are in, which the header shows with `▲` or `▼` after
    /// the column's title; `nil` for none. The screen sorts the rows itself.
    public var sorting: TableSorting?
    /// Whether the user may sort the table: its header is then a control, where
    /// Left and Right sort by another column, Enter or Space reverses the order, and a
    /// click on a column's title sorts by it (again, the other way); each sends
    /// ``ViewAction/sort(_:by:)``.
    public var allowsSorting: Bool

    /// A table with identifier `id`.
    public init(
        id: String, columns: [TableColumn], rows: [[String]], sorting: TableSorting? = nil,
        allowsSorting: Bool = false
    ) {
        self.id = id
        self.columns = columns
        self.rows = rows
        self.sorting = sorting
        self.allowsSorting = allowsSorting
    }
}

/// The order of a ``Table``'s rows: by which column, which way. SDK 1.1.
public struct TableSorting: Equatable, Sendable, Codable {
    /// The index of the column the rows are sorted by.
    public var column: Int
    /// Whether the smallest value comes first.
    public var ascending: Bool

    /// Rows sorted by the column at `column`, ascending unless told.
    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}

/// A column of a ``Table``. SDK 1.1.
public struct TableColumn: Equatable, Sendable, Codable {
    /// Where a cell's text stands in its column.
    public enum Alignment: Equatable, Sendable, Codable {
        /// At the column's start: for text.
        case leading
        /// In the column's middle.
        case center
        /// At the column's end: for numbers.
        case trailing
    }

    /// How wide a column is. An integer literal is a fixed width:
    /// `TableColumn("Code", width: 4)`.
    public enum Width: Equatable, Sendable, Codable, ExpressibleByIntegerLiteral {
        /// This many columns, kept to 1...200.
        case fixed(Int)
        /// As wide as its header and its widest cell (among the first 200 rows),
        /// up to 200.
        case flexible
        /// This share (0 to 1) of the width the table is given (the window's, its
        /// pane's, or its scroll view's less the bar), less the gaps between
        /// columns; at least one column. A table in a row or a grid is given no
        /// width: its shares are one column each there.
        case fraction(Double)

        /// A fixed width of `value` columns.
        public init(integerLiteral value: Int) {
            self = .fixed(value)
        }
    }

    /// The column's header.
    public var title: String
    /// Its width. A cell longer than it ends in `…`.
    public var width: Width
    /// Where its cells' text stands.
    public var alignment: Alignment

    /// A column titled `title`.
    public init(_ title: String, width: Width = .flexible, alignment: Alignment = .leading) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}
