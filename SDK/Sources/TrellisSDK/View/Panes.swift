/// Panes laid out along an axis, each sized as it says: what ``ViewNode/panes(_:)``
/// shows. SDK 1.1.
///
/// ```swift
/// .panes(.horizontal, [
///     Pane(.cells(24), .rows(id: "notes", rows: notes)),
///     Pane(.rest, .textArea(id: "text", text: text)),
/// ])
/// ```
///
/// Panes that are a screen's content take its whole window. Panes in the
/// screen's own stack (or in tabs' content, which is one) take the window's width
/// and the height the rest leaves; in the screen's own row, a share of its width.
/// Elsewhere (a modal, a nested stack), they take the width of what they hold and
/// the height it needs with its lists cut to a row. What does not fit a pane is
/// cut at its edge, and a list in it scrolls within it.
public struct Panes: Equatable, Sendable, Codable {
    /// Whether the panes stand side by side or one above another.
    public var axis: ViewNode.Axis
    /// The panes, first to last.
    public var panes: [Pane]

    /// `panes` laid out along `axis`.
    public init(_ axis: ViewNode.Axis, _ panes: [Pane]) {
        self.axis = axis
        self.panes = panes
    }
}

/// One pane of ``Panes``: its size and what it shows. SDK 1.1.
public struct Pane: Equatable, Sendable, Codable {
    /// How much of the panes' length a pane takes.
    public enum Size: Equatable, Sendable, Codable {
        /// This many cells: columns side by side, lines one above another.
        case cells(Int)
        /// This share (0 to 1) of the panes' length, less the rules between them.
        case fraction(Double)
        /// What the fixed and fractional panes leave, shared with the other
        /// panes of this size.
        case rest
    }

    /// How much it takes.
    public var size: Size
    /// What it shows.
    public var content: ViewNode

    /// A pane of `size` showing `content`.
    public init(_ size: Size, _ content: ViewNode) {
        self.size = size
        self.content = content
    }
}
