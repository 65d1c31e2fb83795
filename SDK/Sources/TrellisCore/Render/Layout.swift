import TrellisSDK

/// The size a view takes, in terminal cells.
struct Size: Equatable {
    var width: Int
    var height: Int
}

/// Lays out a view tree and draws it, recording its controls in reading order.
///
/// Both renderers use it, so headless text shows what a terminal shows.
struct Layout {
    /// The columns a text field shows: it keeps this width whatever its text, and
    /// scrolls to keep the cursor in sight.
    static let fieldWidth = 20
    /// The widest a plugin's field is drawn, in columns of text.
    static let widestField = 200

    /// The focused control, drawn in the focused style.
    var focus: Control.ID?
    /// The cursor of the focused text field, in characters from its start.
    var fieldCursor: Int?
    /// The characters selected in the focused one-line field.
    var fieldSelection: Range<Int>?
    /// The cursor of the focused text area as a place in its text, when the
    /// session knows it (else ``fieldCursor`` is counted).
    var areaCursor: AreaCursor?
    /// The rows of its text the focused text area shows, top first: where a
    /// click in it lands.
    var shownAreaRows: [Range<String.Index>] = []
    /// Styles of single list rows, from the screen's view controller.
    var rowStyles: [String: [Int: CellStyle]] = [:]
    /// For a list a filter cut to its matching rows: the index in the whole list
    /// of each row drawn, and what the filter matches (highlighted in each row).
    var filteredRows: [String: (indices: [Int], pattern: FilterPattern)] = [:]
    /// The style of the text being drawn: plain, or what a ``LayoutNode/styled(_:_:)``
    /// around it says.
    var textStyle = CellStyle.plain

    /// A layout that draws `focus` as focused.
    init(focus: Control.ID?) {
        self.focus = focus
    }
    /// Where the focused text field's cursor was drawn.
    var cursor: (x: Int, y: Int)?
    /// For each list scrolled by ``LayoutNode/windowingLists(toHeight:focus:offsets:widths:)``,
    /// the index of its first row shown.
    var listOffsets: [String: Int] = [:]
    /// The controls drawn so far, in reading order.
    var controls: [Control] = []
    /// The name of the next control drawn, from a form row's label.
    var controlName: String?
    /// Each scroll view's first line shown, by scroll view: as the session keeps
    /// them, then as drawn (kept in range, moved to show the focus).
    var scrollOffsets: [String: Int] = [:]
    /// Which frame of its animation a task under way shows.
    var spinnerPhase = 0
    /// Whether something drawn moves by itself (a task under way), so the front
    /// end draws again while it is on screen.
    var animates = false
    /// The rows a screen's content has, for panes and spacers that take what is
    /// left; `nil` where the content takes its own size (a modal).
    var screenHeight: Int?

    /// A stack's spacing as drawn: a plugin's negative or huge value is kept to
    /// 0...100, so sizes can neither go negative nor overflow.
    static func clamped(_ spacing: Int) -> Int {
        min(max(spacing, 0), 100)
    }

    /// The widths of lists cut to a window, by list: the width of the whole list,
    /// so that scrolling does not move it.
    var listWidths: [String: Int] = [:]

    /// How many of a list's rows are measured for its width: the first ones. A
    /// bounded measure, so a list of 28,000 rows costs what a list of 200 does, and
    /// its width does not change as it scrolls; a longer row below is cut with `…`.
    static let measuredRows = 200

    /// The width of a list of `rows`.
    static func listWidth(_ rows: [String]) -> Int {
        rows.prefix(measuredRows).lazy.map(TextWidth.of).max() ?? 0
    }

    /// The size `node` is drawn at; a list in `listWidths` takes the width given.
    static func size(of node: LayoutNode, listWidths: [String: Int] = [:]) -> Size {
        switch node {
        case .empty:
            return Size(width: 0, height: 0)
        case let .text(text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return Size(width: lines.map(TextWidth.of).max() ?? 0, height: lines.count)
        case let .button(title, _):
            let lines = title.split(separator: "\n", omittingEmptySubsequences: false)
            return Size(width: (lines.map(TextWidth.of).max() ?? 0) + 4, height: lines.count)
        case let .textField(_, _, _, width, _):
            return Size(width: width + 2, height: 1)
        case let .list(id, rows):
            return Size(width: listWidths[id] ?? listWidth(rows), height: rows.count)
        case let .stack(axis, spacing, children):
            let sizes = children.map { size(of: $0, listWidths: listWidths) }
            let gaps = Layout.clamped(spacing) * max(sizes.count - 1, 0)
            switch axis {
            case .vertical:
                return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(0, +) + gaps)
            case .horizontal:
                return Size(width: sizes.map(\.width).reduce(0, +) + gaps, height: sizes.map(\.height).max() ?? 0)
            }
        case let .styled(_, child), let .named(_, child):
            return size(of: child, listWidths: listWidths)
        case let .grid(columns, cells):
            let metrics = GridMetrics(columns: columns, cells: cells, listWidths: listWidths)
            return Size(width: metrics.width, height: metrics.rowHeights.reduce(0, +))
        case let .toggle(_, title, _):
            return Size(width: TextWidth.of(title) + Layout.toggleBox.count, height: 1)
        case let .progress(_, label):
            return Size(width: Layout.progressWidth(label: label), height: 1)
        case .divider:
            return Size(width: 1, height: 1)
        case let .picker(_, label, options, _):
            return Size(width: Layout.pickerLabelWidth(label) + Layout.optionsWidth(options), height: 1)
        case let .textArea(_, _, _, width, height):
            return Size(width: width + 2, height: height + 2)
        case .spacer:
            return Size(width: 0, height: 0)
        case let .scroll(_, content, height):
            let inner = size(of: content.cuttingLists(toRows: Canvas.maximumSide), listWidths: listWidths)
            return Size(width: inner.width + 2, height: min(height, max(inner.height, 1)))
        case let .panes(axis, sizes, children):
            return naturalSize(ofPanes: axis, sizes: sizes, children: children, listWidths: listWidths)
        case let .table(table):
            return LayoutNode.naturalSize(of: table)
        case let .tableHeader(_, text, _):
            return Size(width: TextWidth.of(text), height: 1)
        }
    }

    /// Draws `node` with its top-left corner at (`x`, `y`).
    mutating func draw(_ node: LayoutNode, into canvas: inout Canvas, x: Int, y: Int) {
        switch node {
        case .empty:
            break
        case let .text(text):
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                canvas.write(line, x: x, y: y + offset, style: textStyle)
            }
        case let .styled(style, child):
            let outer = textStyle
            textStyle = style
            draw(child, into: &canvas, x: x, y: y)
            textStyle = outer
        case let .named(name, child):
            controlName = name
            draw(child, into: &canvas, x: x, y: y)
            controlName = nil
        case let .button(title, id):
            let lines = title.split(separator: "\n", omittingEmptySubsequences: false)
            let inner = lines.map(TextWidth.of).max() ?? 0
            let style = style(for: .button(id))
            for (offset, line) in lines.enumerated() {
                let padding = String(repeating: " ", count: inner - TextWidth.of(line))
                canvas.write("[ \(line)\(padding) ]", x: x, y: y + offset, style: style)
            }
            record(.button(id), label: lines.joined(separator: " "), x: x, y: y, width: inner + 4, height: lines.count)
        case let .textField(id, typed, placeholder, inner, isSecure):
            // A secure field shows a bullet a character: the cursor, counted in characters, stays right.
            let text = isSecure ? Layout.masked(typed) : typed
            let style = style(for: .field(id))
            canvas.write("[" + String(repeating: "_", count: inner) + "]", x: x, y: y, style: style)
            if focus == .field(id) {
                let (shown, cursorColumn) = Layout.scrolled(text, cursor: fieldCursor ?? text.count, width: inner)
                canvas.write(
                    text.isEmpty ? Substring(placeholder) : shown, x: x + 1, y: y,
                    style: text.isEmpty ? Self.placeholderStyle(in: style) : style, limit: inner)
                drawSelection(of: text, shown: shown, x: x + 1, y: y, width: inner, into: &canvas)
                cursor = (x + 1 + cursorColumn, y)
            } else {
                let shown = text.isEmpty ? placeholder : text
                let fits = TextWidth.of(shown) <= inner
                canvas.write(
                    fits ? shown : TextWidth.truncated(shown, to: inner), x: x + 1, y: y,
                    style: text.isEmpty ? Self.placeholderStyle(in: style) : style, limit: inner)
            }
            record(.field(id), label: placeholder.isEmpty ? id : placeholder, x: x, y: y, width: inner + 2, height: 1)
        case let .list(id, rows):
            let offset = listOffsets[id] ?? 0
            let width = listWidths[id] ?? Layout.listWidth(rows)
            // A cut list marks that it goes on above or below, beside its rows.
            let total = listWidths[LayoutNode.totalKey(id)] ?? rows.count
            if offset > 0 { canvas.write("▲", x: x + width + 1, y: y, style: .chrome) }
            if offset + rows.count < total {
                canvas.write("▼", x: x + width + 1, y: y + rows.count - 1, style: .chrome)
            }
            if offset > 0 || offset + rows.count < total {
                Self.drawScrollThumb(
                    offset: offset, shown: rows.count, total: total, into: &canvas, x: x + width + 1, y: y)
            }
            let filter = filteredRows[id]
            for (line, row) in rows.enumerated() where y + line < canvas.height {
                let index = offset + line
                let isFocused = focus == .row(list: id, index: index)
                let wholeIndex = filter.map { $0.indices.indices.contains(index) ? $0.indices[index] : index } ?? index
                let rowStyle = isFocused ? CellStyle.focused : rowStyles[id]?[wholeIndex] ?? textStyle
                canvas.write(TextWidth.truncated(row, to: width), x: x, y: y + line, style: rowStyle)
                for match in filter?.pattern.highlights(in: row) ?? [] {
                    drawMatch(row, match, focused: isFocused, into: &canvas, x: x, y: y + line, width: width)
                }
                record(.row(list: id, index: index), label: row, x: x, y: y + line, width: width, height: 1)
            }
        case let .stack(axis, spacing, children):
            drawStack(axis: axis, spacing: spacing, children: children, into: &canvas, x: x, y: y)
        case let .toggle(id, title, isOn):
            drawToggle(id: id, title: title, isOn: isOn, into: &canvas, x: x, y: y)
        case let .progress(value, label):
            drawProgress(value: value, label: label, into: &canvas, x: x, y: y)
        case .divider:
            canvas.write("─", x: x, y: y, style: .chrome)
        case let .textArea(id, text, placeholder, width, height):
            drawTextArea(
                id: id, text: text, placeholder: placeholder, width: width, height: height, into: &canvas, x: x, y: y)
        case let .picker(id, label, options, selected):
            drawPicker(id: id, label: label, options: options, selected: selected, into: &canvas, x: x, y: y)
        case .spacer:
            break
        case let .scroll(id, content, height):
            drawScroll(id: id, content: content, height: height, into: &canvas, x: x, y: y)
        case let .panes(axis, sizes, children):
            let size = Layout.size(of: node, listWidths: listWidths)
            drawPanes(
                axis: axis, sizes: sizes, children: children, into: &canvas, x: x, y: y, width: size.width,
                height: size.height)
        case let .table(table):
            draw(LayoutNode.table(table, width: nil), into: &canvas, x: x, y: y)
        case let .tableHeader(id, text, columnStarts):
            canvas.write(text, x: x, y: y, style: focus == .header(id) ? .focused : .title)
            record(.header(id), label: "sort \(id)", x: x, y: y, width: TextWidth.of(text), height: 1)
            controls[controls.count - 1].stops = columnStarts
        case let .grid(columns, cells):
            let metrics = GridMetrics(columns: columns, cells: cells, listWidths: listWidths)
            var rowY = y
            for (row, height) in metrics.rowHeights.enumerated() {
                var cellX = x
                for column in 0..<metrics.columns {
                    let index = row * metrics.columns + column
                    guard index < cells.count else { break }
                    draw(cells[index], into: &canvas, x: cellX, y: rowY)
                    cellX += metrics.columnWidths[column] + GridMetrics.gap
                }
                rowY += height
            }
        }
    }

    /// How a placeholder is drawn in a field drawn in `style`.
    static func placeholderStyle(in style: CellStyle) -> CellStyle {
        switch style {
        case .plain: .placeholder
        case .focused: .focusedPlaceholder
        default: style
        }
    }

    /// The part of `text` a field `width` columns wide shows with its cursor at
    /// `cursor` (characters), and the cursor's column in it: the text from its
    /// start while the cursor fits, else the end of the text up to the cursor,
    /// with one column kept for the cursor itself.
    static func scrolled(_ text: String, cursor: Int, width: Int) -> (shown: Substring, cursorColumn: Int) {
        let cursorIndex = text.index(text.startIndex, offsetBy: min(max(cursor, 0), text.count))
        let beforeCursor = TextWidth.of(text[..<cursorIndex])
        // The columns the cursor's cell takes: a wide character under it is shown whole.
        let underCursor = cursorIndex < text.endIndex ? max(TextWidth.of(text[cursorIndex]), 1) : 1
        guard beforeCursor + underCursor > width else { return (text[...], beforeCursor) }
        var start = cursorIndex
        var columns = 0
        while start > text.startIndex {
            let previous = text.index(before: start)
            let next = columns + TextWidth.of(text[previous])
            guard next <= width - underCursor else { break }
            columns = next
            start = previous
        }
        return (text[start...], columns)
    }

    /// Draws a screen's content from row `y`, each part of a vertical stack centred
    /// in the `width` columns on its own: a title and a field stay where they are
    /// while a list below them narrows or widens.
    mutating func drawScreen(_ node: LayoutNode, into canvas: inout Canvas, x: Int = 0, width: Int, y: Int) {
        let height = max(screenHeight ?? 0, 0)
        if case let .stack(.vertical, spacing, children) = node {
            drawStack(
                axis: .vertical, spacing: spacing, children: children, into: &canvas, x: x, y: y, width: width,
                length: screenHeight.map { _ in height })
        } else if case let .panes(axis, sizes, children) = node, screenHeight != nil {
            drawPanes(
                axis: axis, sizes: sizes, children: children, into: &canvas, x: x, y: y, width: width, height: height)
        } else if case let .stack(.horizontal, spacing, children) = node, children.contains(where: Layout.isFlexible) {
            drawStack(axis: .horizontal, spacing: spacing, children: children, into: &canvas, x: x, y: y, length: width)
        } else {
            draw(
                node, into: &canvas,
                x: x + max((width - Layout.size(of: node, listWidths: listWidths).width) / 2, 0), y: y)
        }
    }

    /// Draws a stack's children one after another; with a `length` along its
    /// axis (a screen's or a pane's), its spacers and panes share what the
    /// others leave of it.
    private mutating func drawStack(
        axis: ViewNode.Axis, spacing: Int, children: [LayoutNode], into canvas: inout Canvas, x: Int, y: Int,
        width centringWidth: Int? = nil, length: Int? = nil
    ) {
        let spacing = Layout.clamped(spacing)
        let width =
            centringWidth
            ?? Layout.size(of: .stack(axis: axis, spacing: spacing, children: children), listWidths: listWidths).width
        let shares = flexibleShares(axis: axis, spacing: spacing, children: children, length: length)
        var offset = 0
        for (index, child) in children.enumerated() {
            if let share = shares[index] {
                // A spacer or panes, given its share of what is left.
                if case let .panes(paneAxis, sizes, paneChildren) = child {
                    let across = Layout.size(of: child, listWidths: listWidths)
                    drawPanes(
                        axis: paneAxis, sizes: sizes, children: paneChildren, into: &canvas,
                        x: x + (axis == .horizontal ? offset : 0), y: y + (axis == .vertical ? offset : 0),
                        width: axis == .horizontal ? share : width, height: axis == .vertical ? share : across.height)
                }
                offset += share + spacing
                continue
            }
            if axis == .vertical, length != nil, case let .stack(.horizontal, innerSpacing, row) = child,
                row.contains(where: Layout.isFlexible)
            {
                // A row with a spacer spans the screen, so the spacer pushes what follows it to the end.
                drawStack(
                    axis: .horizontal, spacing: innerSpacing, children: row, into: &canvas, x: x, y: y + offset,
                    length: width)
                offset += Layout.size(of: child, listWidths: listWidths).height + spacing
                continue
            }
            let size = Layout.size(of: child, listWidths: listWidths)
            if child == .divider {
                // A rule across the stack.
                offset +=
                    drawDivider(
                        axis: axis, stack: children, width: width, into: &canvas,
                        x: x + offset * (axis == .horizontal ? 1 : 0), y: y + offset * (axis == .vertical ? 1 : 0))
                    + spacing
                continue
            }
            switch axis {
            case .vertical:
                // Centred, as the seeds' screens centre their views.
                draw(child, into: &canvas, x: x + max((width - size.width) / 2, 0), y: y + offset)
                offset += size.height + spacing
            case .horizontal:
                draw(child, into: &canvas, x: x + offset, y: y)
                offset += size.width + spacing
            }
        }
    }

    func style(for id: Control.ID) -> CellStyle {
        focus == id ? .focused : textStyle
    }

    /// Moves the recorded controls, for content drawn on an inner canvas.
    mutating func offsetControls(x: Int, y: Int) {
        for index in controls.indices {
            controls[index].x += x
            controls[index].y += y
        }
        if let drawn = cursor { cursor = (drawn.x + x, drawn.y + y) }
    }

    mutating func record(_ id: Control.ID, label: String, x: Int, y: Int, width: Int, height: Int) {
        var control = Control(id: id, label: controlName ?? label, x: x, y: y, width: width, height: height)
        if controlName != nil { control.otherLabel = label }
        controls.append(control)
        controlName = nil
    }
}
