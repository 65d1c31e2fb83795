@_spi(TrellisHost) import TrellisSDK

/// One drawn frame: the canvas and the controls of the top layer.
public struct Frame: Sendable {
    /// What is drawn.
    public var canvas: Canvas
    /// The controls the user can reach: those of the top layer, in reading order.
    public var controls: [Control]
    /// Where the terminal shows its cursor: in the focused text field, else nowhere.
    public var cursor: (x: Int, y: Int)?
    /// The width each list of the top layer was drawn at, by list.
    var listWidths: [String: Int] = [:]
    /// The first line each scroll view of the top layer shows, by scroll view.
    var scrollOffsets: [String: Int] = [:]
    /// Whether something on screen moves by itself (a task under way): the front
    /// end draws again, a phase on, while it is on screen.
    public var animates = false
    /// The rows of its text the focused text area shows, top first.
    var areaRows: [Range<String.Index>] = []

    /// The frame as plain text, one line a row.
    public var text: String { canvas.text }
}

/// What is on screen: the root view, the views pushed or embedded into it, and the
/// modals over it, composed into frames.
@MainActor
public struct Window: Sendable {
    /// Columns of the terminal the window is drawn in.
    public var width: Int
    /// Rows of that terminal, the status line included.
    public var height: Int

    /// Creates a window of the given size.
    public init(width: Int, height: Int) {
        self.width = min(max(width, 0), Canvas.maximumSide)
        self.height = min(max(height, 0), Canvas.maximumSide)
    }

    /// The layers on screen, bottom first. Each lists the views from the one that
    /// starts the layer (the root, or a modal) to the one shown, through embedded
    /// views and navigation stacks.
    public static func layers(from root: ViewController) -> [[ViewController]] {
        root.layers
    }

    /// Draws the views of `root` with a status line at the bottom.
    ///
    /// - Parameters:
    ///   - root: The root view.
    ///   - status: The status line.
    ///   - focus: The control drawn as focused.
    ///   - fieldCursor: The focused text field's cursor, in characters; the frame's
    ///     cursor is where the field, scrolled to show it, draws it.
    public func draw(root: ViewController, status: StatusLine, focus: Control.ID?, fieldCursor: Int? = nil) -> Frame {
        draw(Window.sceneLayers(from: root), status: status, focus: focus, fieldCursor: fieldCursor, filter: nil)
    }

    /// The screens on show under `root` as the scene holds them, bottom first:
    /// each with the number and plugin `known` gives its view (a session's,
    /// ``ScreenSession/scene``), else 0 and none.
    static func sceneLayers(
        from root: ViewController, known: (ViewController) -> (number: Int, plugin: String?)? = { _ in nil }
    ) -> [Scene.Layer] {
        Window.layers(from: root).enumerated().compactMap { index, chain in
            guard let view = chain.last else { return nil }
            let known = known(view)
            return Scene.Layer(
                screen: known?.number ?? 0, isModal: index > 0, plugin: known?.plugin,
                content: SceneNode(view.displayedContent, styles: view.rowStyles, reading: view.listsForReading))
        }
    }

    /// Draws the screens of a scene, `layers`, bottom first, as
    /// ``draw(root:status:focus:fieldCursor:)``, with a list filter of the top
    /// screen (its list is drawn with its matching rows only, the match
    /// highlighted, and its rows' controls are numbered among the matches), and
    /// each list of the top layer at least as wide as `listWidthFloor` says (the
    /// widest it was drawn on that screen), so a list whose rows change as the
    /// user types does not move sideways at each keystroke.
    func draw(
        _ layers: [Scene.Layer], status: StatusLine, focus: Control.ID?, fieldCursor: Int?, filter: ListFilter?,
        listWidthFloor: [String: Int] = [:], scrollOffsets: [String: Int] = [:], spinnerPhase: Int = 0,
        areaCursor: AreaCursor? = nil, fieldSelection: Range<Int>? = nil
    ) -> Frame {
        var canvas = Canvas(width: width, height: height)
        let area = Size(width: width, height: max(height - 1, 0))
        var controls: [Control] = []
        var cursor: (x: Int, y: Int)?
        var topListWidths: [String: Int] = [:]
        var topScrollOffsets: [String: Int] = [:]
        var areaRows: [Range<String.Index>] = []
        var animates = false
        for (index, screen) in layers.enumerated() {
            let isTop = index == layers.count - 1
            var layout = Layout(focus: isTop ? focus : nil)
            layout.fieldCursor = fieldCursor
            layout.areaCursor = areaCursor
            layout.fieldSelection = fieldSelection
            layout.spinnerPhase = spinnerPhase
            if isTop { layout.scrollOffsets = scrollOffsets }
            var tables: Set<String> = []
            var node = LayoutNode(screen.content, rowStyles: &layout.rowStyles, tables: &tables)
            // A modal's frame and padding take six columns and four rows.
            let availableWidth = index == 0 ? area.width : max(area.width - 6, 0)
            let filter = isTop ? filter : nil
            if let filter {
                node = node.keepingRows(filter.matches, ofList: filter.list)
                layout.filteredRows[filter.list] = (filter.matches, FilterPattern(filter.query))
            }
            let wrapped = node.wrapped(toWidth: availableWidth)
            // Lists can shrink to a row; anything else that does not fit would be cut,
            // and the focus could land off screen: the window is too small for it.
            let needed = Window.minimumSize(of: wrapped)
            // A screen keeps a blank row above it when there is room for one.
            let margin = needed.height + Window.topMargin <= area.height ? Window.topMargin : 0
            let available =
                index == 0
                ? Size(width: area.width, height: area.height - margin)
                : Size(width: availableWidth, height: max(area.height - 4, 0))
            guard needed.width <= available.width, needed.height <= available.height else {
                let extra = index == 0 ? Size(width: 0, height: margin + 1) : Size(width: 6, height: 5)
                return tooSmall(
                    smallestFitting(wrapped: needed, unwrapped: Window.minimumSize(of: node), extra: extra),
                    status: status)
            }
            // A list as wide as its rows, up to the window: a longer row ends in `…`.
            // One taller than the window is cut: it keeps room, centred, for its `▲`,
            // `▼` and scroll bar, which say that it goes on.
            let rowCounts = wrapped.listRowCounts()
            func cap(_ list: String) -> Int {
                (rowCounts[list] ?? 0) > available.height && available.width > 10
                    ? available.width - 4 : available.width
            }
            layout.listWidths = wrapped.listWidths(cappedAt: available.width)
            for (list, width) in layout.listWidths {
                // On top, no narrower than it was on this screen.
                let floor = isTop ? listWidthFloor[list] ?? 0 : 0
                layout.listWidths[list] = min(max(width, floor), cap(list))
            }
            if isTop { topListWidths = layout.listWidths }
            if let filter, !tables.contains(filter.list) {
                // A filtered list keeps the width of the whole list, so it does not move as the filter narrows it
                // (a table's rows keep their columns' widths).
                layout.listWidths[filter.list] = min(Layout.listWidth(filter.matchedRows), cap(filter.list))
            }
            let content = wrapped.windowingLists(
                toHeight: available.height, focus: layout.focus, offsets: &layout.listOffsets,
                widths: &layout.listWidths)
            let size = Layout.size(of: content, listWidths: layout.listWidths)
            if index == 0 {
                // Anchored at the top, so what is above a changing list stays put.
                layout.screenHeight = available.height
                layout.drawScreen(content, into: &canvas, width: area.width, y: margin)
            } else {
                drawModal(content, size: size, layout: &layout, into: &canvas, area: area)
            }
            if isTop {
                controls = layout.controls
                cursor = layout.cursor
                topScrollOffsets = layout.scrollOffsets
                areaRows = layout.shownAreaRows
            }
            animates = animates || layout.animates
        }
        status.draw(into: &canvas, row: height - 1)
        return Frame(
            canvas: canvas, controls: controls, cursor: cursor, listWidths: topListWidths,
            scrollOffsets: topScrollOffsets, animates: animates, areaRows: areaRows)
    }

    /// The smallest window a screen is drawn in, whatever it shows.
    static let smallest = Size(width: 20, height: 5)

    /// The size `content` needs with each list cut to one row and to no width (a
    /// list's rows are cut to the window, ending in `…`).
    static func minimumSize(of content: LayoutNode) -> Size {
        Size(
            width: Layout.size(of: content.cuttingLists(toRows: 0)).width,
            height: Layout.size(of: content.cuttingLists(toRows: 1)).height)
    }

    /// The window to ask for: of the size the screen needs with its text wrapped
    /// to this window's width and the size with nothing wrapped (each with
    /// `extra` for the frame around it), the one nearer this window: the one
    /// column short of an unwrapped title, or the rows a long text needs wrapped.
    private func smallestFitting(wrapped: Size, unwrapped: Size, extra: Size) -> Size {
        func padded(_ size: Size) -> Size {
            Size(
                width: max(size.width + extra.width, Window.smallest.width),
                height: max(size.height + extra.height, Window.smallest.height))
        }
        func growth(_ size: Size) -> Int { max(size.width - width, 0) + max(size.height - height, 0) }
        let (atWidth, natural) = (padded(wrapped), padded(unwrapped))
        return growth(natural) <= growth(atWidth) ? natural : atWidth
    }

    /// A frame that says the window is smaller than `needed`, with no controls.
    private func tooSmall(_ needed: Size, status: StatusLine) -> Frame {
        var canvas = Canvas(width: width, height: height)
        let message = ["window too small:", "\(needed.width)x\(needed.height) needed", "(now \(width)x\(height))"]
        let top = max((height - 1 - message.count) / 2, 0)
        for (offset, line) in message.enumerated() {
            canvas.write(
                TextWidth.truncated(line, to: width), x: centred(TextWidth.of(line), in: width), y: top + offset)
        }
        StatusLine(path: status.path, hints: [.essential("Ctrl-C quit", short: "^C")]).draw(
            into: &canvas, row: height - 1)
        return Frame(canvas: canvas, controls: [], cursor: nil)
    }

    private func drawModal(
        _ content: LayoutNode, size: Size, layout: inout Layout, into canvas: inout Canvas, area: Size
    ) {
        // A frame, then one blank line and two blank columns around the content.
        let boxWidth = min(size.width + 6, area.width)
        let boxHeight = min(size.height + 4, area.height)
        let x = centred(boxWidth, in: area.width)
        let y = centred(boxHeight, in: area.height)
        guard boxWidth >= 2, boxHeight >= 2 else { return }
        // A blank column either side keeps the screen below from touching the frame.
        canvas.clear(x: x - 1, y: y, width: boxWidth + 2, height: boxHeight)
        let rule = String(repeating: "─", count: boxWidth - 2)
        canvas.write("┌" + rule + "┐", x: x, y: y, style: .chrome)
        canvas.write("└" + rule + "┘", x: x, y: y + boxHeight - 1, style: .chrome)
        for row in y + 1..<y + boxHeight - 1 {
            canvas.write("│", x: x, y: row, style: .chrome)
            canvas.write("│", x: x + boxWidth - 1, y: row, style: .chrome)
        }
        var inner = Canvas(width: boxWidth - 6 > 0 ? boxWidth - 6 : 0, height: max(boxHeight - 4, 0))
        layout.draw(content, into: &inner, x: centred(size.width, in: inner.width), y: 0)
        canvas.paste(inner, x: x + 3, y: y + 2)
        layout.offsetControls(x: x + 3, y: y + 2)
    }

    /// Blank rows above a screen's content, when it has room for them.
    static let topMargin = 1

    private func centred(_ length: Int, in available: Int) -> Int {
        max((available - length) / 2, 0)
    }
}

extension Canvas {
    /// Copies `other` onto this canvas with its top-left corner at (`x`, `y`),
    /// cut at this canvas's edges.
    mutating func paste(_ other: Canvas, x: Int, y: Int) {
        for row in max(-y, 0)..<max(min(other.height, height - y), max(-y, 0)) {
            for column in max(-x, 0)..<max(min(other.width, width - x), max(-x, 0)) {
                let cell = other[column, row]
                // A wide character's halves go together, or not at all.
                if cell.isContinuation { continue }
                if column + 1 < other.width, other[column + 1, row].isContinuation {
                    guard x + column + 1 < width else { continue }
                    put(cell, x: x + column, y: y + row)
                    put(other[column + 1, row], x: x + column + 1, y: y + row)
                } else {
                    put(cell, x: x + column, y: y + row)
                }
            }
        }
    }
}
