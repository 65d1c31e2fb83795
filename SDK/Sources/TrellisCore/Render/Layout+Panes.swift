import TrellisSDK

/// Views that take the room they are given: panes, scroll views and spacers.
extension Layout {
    /// The lines a scroll view shows when it does not say.
    static let scrollHeight = 10
    /// The rules between panes: one cell each.
    static let paneRule = 1

    /// The length of each pane of `sizes` in `length` cells: fixed panes first,
    /// then shares, then the rest split evenly; what does not fit is taken from
    /// the last panes, so no length is negative and their sum is at most `length`.
    static func paneLengths(_ sizes: [Pane.Size], in length: Int) -> [Int] {
        let available = max(length - paneRule * max(sizes.count - 1, 0), 0)
        var lengths = sizes.map { size -> Int in
            switch size {
            case let .cells(cells): return min(max(cells, 0), available)
            case let .fraction(share):
                return share.isFinite ? Int((min(max(share, 0), 1) * Double(available)).rounded(.down)) : 0
            case .rest: return 0
            @unknown default: return 0
            }
        }
        let rests = sizes.indices.filter { if case .rest = sizes[$0] { true } else { false } }
        let left = max(available - lengths.reduce(0, +), 0)
        for (order, index) in rests.enumerated() {
            lengths[index] = left / rests.count + (order < left % rests.count ? 1 : 0)
        }
        // Over the length: the last panes give way.
        var budget = available
        for index in lengths.indices {
            lengths[index] = min(lengths[index], budget)
            budget -= lengths[index]
        }
        return lengths
    }

    /// The size panes take where nothing gives them one: a fixed pane its cells,
    /// the others their content's width and the height it needs with its lists
    /// cut to a row (a pane scrolls its lists), with the rules between them.
    static func naturalSize(
        ofPanes axis: ViewNode.Axis, sizes: [Pane.Size], children: [LayoutNode], listWidths: [String: Int]
    ) -> Size {
        let contents = children.map { child in
            Size(
                width: size(of: child, listWidths: listWidths).width,
                height: size(of: child.cuttingLists(toRows: 1), listWidths: listWidths).height)
        }
        let rules = paneRule * max(children.count - 1, 0)
        let lengths = zip(sizes, contents).map { size, content -> Int in
            if case let .cells(cells) = size { return min(max(cells, 0), Canvas.maximumSide) }
            return axis == .horizontal ? content.width : content.height
        }
        let across = contents.map { axis == .horizontal ? $0.height : $0.width }.max() ?? 0
        let along = lengths.reduce(0, +) + rules
        return axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }

    /// Draws panes in `width` x `height` cells at (`x`, `y`): each pane's content
    /// fitted to its own cells as a screen is to the window, a rule between them.
    mutating func drawPanes(
        axis: ViewNode.Axis, sizes: [Pane.Size], children: [LayoutNode], into canvas: inout Canvas,
        x: Int, y: Int, width: Int, height: Int
    ) {
        let lengths = Self.paneLengths(sizes, in: axis == .horizontal ? width : height)
        var offset = 0
        for (index, child) in children.enumerated() {
            let length = lengths[index]
            let (paneX, paneY) = axis == .horizontal ? (x + offset, y) : (x, y + offset)
            let (paneWidth, paneHeight) = axis == .horizontal ? (length, height) : (width, length)
            drawFitted(child, into: &canvas, x: paneX, y: paneY, width: paneWidth, height: paneHeight)
            offset += length
            guard index < children.count - 1 else { break }
            switch axis {
            case .horizontal:
                for row in 0..<max(height, 0) { canvas.write("│", x: x + offset, y: y + row, style: .chrome) }
            case .vertical:
                canvas.write(String(repeating: "─", count: max(width, 0)), x: x, y: y + offset, style: .chrome)
            }
            offset += Self.paneRule
        }
    }

    /// Draws `node` in `width` x `height` cells at (`x`, `y`), as a screen is
    /// drawn in its window: text wrapped to the width, lists cut to the height,
    /// and anything else cut at the edges, with the controls cut with it.
    mutating func drawFitted(_ node: LayoutNode, into canvas: inout Canvas, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        var inner = self
        inner.controls = []
        inner.cursor = nil
        let wrapped = node.wrapped(toWidth: width)
        let rowCounts = wrapped.listRowCounts()
        inner.listWidths = wrapped.listWidths(cappedAt: width)
        for (list, listWidth) in inner.listWidths where (rowCounts[list] ?? 0) > height && width > 10 {
            // Room for the scroll marks beside a list that is cut.
            inner.listWidths[list] = min(listWidth, width - 4)
        }
        let content = wrapped.windowingLists(
            toHeight: height, focus: focus, offsets: &inner.listOffsets, widths: &inner.listWidths)
        inner.screenHeight = height
        // Drawn in place, cut to the pane.
        canvas.clipped(x: x, y: y, width: width, height: height) { pane in
            inner.drawScreen(content, into: &pane, x: x, width: width, y: y)
        }
        inner.keepControls(within: (x, y, width, height))
        adopt(inner)
    }

    /// Draws a scroll view over `content`, `height` lines of it from its offset,
    /// with a bar beside it: the offset kept in range, and moved to show the
    /// focused control when it is inside.
    mutating func drawScroll(
        id: String, content: LayoutNode, height: Int, into canvas: inout Canvas, x: Int, y: Int
    ) {
        let content = content.cuttingLists(toRows: Canvas.maximumSide)
        let size = Layout.size(of: content, listWidths: listWidths)
        var inner = self
        inner.controls = []
        inner.cursor = nil
        var whole = Canvas(width: size.width, height: size.height)
        inner.draw(content, into: &whole, x: 0, y: 0)
        let total = whole.height
        var offset = min(max(scrollOffsets[id] ?? 0, 0), max(total - height, 0))
        if let focused = inner.controls.first(where: { $0.id == focus }) {
            // The focused control in sight, its whole height when it fits.
            if focused.y < offset { offset = focused.y }
            if focused.y + focused.height > offset + height { offset = max(focused.y + focused.height - height, 0) }
            offset = min(offset, max(total - height, 0))
        }
        var shown = Canvas(width: size.width, height: height)
        shown.paste(whole, x: 0, y: -offset)
        canvas.paste(shown, x: x, y: y)
        let bar = x + size.width + 1
        // Focused, its bar's column is drawn in the focus's style, so the keys' target shows.
        let barStyle: CellStyle = focus == .scroll(id) ? .focused : .chrome
        if barStyle == .focused {
            for row in 0..<height { canvas.write(" ", x: bar, y: y + row, style: barStyle) }
        }
        if total > height {
            if offset > 0 { canvas.write("▲", x: bar, y: y, style: barStyle) }
            if offset + height < total { canvas.write("▼", x: bar, y: y + height - 1, style: barStyle) }
            Self.drawScrollThumb(
                offset: offset, shown: height, total: total, into: &canvas, x: bar, y: y, style: barStyle)
        }
        // The viewport is a control of its own, so the keys scroll text that has none.
        record(.scroll(id), label: id, x: x, y: y, width: size.width + 2, height: height)
        inner.offsetControls(x: 0, y: -offset)
        for index in inner.controls.indices where inner.controls[index].y < 0 || inner.controls[index].y >= height {
            // Out of sight, but Tab and the arrows reach it, and the view then scrolls to it.
            inner.controls[index].isInSight = false
        }
        if let drawn = inner.cursor, drawn.y < 0 || drawn.y >= height { inner.cursor = nil }
        inner.offsetControls(x: x, y: y)
        adopt(inner)
        // After what the content recorded, which holds this view's offset as it was asked for.
        scrollOffsets[id] = offset
    }

    /// Keeps the controls that start within a rectangle, and the cursor if it is in it.
    private mutating func keepControls(within area: (x: Int, y: Int, width: Int, height: Int)) {
        func isInside(_ x: Int, _ y: Int) -> Bool {
            x >= area.x && y >= area.y && x < area.x + area.width && y < area.y + area.height
        }
        controls.removeAll { !isInside($0.x, $0.y) }
        if let drawn = cursor, !isInside(drawn.x, drawn.y) { cursor = nil }
    }

    /// Takes what a layout drawn for part of this one recorded: its controls,
    /// its cursor, the offsets of its lists and scroll views, and whether it animates.
    private mutating func adopt(_ inner: Layout) {
        controls += inner.controls
        if let drawn = inner.cursor { cursor = drawn }
        if !inner.shownAreaRows.isEmpty { shownAreaRows = inner.shownAreaRows }
        listOffsets.merge(inner.listOffsets) { $1 }
        scrollOffsets.merge(inner.scrollOffsets) { $1 }
        animates = animates || inner.animates
    }

    /// Whether `node` takes what its stack has left over: a spacer, or panes.
    static func isFlexible(_ node: LayoutNode) -> Bool {
        switch node {
        case .spacer, .panes: true
        default: false
        }
    }
}

extension Layout {
    /// For each child of a stack `length` cells long along `axis`, the cells it
    /// takes when it is a spacer or panes: an even share of what the others and
    /// the gaps leave. `nil` for the others, and for all when there is no length.
    func flexibleShares(axis: ViewNode.Axis, spacing: Int, children: [LayoutNode], length: Int?) -> [Int?] {
        let flexible = children.indices.filter { Layout.isFlexible(children[$0]) }
        guard let length, !flexible.isEmpty else { return Array(repeating: nil, count: children.count) }
        let taken = children.filter { !Layout.isFlexible($0) }.map { child -> Int in
            let size = Layout.size(of: child, listWidths: listWidths)
            return axis == .horizontal ? size.width : size.height
        }.reduce(0, +)
        let left = max(length - taken - spacing * max(children.count - 1, 0), 0)
        var shares = [Int?](repeating: nil, count: children.count)
        for (order, index) in flexible.enumerated() {
            shares[index] = left / flexible.count + (order < left % flexible.count ? 1 : 0)
        }
        return shares
    }
}
