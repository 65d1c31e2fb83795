import TrellisCore
import TrellisSDK

/// A view as the page draws it: a JSON object made from a ``SceneNode``, with its
/// children, and for a list, rich rows or a table, the rows the page shows (a
/// window of them, so a table of 28,000 rows sends the rows in sight).
///
/// The page builds real HTML controls from it; ``WebNode/changes(from:to:at:)``
/// gives the small changes that bring a page from one tree to the next.
package struct WebNode: Equatable {
    /// The node's own members, as JSON: `"k":"button","id":"next","s":"Next"`.
    package var head: String
    package var children: [WebNode] = []
    /// For a list, rich rows or a table: its rows.
    package var rows: Rows?

    /// A list's rows: how many it has, and the window of them sent.
    package struct Rows: Equatable {
        package var count: Int
        /// The index of the first row sent.
        package var start: Int
        /// The rows sent, from `start`, each a JSON value.
        package var items: [String]
    }

    /// The node as the page reads it: `{"k":…, "c":[children], "n":count, "o":start, "r":[rows]}`.
    package var json: String {
        var text = "{" + head
        if !children.isEmpty { text += ",\"c\":[" + children.map(\.json).joined(separator: ",") + "]" }
        if let rows {
            text += ",\"n\":\(rows.count),\"o\":\(rows.start),\"r\":[" + rows.items.joined(separator: ",") + "]"
        }
        return text + "}"
    }

    /// The changes that make `old` into `new` at `path` (child indexes from the
    /// top), each a JSON array the page applies in order:
    /// - `["s",path,node]` sets the node at `path`;
    /// - `["r",path,count,start,length,{"index":row,…}]` gives a list's count, the
    ///   window it shows, and the rows of that window that changed;
    /// - `["a",path,node]` adds a last child to the node at `path` (a stack, a grid,
    ///   the screens: a dialog that opens);
    /// - `["d",path,count]` keeps its first `count` children (a dialog that closes).
    ///
    /// A node whose own members changed is sent whole; else only what changed
    /// under it, its first children compared by place.
    package static func changes(from old: WebNode, to new: WebNode, at path: [Int] = []) -> [String] {
        guard old.head == new.head, (old.rows == nil) == (new.rows == nil) else {
            return old == new ? [] : ["[\"s\",\(pathJSON(path)),\(new.json)]"]
        }
        var changes: [String] = []
        // Breadth of a tree is bounded by what a plugin draws; its depth by the builder's limit.
        for (index, (before, after)) in zip(old.children, new.children).enumerated() where before != after {
            changes += Self.changes(from: before, to: after, at: path + [index])
        }
        for added in new.children.dropFirst(old.children.count) {
            changes.append("[\"a\",\(pathJSON(path)),\(added.json)]")
        }
        if old.children.count > new.children.count {
            changes.append("[\"d\",\(pathJSON(path)),\(new.children.count)]")
        }
        if let before = old.rows, let after = new.rows, before != after {
            var changed: [String] = []
            for (offset, item) in after.items.enumerated() {
                let index = after.start + offset
                let oldOffset = index - before.start
                if before.items.indices.contains(oldOffset), before.items[oldOffset] == item { continue }
                changed.append("\"\(index)\":" + item)
            }
            changes.append(
                "[\"r\",\(pathJSON(path)),\(after.count),\(after.start),\(after.items.count),{"
                    + changed.joined(separator: ",") + "}]")
        }
        return changes
    }

    private static func pathJSON(_ path: [Int]) -> String {
        "[" + path.map(String.init).joined(separator: ",") + "]"
    }
}

/// Makes ``WebNode``s from a screen of the session's ``Scene``.
@MainActor
package struct WebNodeBuilder {
    /// The first row each list shows, by list: the page asks for the window it
    /// scrolls to.
    package var windows: [String: Int] = [:]
    /// The plugin whose resources the screen's pictures are in.
    package var plugin: String?
    /// How many lists of each id the screen has shown so far, so two of one id
    /// (a plugin's mistake) keep windows of their own.
    private let listsSeen = ListCount()

    /// How many rows of a list are sent at once.
    package static let windowLength = 150

    /// The node of `scene`.
    package func node(_ scene: SceneNode) -> WebNode {
        switch scene {
        case .empty: return WebNode(head: kind("empty"))
        case let .text(text): return WebNode(head: kind("text") + member("s", text))
        case let .note(text):
            // As the terminal draws it: highlighted, in brackets, not as the plugin's own text.
            return WebNode(
                head: kind("styled") + member("style", Self.name(.highlight)),
                children: [WebNode(head: kind("text") + member("s", "[\(text)]"))])
        case let .button(title, id): return WebNode(head: kind("button") + member("id", id) + member("s", title))
        case let .field(textField): return field(textField)
        case let .stack(axis, spacing, children):
            return WebNode(
                head: kind("stack") + member("axis", axis == .vertical ? "v" : "h") + number("gap", spacing),
                children: children.map(node))
        case let .list(list, rows):
            return self.list(
                kind("list") + member("id", list.id) + flag("read", list.isForReading), id: list.id, count: rows.count
            ) { index in
                // A row of no style is its text alone: the most rows, the fewest bytes.
                guard let style = list.styles[index] else { return WebJSON.string(rows[index]) }
                return "[" + WebJSON.string(rows[index]) + ",\"" + Self.name(style) + "\"]"
            }
        case let .rows(list, rows):
            return self.list(
                kind("rows") + member("id", list.id) + flag("read", list.isForReading), id: list.id, count: rows.count
            ) { index in
                let row = rows[index]
                return "["
                    + [row.title, row.subtitle, row.badge, list.styles[index].map(Self.name) ?? ""].map(
                        WebJSON.string
                    ).joined(separator: ",") + "]"
            }
        case let .grid(columns, cells):
            return WebNode(head: kind("grid") + number("columns", min(max(columns, 1), 64)), children: cells.map(node))
        case let .styled(style, content):
            return WebNode(head: kind("styled") + member("style", Self.name(style)), children: [node(content)])
        case let .toggle(toggle):
            return WebNode(
                head: kind("toggle") + member("id", toggle.id) + member("s", toggle.title) + flag("on", toggle.isOn))
        case let .progress(progress):
            let value = progress.value.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil }
            return WebNode(
                head: kind("progress") + ",\"v\":" + (value.map { "\($0)" } ?? "null") + member("s", progress.label))
        case .divider: return WebNode(head: kind("divider"))
        case let .picker(picker):
            return WebNode(
                head: kind("picker") + member("id", picker.id) + member("s", picker.label)
                    + strings("options", picker.options) + number("selected", picker.selected))
        case let .tabs(id, titles, selected, content):
            return WebNode(
                head: kind("tabs") + member("id", id) + strings("titles", titles) + number("selected", selected),
                children: [node(content)])
        case let .area(area):
            return WebNode(
                head: kind("area") + member("id", area.id) + member("s", area.text) + member("ph", area.placeholder)
                    + optionalNumber("w", area.width) + optionalNumber("h", area.height))
        case let .label(title, icon): return WebNode(head: kind("label") + member("s", title) + member("icon", icon))
        case let .image(image):
            let address = plugin.flatMap { WebPictures.address(of: image.source, plugin: $0) }
            return WebNode(
                head: kind("image") + member("src", image.source) + member("alt", image.alternativeText)
                    + (address.map { member("url", $0) } ?? ""))
        case let .table(table, list, widths): return self.table(table, list: list, drawnWidths: widths)
        case .spacer: return WebNode(head: kind("spacer"))
        case let .scroll(id, height, content):
            return WebNode(
                head: kind("scroll") + member("id", id) + optionalNumber("h", height), children: [node(content)])
        case let .panes(axis, panes):
            let sizes = panes.map { pane -> String in
                switch pane.size {
                case let .cells(cells): "[\"cells\",\(min(max(cells, 0), 10_000))]"
                case let .fraction(part): "[\"fraction\",\(part.isFinite ? min(max(part, 0), 1) : 0)]"
                case .rest: "[\"rest\"]"
                @unknown default: "[\"rest\"]"
                }
            }
            return WebNode(
                head: kind("panes") + member("axis", axis == .vertical ? "v" : "h") + ",\"sizes\":["
                    + sizes.joined(separator: ",") + "]",
                children: panes.map { node($0.content) })
        case let .form(rows): return form(rows)
        }
    }

    /// A form as a grid of two columns, as the terminal lines it up: each row's
    /// label, then its control (named by the label: the page's accessible name)
    /// over its help line and error line.
    private func form(_ rows: [SceneFormRow]) -> WebNode {
        let cells = rows.flatMap { row -> [WebNode] in
            var control = node(row.control)
            if ["field", "area", "picker"].contains(where: { control.head.hasPrefix(kind($0) + ",") }) {
                control.head += member("name", row.label)
            }
            var column = [control]
            if !row.help.isEmpty {
                column.append(WebNode(head: kind("styled") + member("style", "help"), children: [text(row.help)]))
            }
            if !row.error.isEmpty {
                column.append(
                    WebNode(head: kind("styled") + member("style", "destructive"), children: [text(row.error)]))
            }
            let controlCell =
                column.count == 1
                ? control : WebNode(head: kind("stack") + member("axis", "v") + number("gap", 0), children: column)
            return [WebNode(head: kind("text") + member("s", row.label) + flag("label", true)), controlCell]
        }
        return WebNode(head: kind("grid") + number("columns", 2) + flag("form", true), children: cells)
    }

    private func text(_ text: String) -> WebNode {
        WebNode(head: kind("text") + member("s", text))
    }

    private func field(_ field: TextField) -> WebNode {
        WebNode(
            head: kind("field") + member("id", field.id) + member("s", field.text) + member("ph", field.placeholder)
                + optionalNumber("w", field.width) + flag("secure", field.isSecure))
    }

    private func table(_ table: Table, list: SceneList, drawnWidths: [Int?]) -> WebNode {
        // Each column as wide as the terminal draws it: a fraction's share, or the
        // cells of a fixed column or of a flexible one's title or widest cell.
        let columns = table.columns.prefix(drawnWidths.count).enumerated().map { index, column -> String in
            let width: String
            if let cells = drawnWidths[index] {
                width = "\(cells)"
            } else if case let .fraction(part) = column.width {
                width = "\"\(part.isFinite ? min(max(part, 0), 1) : 0)\""
            } else {
                width = "null"
            }
            let alignment =
                switch column.alignment {
                case .leading: "left"
                case .center: "center"
                case .trailing: "right"
                @unknown default: "left"
                }
            return "[" + WebJSON.string(column.title) + "," + width + ",\"" + alignment + "\"]"
        }
        var head =
            kind("table") + member("id", table.id) + ",\"columns\":[" + columns.joined(separator: ",") + "]"
            + flag("sortable", table.allowsSorting) + flag("read", list.isForReading)
        if let sorting = table.sorting, table.columns.indices.contains(sorting.column) {
            head += ",\"sort\":[\(sorting.column),\(sorting.ascending)]"
        }
        let width = columns.count
        let styles = list.styles
        return self.list(head, id: table.id, count: table.columns.isEmpty ? 0 : table.rows.count) { index in
            // A ragged row is shown with the table's columns: cut, or filled with blanks.
            let cells =
                table.rows[index].prefix(width).map(WebJSON.string)
                + Array(repeating: "\"\"", count: max(width - table.rows[index].count, 0))
            return "[[" + cells.joined(separator: ",") + "]," + WebJSON.string(styles[index].map(Self.name) ?? "")
                + "]"
        }
    }

    /// A list-like node whose rows in the window are made by `row`. The window
    /// is the one the page asked for under the list's id (`id#2` for the second
    /// list of that id, named in the node as `w`).
    private func list(_ head: String, id: String, count: Int, row: (Int) -> String) -> WebNode {
        let seen = listsSeen.counts[id, default: 0]
        listsSeen.counts[id] = seen + 1
        let key = seen == 0 ? id : "\(id)#\(seen + 1)"
        let start = min(max(windows[key] ?? 0, 0), max(count - Self.windowLength, 0))
        let end = min(start + Self.windowLength, count)
        return WebNode(
            head: head + (seen == 0 ? "" : member("w", key)),
            rows: WebNode.Rows(count: count, start: start, items: (start..<end).map(row)))
    }

    private func kind(_ name: String) -> String { "\"k\":\"\(name)\"" }
    private func member(_ name: String, _ text: String) -> String { ",\"\(name)\":" + WebJSON.string(text) }
    private func number(_ name: String, _ value: Int) -> String { ",\"\(name)\":\(value)" }
    private func optionalNumber(_ name: String, _ value: Int?) -> String {
        value.map { ",\"\(name)\":\(min(max($0, 1), 1000))" } ?? ""
    }
    private func flag(_ name: String, _ value: Bool) -> String { value ? ",\"\(name)\":true" : "" }
    private func strings(_ name: String, _ values: [String]) -> String {
        ",\"\(name)\":[" + values.map(WebJSON.string).joined(separator: ",") + "]"
    }

    package static func name(_ style: TextStyle) -> String {
        switch style {
        case .title: "title"
        case .first: "first"
        case .second: "second"
        case .highlight: "highlight"
        case .destructive: "destructive"
        @unknown default: "highlight"
        }
    }
}

/// The lists a build has met, by id.
private final class ListCount {
    var counts: [String: Int] = [:]
}

/// JSON text for the page.
enum WebJSON {
    /// `text` as a JSON string: quotes, backslashes, `<` and every control
    /// character escaped, so it can sit anywhere in a page.
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
