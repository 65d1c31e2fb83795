/// A screen described as data: the host lays it out and draws it.
///
/// Plugins never touch the terminal. A presenter builds a tree of nodes from its
/// state and sets it as its view controller's ``ViewController/content``; the host
/// draws it and reports what the user does as ``ViewAction`` values.
///
/// A screen is a value: `Codable` (SDK 1.1), so it can cross to another process (a
/// route the host runs in a process of its own) or be kept by a test.
public indirect enum ViewNode: Equatable, Sendable, Codable {
    /// Nothing at all.
    case empty
    /// Text, possibly over several lines.
    case text(String)
    /// A button; activating it sends ``ViewAction/tap(_:)`` with `id`.
    case button(title: String, id: String)
    /// A one-line text field; editing it sends ``ViewAction/edit(field:text:)``.
    case textField(id: String, text: String, placeholder: String)
    /// Children laid out one after another along `axis`, `spacing` cells apart.
    case stack(axis: Axis, spacing: Int, children: [ViewNode])
    /// Rows the user can select; selecting one sends ``ViewAction/select(list:row:)``.
    case list(id: String, rows: [String])
    /// Cells laid out in rows of `columns`.
    case grid(columns: Int, cells: [ViewNode])
    /// `child` with its text shown as meaning `style`: a title in bold, the two
    /// sides of a game or something won in colours of their own (colour is off
    /// under `NO_COLOR`; bold stays). A focused control keeps its focus look.
    case styled(TextStyle, ViewNode)
    /// A switch between on and off (SwiftUI's `Toggle`), drawn `[x] Title` or
    /// `[ ] Title`. Enter, Space or a click sends ``ViewAction/toggle(_:isOn:)``
    /// with the state asked for, and the view shows it (as a field shows what is
    /// typed) until the screen sets its content. SDK 1.1.
    case toggle(Toggle)
    /// How far a task has gone (SwiftUI's `ProgressView`): a bar with its
    /// percentage, or, with no value, a mark that it is under way. SDK 1.1.
    case progress(ProgressIndicator)
    /// A rule across the stack it is in (SwiftUI's `Divider`): a line as wide as a
    /// vertical stack, a bar as tall as a horizontal one. SDK 1.1.
    case divider
    /// A one-line text field with a width of its own, or whose text is shown as
    /// bullets (SwiftUI's `TextField` and `SecureField`); it reports edits and
    /// Enter as ``textField(id:text:placeholder:)`` does. SDK 1.1.
    case field(TextField)
    /// A choice of one of several options (SwiftUI's `Picker`, segmented), drawn
    /// `[Day]  Week   Month `: Left and Right, a click on an option, or Enter and
    /// Space (the next, round) choose, and send ``ViewAction/choose(_:index:)``;
    /// the view shows the choice at once. SDK 1.1.
    case picker(Picker)
    /// Tabs over a view (SwiftUI's `TabView`): a bar of titles, the chosen one
    /// marked, over the chosen tab's content, which the screen gives. Choosing a
    /// tab sends ``ViewAction/choose(_:index:)``. SDK 1.1.
    case tabs(Tabs)
    /// Text of several lines to edit (SwiftUI's `TextEditor`), in a frame with the
    /// cursor's line and column: its lines wrap at its width, it scrolls to keep
    /// the cursor in sight, Enter starts a new line, Up and Down move by line, and
    /// a paste keeps its line breaks. Each edit sends ``ViewAction/edit(field:text:)``.
    /// SDK 1.1.
    case textArea(TextArea)
    /// Rows the user can select, each with a title, secondary text and a trailing
    /// badge (UIKit's subtitle cells); selecting one sends
    /// ``ViewAction/select(list:row:)``, as ``list(id:rows:)`` does. SDK 1.1.
    case rows(id: String, rows: [ListRow])
    /// Text with an icon character before it (SwiftUI's `Label`). SDK 1.1.
    case label(title: String, icon: String)
    /// A picture, which a terminal shows as its alternative text and the browser
    /// front end as the picture (SwiftUI's `Image` with an accessibility label).
    /// SDK 1.1.
    case image(Image)
    /// Rows of cells under column headers (SwiftUI's and ratatui's `Table`): each
    /// column as wide as it is given or as its cells, its cells aligned as it
    /// says; rows are selected, filtered and scrolled as a list's are, and
    /// selecting one sends ``ViewAction/select(list:row:)`` with the table's id.
    /// SDK 1.1.
    case table(Table)
    /// Space that grows (SwiftUI's `Spacer`). It takes room in a stack that is
    /// given a size: the screen's (or a pane's) own stack, where the spacers
    /// share the height the other children leave, and a row of that stack (or
    /// the screen's own row), where they share the width, pushing what follows
    /// them to the end. In any other stack it takes no room. SDK 1.1.
    case spacer
    /// A viewport over content taller than it (SwiftUI's `ScrollView`), with a
    /// bar that shows where it is. It is a control: while it has the focus, Up,
    /// Down, `j`, `k`, the page keys, Space, Home and End (`g`, `G`) scroll it, and
    /// Tab leaves it; the wheel scrolls the view under the pointer; and a control
    /// inside it that gets the focus is scrolled into sight. SDK 1.1.
    case scroll(ScrollView)
    /// Panes side by side or one above another, each taking a fixed number of
    /// cells, a share, or what is left (a sidebar beside a detail, a header over
    /// a list), with a rule between them. Panes that are the screen's content,
    /// or a child of its own stack, fill the room it gives them. SDK 1.1.
    case panes(Panes)
    /// Labelled controls, one a row, their labels lined up in a column, each with
    /// an optional help line and error line under it (SwiftUI's `Form`). A row's
    /// label names its control for `focus`, the kit and the browser. SDK 1.1.
    case form(Form)

    /// The direction a stack lays out its children.
    ///
    /// Frozen: a screen is two-dimensional, so no third axis will come, and hosts
    /// switch over it without a default.
    @frozen
    public enum Axis: Sendable, Codable {
        /// Children one under another.
        case vertical
        /// Children side by side.
        case horizontal
    }

    /// A screen's title: text in bold.
    public static func title(_ text: String) -> ViewNode {
        .styled(.title, .text(text))
    }

    /// A button whose action identifier is its title.
    public static func button(_ title: String) -> ViewNode {
        .button(title: title, id: title)
    }

    /// A switch titled `title`, on when `isOn`; its identifier is its title unless
    /// given. SDK 1.1.
    public static func toggle(_ title: String, isOn: Bool, id: String? = nil) -> ViewNode {
        .toggle(Toggle(title, isOn: isOn, id: id))
    }

    /// A progress bar at `value` (0 to 1), or, for `nil`, a task under way,
    /// with `label` after it. SDK 1.1.
    public static func progress(_ value: Double?, label: String = "") -> ViewNode {
        .progress(ProgressIndicator(value: value, label: label))
    }

    /// A text field `width` columns wide (kept to 1...200). SDK 1.1.
    public static func textField(id: String, text: String, placeholder: String, width: Int) -> ViewNode {
        .field(TextField(id: id, text: text, placeholder: placeholder, width: width))
    }

    /// A text field whose text is shown as bullets, for a password. SDK 1.1.
    public static func secureField(id: String, text: String, placeholder: String, width: Int? = nil) -> ViewNode {
        .field(TextField(id: id, text: text, placeholder: placeholder, width: width, isSecure: true))
    }

    /// A choice among `options`, `selected` the one chosen, with `label` before
    /// it; its identifier is its label unless given. SDK 1.1.
    public static func picker(_ label: String, options: [String], selected: Int, id: String? = nil) -> ViewNode {
        .picker(Picker(label, options: options, selected: selected, id: id))
    }

    /// Tabs titled `titles` over `content`, the view of the tab `selected`. SDK 1.1.
    public static func tabs(id: String, titles: [String], selected: Int, content: ViewNode) -> ViewNode {
        .tabs(Tabs(id: id, titles: titles, selected: selected, content: content))
    }

    /// A text area `width` columns wide showing `height` lines. SDK 1.1.
    public static func textArea(
        id: String, text: String, placeholder: String = "", width: Int? = nil, height: Int? = nil
    ) -> ViewNode {
        .textArea(TextArea(id: id, text: text, placeholder: placeholder, width: width, height: height))
    }

    /// A viewport `height` lines tall (10 unless given) over `content`. SDK 1.1.
    public static func scroll(id: String, height: Int? = nil, _ content: ViewNode) -> ViewNode {
        .scroll(ScrollView(id: id, height: height, content: content))
    }

    /// `panes` laid out along `axis`. SDK 1.1.
    public static func panes(_ axis: Axis, _ panes: [Pane]) -> ViewNode {
        .panes(Panes(axis, panes))
    }

    /// Labelled controls lined up: `rows` as a ``Form``. SDK 1.1.
    public static func form(_ rows: [FormRow]) -> ViewNode {
        .form(Form(rows))
    }

    /// `control` with `label` before it, naming it: a form of one row. SDK 1.1.
    public static func labelled(_ label: String, _ control: ViewNode) -> ViewNode {
        .form(Form([FormRow(label, control)]))
    }

    /// A vertical stack, one line between children unless told.
    public static func vstack(spacing: Int = 1, _ children: [ViewNode]) -> ViewNode {
        .stack(axis: .vertical, spacing: spacing, children: children)
    }

    /// A horizontal stack, two columns between children unless told.
    public static func hstack(spacing: Int = 2, _ children: [ViewNode]) -> ViewNode {
        .stack(axis: .horizontal, spacing: spacing, children: children)
    }
}

/// A switch between on and off: what ``ViewNode/toggle(_:)`` shows. SDK 1.1.
public struct Toggle: Equatable, Sendable, Codable {
    /// What it switches, shown after its box.
    public var title: String
    /// Whether it is on.
    public var isOn: Bool
    /// What ``ViewAction/toggle(_:isOn:)`` names it by.
    public var id: String

    /// A switch titled `title`; its identifier is its title unless given.
    public init(_ title: String, isOn: Bool, id: String? = nil) {
        self.title = title
        self.isOn = isOn
        self.id = id ?? title
    }
}

/// A one-line text field with its options: what ``ViewNode/field(_:)`` shows.
/// SDK 1.1.
public struct TextField: Equatable, Sendable, Codable {
    /// What ``ViewAction/edit(field:text:)`` and ``ViewAction/submit(field:)`` name it by.
    public var id: String
    /// Its text.
    public var text: String
    /// What it shows, dim, while it is empty; its label for the user and for `focus`.
    public var placeholder: String
    /// The columns of text it shows, kept to 1...200; `nil` for the usual 20.
    public var width: Int?
    /// Whether its text is shown as bullets, one a character (a password); the
    /// screen still gets the text itself.
    public var isSecure: Bool

    /// A field with identifier `id` showing `text`.
    public init(id: String, text: String, placeholder: String, width: Int? = nil, isSecure: Bool = false) {
        self.id = id
        self.text = text
        self.placeholder = placeholder
        self.width = width
        self.isSecure = isSecure
    }
}

/// A choice of one of several options: what ``ViewNode/picker(_:)`` shows. SDK 1.1.
public struct Picker: Equatable, Sendable, Codable {
    /// What is chosen, shown before the options; empty for nothing.
    public var label: String
    /// The options, in order.
    public var options: [String]
    /// The index of the option chosen; one out of range is drawn as the nearest.
    public var selected: Int
    /// What ``ViewAction/choose(_:index:)`` names it by.
    public var id: String

    /// A choice among `options`; its identifier is its label unless given.
    public init(_ label: String, options: [String], selected: Int, id: String? = nil) {
        self.label = label
        self.options = options
        self.selected = selected
        self.id = id ?? label
    }
}

/// Text of several lines to edit: what ``ViewNode/textArea(_:)`` shows. SDK 1.1.
public struct TextArea: Equatable, Sendable, Codable {
    /// What ``ViewAction/edit(field:text:)`` names it by.
    public var id: String
    /// Its text; `\n` ends a line.
    public var text: String
    /// What it shows, dim, while it is empty; its label for the user and for `focus`.
    public var placeholder: String
    /// The columns of text it shows, kept to 1...200; `nil` for 40.
    public var width: Int?
    /// The lines it shows, kept to 1...100; `nil` for 6.
    public var height: Int?

    /// A text area with identifier `id` holding `text`.
    public init(id: String, text: String, placeholder: String = "", width: Int? = nil, height: Int? = nil) {
        self.id = id
        self.text = text
        self.placeholder = placeholder
        self.width = width
        self.height = height
    }
}

/// A row of ``ViewNode/rows(id:rows:)``: a title, secondary text after it and a
/// badge at the end. SDK 1.1.
public struct ListRow: Equatable, Sendable, Codable {
    /// What the row is; what `tap` and the list filter find it by.
    public var title: String
    /// More about it, after the title; empty for none.
    public var subtitle: String
    /// A short mark at the row's end (a count, a date, `★`); empty for none.
    public var badge: String

    /// A row titled `title`.
    public init(_ title: String, subtitle: String = "", badge: String = "") {
        self.title = title
        self.subtitle = subtitle
        self.badge = badge
    }
}

/// A picture: what ``ViewNode/image(_:)`` shows. SDK 1.1.
public struct Image: Equatable, Sendable, Codable {
    /// Where the picture is: a path in the plugin's resources or a URL.
    public var source: String
    /// What the picture shows, in words: what a terminal shows in its place.
    public var alternativeText: String

    /// The picture at `source`, described by `alternativeText`.
    public init(source: String, alternativeText: String) {
        self.source = source
        self.alternativeText = alternativeText
    }
}

/// Tabs over a view: what ``ViewNode/tabs(_:)`` shows. SDK 1.1.
public struct Tabs: Equatable, Sendable, Codable {
    /// What ``ViewAction/choose(_:index:)`` names the tabs by.
    public var id: String
    /// The tabs' titles, in order.
    public var titles: [String]
    /// The index of the tab shown.
    public var selected: Int
    /// The view of the tab shown.
    public var content: ViewNode

    /// Tabs titled `titles` over `content`, the view of the tab `selected`.
    public init(id: String, titles: [String], selected: Int, content: ViewNode) {
        self.id = id
        self.titles = titles
        self.selected = selected
        self.content = content
    }
}

/// How far a task has gone: what ``ViewNode/progress(_:)`` shows. SDK 1.1.
public struct ProgressIndicator: Equatable, Sendable, Codable {
    /// How far, from 0 (nothing done) to 1 (all done); `nil` when not known, for a
    /// task that is under way. A value out of that range is drawn at its end, and
    /// one that is not a number as not known.
    public var value: Double?
    /// What is under way, shown after the bar.
    public var label: String

    /// A bar at `value`, with `label` after it.
    public init(value: Double?, label: String = "") {
        self.value = value
        self.label = label
    }
}

/// What a piece of text means, which the host shows with a weight or a colour.
public enum TextStyle: Equatable, Sendable, Codable {
    /// A screen's title: bold.
    case title
    /// The first of two sides (a game's X): a colour of its own.
    case first
    /// The second of two sides (a game's O): another colour.
    case second
    /// Something won or kept (a winning line, a pinned star): bold, in colour.
    case highlight
    /// An action that cannot be undone (an alert's Delete or Discard): bold, in
    /// the colour of a warning, never that of ``highlight``. SDK 1.1.
    case destructive
}

/// Something the user did to a view, reported to its view controller.
public enum ViewAction: Equatable, Sendable, Codable {
    /// The button with this identifier was activated.
    case tap(String)
    /// The row at index `row` of list `list` was selected.
    case select(list: String, row: Int)
    /// The text of field `field` became `text`.
    case edit(field: String, text: String)
    /// Enter was pressed in field `field`: act on what it holds (a search's top
    /// result, a form's last field submitting it).
    case submit(field: String)
    /// The switch with this identifier was flipped: it asks to be `isOn`. SDK 1.1.
    case toggle(String, isOn: Bool)
    /// The option at `index` of the picker or tabs with this identifier was chosen.
    /// SDK 1.1.
    case choose(String, index: Int)
    /// The table with this identifier was asked to be sorted as `by` says: its
    /// screen sorts its rows and shows the order in ``Table/sorting``. Sent only
    /// for a table that ``Table/allowsSorting``. SDK 1.1.
    case sort(String, by: TableSorting)
}
