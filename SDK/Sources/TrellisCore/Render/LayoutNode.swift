import TrellisSDK

/// A view as the layout reads it: a screen's ``SceneNode``s, copied once a
/// frame into the cases the layout draws (a label is text, tabs are a picker
/// over a view, a form is a grid).
///
/// The layout switches over each node in several passes a frame (wrapping, the
/// minimum size, list widths, windowing, sizes, drawing); over this copy, of
/// the cases it draws only, it is direct. (Over the SDK's resilient
/// ``TrellisSDK/ViewNode`` every `switch` went through the SDK's value
/// witnesses, which made a frame take twice as long.)
indirect enum LayoutNode: Equatable, Sendable {
    case empty
    case text(String)
    case button(title: String, id: String)
    /// A field `width` columns of text wide, its text shown as bullets when `isSecure`.
    case textField(id: String, text: String, placeholder: String, width: Int, isSecure: Bool)
    case stack(axis: ViewNode.Axis, spacing: Int, children: [LayoutNode])
    case list(id: String, rows: [String])
    case grid(columns: Int, cells: [LayoutNode])
    /// `child` with the cell style of the meaning its plugin gave it.
    case styled(CellStyle, LayoutNode)
    /// A switch, drawn `[x] title` or `[ ] title`.
    case toggle(id: String, title: String, isOn: Bool)
    /// A bar at `value`, from 0 to 1 (a plugin's value out of range kept to it),
    /// or, when `nil` (not known, or not a number), a mark that work is under way.
    case progress(value: Double?, label: String)
    /// A rule across the stack it is in.
    case divider
    /// Text of several lines in a frame, `width` columns and `height` lines inside it.
    case textArea(id: String, text: String, placeholder: String, width: Int, height: Int)
    /// A choice among `options`, `selected` kept to them, `label` before it.
    case picker(id: String, label: String, options: [String], selected: Int)
    /// Space that takes what its stack has left over.
    case spacer
    /// A viewport `height` lines tall over `content`.
    case scroll(id: String, content: LayoutNode, height: Int)
    /// Panes along `axis`, each sized as `sizes` says.
    case panes(axis: ViewNode.Axis, sizes: [Pane.Size], children: [LayoutNode])
    /// A table, made into lines of text once the width it is given is known
    /// (``wrapped(toWidth:)``).
    case table(Table)
    /// The header of a table the user may sort: a control, whose columns start
    /// at `columnStarts`.
    case tableHeader(id: String, text: String, columnStarts: [Int])
    /// A control named `name` (a form row's label) instead of by what it shows.
    case named(String, LayoutNode)

    /// The layout's copy of a screen's content, as the scene holds it, and what
    /// its lists carry: each list's row styles, and the ids of its tables.
    ///
    /// The scene has cut a tree deeper than ``Scene/deepest`` and put a note
    /// for a view of a newer SDK than this host's (a plugin of a newer SDK minor
    /// is refused at load, so it is seen only with an SDK library newer than
    /// the host): each is drawn in its place, in brackets.
    init(_ node: SceneNode, rowStyles: inout [String: [Int: CellStyle]], tables: inout Set<String>) {
        func child(_ node: SceneNode) -> LayoutNode { LayoutNode(node, rowStyles: &rowStyles, tables: &tables) }
        func note(_ list: SceneList) {
            if !list.styles.isEmpty { rowStyles[list.id] = list.styles.mapValues(CellStyle.init) }
        }
        switch node {
        case .empty: self = .empty
        case let .text(text): self = .text(text)
        case let .button(title, id): self = .button(title: title, id: id)
        case let .field(field):
            self = .textField(
                id: field.id, text: field.text, placeholder: field.placeholder,
                width: min(max(field.width ?? Layout.fieldWidth, 1), Layout.widestField), isSecure: field.isSecure)
        case let .stack(axis, spacing, children):
            self = .stack(axis: axis, spacing: spacing, children: children.map(child))
        case let .list(list, rows):
            note(list)
            self = .list(id: list.id, rows: rows)
        case let .rows(list, rows):
            note(list)
            self = .list(id: list.id, rows: LayoutNode.richRows(rows))
        case let .grid(columns, cells): self = .grid(columns: columns, cells: cells.map(child))
        case let .styled(meaning, content): self = .styled(CellStyle(meaning), child(content))
        case let .toggle(toggle): self = .toggle(id: toggle.id, title: toggle.title, isOn: toggle.isOn)
        case let .progress(progress):
            self = .progress(
                value: progress.value.flatMap { $0.isNaN ? nil : min(max($0, 0), 1) }, label: progress.label)
        case .divider: self = .divider
        case let .picker(picker):
            self = .picker(
                id: picker.id, label: picker.label, options: picker.options,
                selected: min(max(picker.selected, 0), max(picker.options.count - 1, 0)))
        case let .area(area) where area.text.utf8.count > Layout.largestAreaText:
            // Wrapped whole at every frame, more would make each keystroke slow: said in its place.
            let megabytes = Double(area.text.utf8.count) / 1_048_576
            self = .styled(
                .highlight,
                .text(
                    "[text area \(area.id): \(Int(megabytes.rounded())) MB of text, more than the "
                        + "\(Layout.largestAreaText >> 20) MB a text area edits]"))
        case let .area(area):
            self = .textArea(
                id: area.id, text: area.text, placeholder: area.placeholder,
                width: min(max(area.width ?? 40, 1), Layout.widestField), height: min(max(area.height ?? 6, 1), 100))
        case let .table(table, list, _):
            note(list)
            tables.insert(table.id)
            self = .table(table)
        case .spacer: self = .spacer
        case let .scroll(id, height, content):
            self = .scroll(id: id, content: child(content), height: min(max(height ?? Layout.scrollHeight, 1), 200))
        case let .panes(axis, panes):
            self = .panes(axis: axis, sizes: panes.map(\.size), children: panes.map { child($0.content) })
        case let .label(title, icon):
            self = .text(icon.isEmpty ? title : icon + " " + title)
        case let .image(image):
            self = .styled(
                .placeholder, .text("[image: \(image.alternativeText.isEmpty ? image.source : image.alternativeText)]"))
        case let .tabs(id, titles, selected, content):
            // The bar of titles over the chosen tab's view.
            let bar = LayoutNode.picker(
                id: id, label: "", options: titles, selected: min(max(selected, 0), max(titles.count - 1, 0)))
            self = .stack(axis: .vertical, spacing: 1, children: [bar, child(content)])
        case let .form(rows): self = LayoutNode.form(rows.map { ($0, child($0.control)) })
        case let .note(text): self = .styled(.highlight, .text("[\(text)]"))
        }
    }

    /// Rich rows as a list's lines: the title, then two spaces and the secondary
    /// text, and the badges lined up in a column after the widest of those (among
    /// the rows a list measures, ``Layout/measuredRows``).
    ///
    /// The lines of the last few lists laid out are kept: a screen's rows do not
    /// change between keystrokes, and making 28,000 rows' lines again at each frame
    /// cost a keystroke 75 ms (the same rows, in the same storage, are compared at
    /// once). The same lines, in the same storage, also let the list's filter see
    /// that its rows did not change, so it folds them once, not at each keystroke.
    static func richRows(_ rows: [ListRow]) -> [String] {
        richRowsMade.value(for: rows) { layingOut(rows) }
    }

    /// The lines of the rich rows laid out last: a few, for a screen with a few
    /// lists, or a few tabs'.
    private static let richRowsMade = RecentlyMade<[ListRow], [String]>(keeping: 4)

    private static func layingOut(_ rows: [ListRow]) -> [String] {
        let texts = rows.map { $0.subtitle.isEmpty ? $0.title : $0.title + "  " + $0.subtitle }
        let column = texts.prefix(Layout.measuredRows).map(TextWidth.of).max() ?? 0
        return zip(texts, rows).map { text, row in
            row.badge.isEmpty
                ? text : text + String(repeating: " ", count: max(column - TextWidth.of(text), 0) + 2) + row.badge
        }
    }

}
