@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {

    /// The keys of this screen, in a box over it: what the status line offers, in
    /// full, and the keys that always work. Its controls are out of reach meanwhile.
    func drawHelp(over frame: inout Frame, controls: [Control]) {
        var lines = ["Keys on this screen", ""]
        lines += keyHints(controls: controls).map(\.explained)
        if !userKeyLines.isEmpty { lines += ["", "Your keys (keys.json):"] + userKeyLines.map { "  " + $0 } }
        lines += [
            "", "Tab, Shift-Tab  the next, previous control; a list is one stop",
            "arrows          move up, down, left, right",
        ]
        // In a field, j, k, g and G are text and Ctrl-P opens the palette (above).
        if focusedField == nil {
            lines += ["j, k            down, up (Ctrl-N, Ctrl-P too)"]
        }
        lines += ["PageUp/Down     page through a list"]
        if focusedField == nil {
            lines += [
                "g, G, Home/End  a list's first, last row",
                "5j, 3k, 12G     a count: 5 rows down, 3 up, row 12",
                "Ctrl-D, Ctrl-U  half the rows in sight down, up",
            ]
            if copyToClipboard != nil { lines += ["y               copy the focused row or label"] }
        }
        lines += [
            "mouse           click to press or select",
            "Ctrl-Z          suspend (fg to come back)", "Ctrl-L          draw the screen again", "",
            "Up, Down scroll · any other key closes this help",
        ]
        drawBox(lines, over: &frame)
    }

    /// The messages of this run, newest last, each whole (wrapped to the box);
    /// the newest that fit when there are more.
    func drawMessages(over frame: inout Frame) {
        let width = max(window.width - 6, 1)
        let wrapped = messages.flatMap {
            LayoutNode.wrap($0, width: width).split(separator: "\n").map(String.init) + [""]
        }
        let title = messages.count == 1 ? "1 message" : "\(messages.count) messages, the newest last"
        drawBox(
            [title, ""] + wrapped + ["Up, Down scroll · any other key closes the messages"], over: &frame,
            fullWidth: true)
    }

    /// `lines` in a box over the frame, centred (as wide as the window with
    /// `fullWidth`), each wrapped to it rather than cut; the frame's controls
    /// are out of reach meanwhile.
    ///
    /// - Returns: Where the box's first line is drawn and how wide a line may
    ///   be, if the window has room for the box.
    @discardableResult
    func drawBox(_ lines: [String], over frame: inout Frame, fullWidth: Bool = false) -> (x: Int, y: Int, width: Int)? {
        let widest = (lines.map(TextWidth.of).max() ?? 0) + 4
        let width = fullWidth ? window.width : min(widest, window.width)
        var lines = lines.flatMap { line in
            TextWidth.of(line) <= width - 4
                ? [line] : LayoutNode.wrap(line, width: max(width - 4, 1)).split(separator: "\n").map(String.init)
        }
        let height = min(lines.count + 2, window.height - 1)
        let x = max((window.width - width) / 2, 0)
        let y = max((window.height - 1 - height) / 2, 0)
        guard width >= 4, height >= 3 else { return nil }
        // Taller than the window: scrolled, with where it is on its last line.
        let room = height - 2
        if lines.count > room {
            let shown = max(room - 1, 1)
            boxScroll = min(boxScroll, lines.count - shown)
            let end = boxScroll + shown
            lines = Array(lines[boxScroll..<end]) + ["↑↓ \(boxScroll + 1)-\(end) of \(lines.count) lines"]
        }
        frame.canvas.clear(x: x, y: y, width: width, height: height)
        frame.canvas.write("┌" + String(repeating: "─", count: width - 2) + "┐", x: x, y: y, style: .chrome)
        frame.canvas.write(
            "└" + String(repeating: "─", count: width - 2) + "┘", x: x, y: y + height - 1, style: .chrome)
        for row in 1..<height - 1 {
            frame.canvas.write("│", x: x, y: y + row, style: .chrome)
            frame.canvas.write("│", x: x + width - 1, y: y + row, style: .chrome)
            if row - 1 < lines.count { frame.canvas.write(lines[row - 1], x: x + 2, y: y + row, limit: width - 4) }
        }
        frame.controls = []
        frame.cursor = nil
        return (x + 2, y + 1, width - 4)
    }

    /// The lines `key` scrolls a box by, or `nil` for a key that closes it.
    static func scrollStep(of key: Key) -> Int? {
        switch key {
        case .down, .character("j"): 1
        case .up, .character("k"): -1
        case .pageDown, .character(" "): 10
        case .pageUp: -10
        // The wheel scrolls a box, as over a list; it closed the help.
        case .wheel(up: false, _, _): 3
        case .wheel(up: true, _, _): -3
        default: nil
        }
    }

    /// A key of this frame: its hint on the status line (`nil` for the help
    /// only) and its line in the help.
    typealias KeyHint = (hint: StatusLine.Hint?, explained: String)

    /// The keys that work on this frame: a hint for the status line, with its
    /// short form and how long it stays, and a line for the help.
    func keyHints(controls: [Control]) -> [KeyHint] {
        // How long each kind of hint stays on a narrowing line: what Esc does
        // here longest, then what Enter does, then the rest.
        let typing = 0
        let finding = 1
        let moving = 2
        let messages = 3
        let acting = 5
        let goingBack = 7
        var keys: [KeyHint] = []
        func add(_ long: String, _ short: String, _ priority: Int, _ explained: String) {
            keys.append((StatusLine.Hint(long, short: short, priority: priority), explained))
        }
        let focused = controls.first { $0.id == focus }
        if focusedField != nil {
            add("type to edit", "type", typing, "typing          edit the field (Ctrl-U, Ctrl-W too)")
        }
        // Tab goes somewhere when there is a stop besides the focused control or list.
        let focusedList: String? = if case let .row(list, _)? = focus { list } else { nil }
        if controls.contains(where: { $0.id != focus && !Self.isRow($0.id, of: focusedList ?? "") }) {
            add("Tab next", "Tab", moving, "Tab             the next control (a list is one)")
        }
        switch focused?.id {
        case .button?: add("Enter press", "Enter", acting, "Enter, Space    press the button")
        case let .row(list, _)? where topChain.last?.listsForReading.contains(list) == true: break
        case .row?: add("Enter select", "Enter", acting, "Enter, Space    select the row")
        case let .field(id)? where isArea(id):
            add("Enter new line", "Enter", acting, "Enter           a new line; Up, Down, Home, End move by line")
            keys += [
                (nil, "PgUp, PgDn      a page up, down; Ctrl-Home, Ctrl-End the text's ends"),
                (nil, "Shift+arrows    select; Alt-W copy, Ctrl-X cut, Ctrl-V paste"),
                (nil, "Alt-U, Alt-E    undo, redo (Ctrl-Z suspends, as in a shell)"),
                (nil, "Ctrl-S          submit the text to the screen (Notes saves)"),
            ]
        case .field?:
            add("Enter submit", "Enter", acting, "Enter           submit the field")
            keys.append((nil, "Shift+arrows    select; Alt-W copy, Ctrl-X cut, Ctrl-V paste"))
        case .toggle?: add("Enter switch", "Enter", acting, "Enter, Space    turn the switch on or off")
        case .picker?:
            add("←→ choose", "←→", acting, "Left, Right     choose the option before or after (Enter, Space: the next)")
        case .scroll?: add("↑↓ scroll", "↑↓", acting, "Up, Down, PgUp, PgDn, Home, End   scroll the view")
        case .header?:
            add("←→ sort by", "←→", acting, "Left, Right     sort by the column before or after")
            add("Enter reverse", "Enter", acting, "Enter, Space    sort the other way")
        case nil: break
        }
        if listFilter != nil {
            add("Esc clear filter", "Esc", goingBack, "Esc             clear the list's filter")
        } else if canGoBack() {
            // What back does here, as the screen that goes back names it.
            let title =
                topChain.reversed().first(where: { $0.backAction != nil })?.backTitle?.escapingControlCharacters
                ?? "back"
            add("Esc " + title, "Esc", goingBack, "Esc             " + (title == "back" ? "go back" : title))
        }
        if focusedField == nil, listFilter == nil,
            controls.contains(where: { if case .row = $0.id { true } else { false } })
        {
            add("/ filter", "", finding, "/               filter the list")
        }
        if focusedField == nil, let search = listFilter.map({ ($0.list, $0.query) }) ?? lastSearch, !search.1.isEmpty,
            listFilter?.isTyping != true, controls.contains(where: { Self.isRow($0.id, of: search.0) })
        {
            add("n/N next match", "n/N", finding, "n, N            the next, previous match of /, every row kept")
        }
        if focusedField == nil {
            add(": actions", "", finding, ":               every action of this screen, to search and run")
            if !self.messages.isEmpty {
                add("m messages", "m", messages, "m               the messages of this run, whole")
            }
            keys.append((.essential("? help", short: "?"), "?, F1           this help"))
            keys.append((.essential("q/Ctrl-C quit", short: "q/^C"), "q, Ctrl-C       quit"))
        } else {
            keys.append((nil, "Ctrl-P          every action of this screen, to search and run"))
            keys.append((.essential("F1 help", short: "F1"), "F1              this help"))
            keys.append((.essential("Ctrl-C quit", short: "^C"), "Ctrl-C          quit"))
        }
        return keys
    }

    /// The route path and the keys that work on this frame, each with a short
    /// form for a narrow window: only what a key does here is offered.
    func statusLine(controls: [Control], path: String) -> StatusLine {
        let hints = takesCommands ? commandHints(controls: controls) : keyHints(controls: controls).compactMap(\.hint)
        let position = listPosition(controls: controls)
        if let palette {
            return StatusLine(
                path: ":" + palette.query.escapingControlCharacters,
                hints: [
                    .init("↑↓ choose", short: "", priority: 0), .init("Enter run", short: "Enter", priority: 5),
                    .essential("Esc close", short: "Esc"),
                ])
        }
        var shownPath = path
        if let filter = listFilter {
            // A long query shows its end, where the typing is, in up to half the line.
            let typed = filter.query.escapingControlCharacters
            let room = max(window.width / 2 - 2, 4)
            let query = "/" + (TextWidth.of(typed) <= room ? typed : "…" + TextWidth.tail(of: typed, fitting: room - 1))
            if filter.isTyping {
                return StatusLine(
                    path: query, position: filter.count,
                    hints: [
                        .init("Enter keep", short: "Enter", priority: 5),
                        .essential("Esc clear", short: "Esc"),
                    ])
            }
            // The filter set stays in sight with the path, as its count.
            shownPath += "  \(query) (\(filter.count))"
        }
        if let notice { return StatusLine(path: shownPath, position: position, notice: notice) }
        return StatusLine(path: shownPath, position: position, hints: hints)
    }

    /// The commands that do something on this frame, for a person typing them:
    /// help and quit, which lead to the rest, kept longest.
    func commandHints(controls: [Control]) -> [StatusLine.Hint] {
        var commands: [String] = []
        if controls.contains(where: { !$0.isField }) { commands.append("tap LABEL") }
        if focusedField != nil { commands.append("type TEXT") }
        if canGoBack() { commands.append("key esc") }
        var hints = commands.map { StatusLine.Hint($0, short: String($0.split(separator: " ")[0]), priority: 5) }
        hints += ["help", "quit"].map { StatusLine.Hint.essential($0, short: $0) }
        return hints
    }

    /// Where the focused row is in its list, `3 of 28,298`; `nil` off a list, or
    /// in a list whose rows are all in sight (the list says as much).
    func listPosition(controls: [Control]) -> String? {
        guard case let .row(list, row)? = focus, let count = shownRowCount(ofList: list), count > 1
        else { return nil }
        let shown = controls.count { if case .row(list, _) = $0.id { true } else { false } }
        guard shown < count else { return nil }
        return "\(Self.grouped(row + 1)) of \(Self.grouped(count))"
    }

    /// `28298` as `28,298`.
    nonisolated static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return String(
            digits.enumerated().flatMap { index, digit in
                index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
            })
    }
}
