import TrellisSDK

/// What a session shows, as a value: the screens on show with what the session
/// adds to a plugin's views, the route path, the notice and whether going back
/// does something.
///
/// ``ScreenSession/update(_:)`` takes it of the screens on show, and
/// ``ScreenSession/scene`` reads it, changing nothing. The terminal's frame is
/// drawn from it and the browser's page too (sent the changes from one scene to
/// the next), so no front end walks the views or the route tree itself.
///
/// It is `Codable`, so a scene can be kept or sent whole (a test's golden
/// file, another process); what the browser is sent is its own, smaller JSON
/// (Docs/WireProtocol.md).
///
/// It holds what is on show, not where: each renderer lays it out in its own
/// units (the terminal in cells, the page with CSS) and finds its controls'
/// places there. What both must agree on that a layout decides, a table's
/// column widths, is in the scene.
public struct Scene: Equatable, Sendable, Codable {
    /// One screen on show: the root's, or a modal's over it.
    public struct Layer: Equatable, Sendable, Codable {
        /// The number the screen goes by for as long as it lives; a new view is a
        /// new number, even at the address of one that went away.
        public var screen: Int
        /// Whether the screen is a modal over the ones below.
        public var isModal: Bool
        /// The plugin of the route whose router shows the screen (or that attached
        /// the router that does): its resources hold the screen's pictures.
        public var plugin: String?
        /// What the screen shows: the view at the end of its chain of pushed and
        /// embedded views.
        public var content: SceneNode
    }

    /// The screens on show, bottom first.
    public var layers: [Layer]
    /// The route ids from the root to the screen on top, then the titles of views
    /// shown over the top route's own view without a route.
    public var routePath: [String]
    /// The message shown in place of the keys until the next key, if any.
    public var notice: String?
    /// Whether going back (Esc, the browser's back) does something on the screen on top.
    public var canGoBack: Bool

    /// How deep a scene's views are kept; deeper, a note says they are cut.
    public static let deepest = 64
}

/// A list's part of a scene: what the session knows of a plugin's list, table
/// or rich rows beyond its rows.
public struct SceneList: Equatable, Sendable, Codable {
    /// The list's id, as its view actions name it.
    public var id: String
    /// The styles the screen gives its rows, by row.
    public var styles: [Int: TextStyle]
    /// Whether its rows are for reading, not for choosing.
    public var isForReading: Bool
}

/// A pane of a ``SceneNode/panes(axis:panes:)``: its size along the axis and what it shows.
public struct ScenePane: Equatable, Sendable, Codable {
    public var size: Pane.Size
    public var content: SceneNode
}

/// A row of a ``SceneNode/form(_:)``: its label, its control, its help and its error.
public struct SceneFormRow: Equatable, Sendable, Codable {
    public var label: String
    public var control: SceneNode
    public var help: String
    public var error: String
}

/// A view as a scene holds it: a plugin's ``ViewNode`` with what the session
/// adds (each list's row styles and whether it is for reading, a table's column
/// widths as the terminal draws them), cut ``Scene/deepest`` levels down, and a
/// view of a newer SDK shown as a note.
///
/// Adding a view kind adds a case here: the checklist is in Docs/Architecture.md.
public indirect enum SceneNode: Equatable, Sendable, Codable {
    case empty
    case text(String)
    case button(title: String, id: String)
    /// A one-line text field (``ViewNode/textField(id:text:placeholder:)`` too).
    case field(TextField)
    case stack(axis: ViewNode.Axis, spacing: Int, children: [SceneNode])
    case list(SceneList, rows: [String])
    case rows(SceneList, rows: [ListRow])
    case grid(columns: Int, cells: [SceneNode])
    case styled(TextStyle, SceneNode)
    case toggle(Toggle)
    case progress(ProgressIndicator)
    case divider
    case picker(Picker)
    case tabs(id: String, titles: [String], selected: Int, content: SceneNode)
    case area(TextArea)
    case label(title: String, icon: String)
    case image(Image)
    /// A table, with each column's width in cells as the terminal draws it
    /// (`nil` for a fraction of the width, which the front end divides).
    case table(Table, list: SceneList, columnWidths: [Int?])
    case spacer
    case scroll(id: String, height: Int?, content: SceneNode)
    case panes(axis: ViewNode.Axis, panes: [ScenePane])
    case form([SceneFormRow])
    /// A note in place of views the scene does not hold: nested deeper than
    /// ``Scene/deepest``, or of a kind newer than this host.
    case note(String)
}
