import TrellisSDK

extension SceneNode {
    /// The scene's node of `view`, a screen's content: `styles` and `reading` are
    /// the screen's row styles and lists for reading.
    public init(_ view: ViewNode, styles: [String: [Int: TextStyle]] = [:], reading: Set<String> = []) {
        self.init(view, styles: styles, reading: reading, depth: 0)
    }

    private init(_ view: ViewNode, styles: [String: [Int: TextStyle]], reading: Set<String>, depth: Int) {
        guard depth < Scene.deepest else {
            self = .note("views nested more than \(Scene.deepest) deep: cut here")
            return
        }
        func child(_ view: ViewNode) -> SceneNode {
            SceneNode(view, styles: styles, reading: reading, depth: depth + 1)
        }
        func list(_ id: String) -> SceneList {
            SceneList(id: id, styles: styles[id] ?? [:], isForReading: reading.contains(id))
        }
        switch view {
        case .empty: self = .empty
        case let .text(text): self = .text(text)
        case let .button(title, id): self = .button(title: title, id: id)
        case let .textField(id, text, placeholder):
            self = .field(TextField(id: id, text: text, placeholder: placeholder))
        case let .field(field): self = .field(field)
        case let .stack(axis, spacing, children):
            self = .stack(axis: axis, spacing: spacing, children: children.map(child))
        case let .list(id, rows): self = .list(list(id), rows: rows)
        case let .rows(id, rows): self = .rows(list(id), rows: rows)
        case let .grid(columns, cells): self = .grid(columns: columns, cells: cells.map(child))
        case let .styled(style, content): self = .styled(style, child(content))
        case let .toggle(toggle): self = .toggle(toggle)
        case let .progress(progress): self = .progress(progress)
        case .divider: self = .divider
        case let .picker(picker): self = .picker(picker)
        case let .tabs(tabs):
            self = .tabs(id: tabs.id, titles: tabs.titles, selected: tabs.selected, content: child(tabs.content))
        case let .textArea(area): self = .area(area)
        case let .label(title, icon): self = .label(title: title, icon: icon)
        case let .image(image): self = .image(image)
        case let .table(table):
            self = .table(table, list: list(table.id), columnWidths: table.drawnColumnWidths)
        case .spacer: self = .spacer
        case let .scroll(scroll): self = .scroll(id: scroll.id, height: scroll.height, content: child(scroll.content))
        case let .panes(panes):
            self = .panes(
                axis: panes.axis, panes: panes.panes.map { ScenePane(size: $0.size, content: child($0.content)) })
        case let .form(form):
            self = .form(
                form.rows.map {
                    SceneFormRow(label: $0.label, control: child($0.control), help: $0.help, error: $0.error)
                })
        @unknown default: self = .note("a view this Trellis cannot draw: update Trellis")
        }
    }
}
