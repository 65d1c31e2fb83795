@_spi(TrellisHost) import TrellisSDK

/// Drives a live route tree the way a person does: it keeps the focus and the
/// cursor of a text field, draws frames with the shared layout, and turns keys and
/// script commands into the view actions a screen receives.
///
/// The headless runner and the terminal both drive the app through it, so a
/// script sees what a person sees.
@MainActor
public final class ScreenSession {
    /// The tree being driven.
    public let tree: any RouterTree
    /// The size frames are drawn at.
    public var window: Window

    /// The route on top of the screen, as the last frame showed it.
    private(set) var topRoute: String?
    /// The route path the last frame showed, `launcher › airports`.
    public private(set) var routePathText = ""

    /// A message for the user shown in the status line in place of the keys, until
    /// the next key (set from the tree's notices in the terminal).
    public var notice: String?

    var focus: Control.ID?
    private weak var focusOwner: ViewController?
    /// The focused field's cursor, in characters from its start.
    private var cursor = 0
    /// Where the focused control stands among the screen's controls.
    private var focusIndex = 0
    /// Where the focus was on screens that went under another or away, so going
    /// back returns to the control the user left from.
    private var rememberedFocus: [ObjectIdentifier: (screen: WeakScreen, index: Int, control: Control.ID?)] = [:]
    /// The screen on which Esc was pressed and nothing went back: `Esc back` is not
    /// offered there again.
    private weak var backDoesNothingOn: ViewController?
    /// Whether the keys of the screen are shown over it (`?` or F1; any key closes).
    public internal(set) var showsHelp = false
    /// The messages of this run, oldest first (the last ``messageLimit``): what
    /// the status line showed cut to its width, kept whole for the log (`m`).
    public private(set) var messages: [String] = []
    /// How many messages the log keeps.
    public static let messageLimit = 200
    /// Whether the message log is shown over the screen (`m`; any key closes).
    public internal(set) var showsMessages = false

    /// Shows `message` in the status line until the next key, and keeps it in
    /// the message log.
    public func post(_ message: String) {
        notice = message
        messages.append(message)
        if messages.count > Self.messageLimit { messages.removeFirst(messages.count - Self.messageLimit) }
    }

    /// Whether the last key pressed edited a text field (sent it an edit).
    public private(set) var lastKeyEdited = false
    /// The screen on top as the last frame showed it, and whether it had a
    /// control to focus: a screen with none that has just appeared is loading.
    public private(set) var topScreen: ObjectIdentifier?
    public private(set) var topHasControls = false
    /// The screen on top now (without drawing a frame): when it is not
    /// ``topScreen``, the last frame is of another screen.
    public var currentTopScreen: ObjectIdentifier? { topChain.last.map(ObjectIdentifier.init) }

    /// Whether a person types commands instead of keys (the line session of a
    /// terminal that cannot draw screens): the status line offers commands, since
    /// Tab, `?` and Ctrl-C are not keys there.
    public var takesCommands = false

    /// The filter over a list of the screen on top (`/`), if one is set.
    var listFilter: ListFilter?
    /// The command palette (`:`, Ctrl-P in a field), while it is open.
    var palette: CommandPalette?
    /// The status line of the last frame, whose key hints a click presses.
    private var lastStatus: StatusLine?
    /// The widest each list of the screen on top was drawn: it is not drawn
    /// narrower while that screen stays on top.
    private var listWidthFloor: (screen: ObjectIdentifier?, widths: [String: Int]) = (nil, [:])

    /// Whether the user asked to quit (`q` outside a text field): the front end
    /// ends the app as it does for Ctrl-C.
    public internal(set) var quitRequested = false

    /// Creates a session over a launched tree.
    public init(tree: any RouterTree, window: Window) {
        self.tree = tree
        self.window = window
    }

    /// Runs a script command.
    ///
    /// - Returns: What the command writes to standard output, if anything.
    /// - Throws: ``SessionFailure`` when a step does not hold.
    @discardableResult
    public func execute(_ command: ScriptCommand) throws(SessionFailure) -> String? {
        // Drawing first settles the focus on a screen that has just appeared; the
        // commands that read the screen use this one frame.
        let current = frame()
        switch command {
        case let .tap(label):
            activate(try control(matching: label, in: current.controls.filter { !$0.isField }))
        case let .focus(label):
            moveFocus(to: try control(matching: label, in: current.controls).id)
        case let .type(text):
            if palette != nil {
                pressInPalette(.paste(text))
                return nil
            }
            if listFilter?.isTyping == true {
                _ = typeIntoListFilter(.paste(text))
                return nil
            }
            guard let field = focusedField else { throw .noFocusedField }
            insert(text, into: field)
        case let .key(key):
            press(key)
        case let .expect(text):
            guard current.text.contains(text) else { throw .expectationFailed(text: text) }
        case let .expectNot(text):
            guard !current.text.contains(text) else { throw .unexpectedText(text: text) }
        case .print:
            return current.text
        case .tree:
            return treeText()
        case let .open(url):
            do {
                try tree.openLink(url)
            } catch {
                throw .linkRefused(url: url, reason: error.userMessage)
            }
        case let .reload(route):
            guard let routeTree = tree as? RouteTree else {
                throw .reloadRefused(reasons: ["this app's screens are not built from plugin files"])
            }
            let report = routeTree.reload(route: route)
            guard report.failures.isEmpty else {
                // What did swap is said; the step fails with why the rest did not.
                routeTree.report(SwapReport(swapped: report.swapped, closed: report.closed))
                throw .reloadRefused(reasons: report.failures)
            }
            if report.lines.isEmpty, route == nil {
                routeTree.notify(
                    "reload: no plugin file changed since it was loaded; `reload ROUTE` builds a route again")
            }
            routeTree.report(report)
        case .quit, .wait:
            // The runner handles these: they are about time and input, not the screen.
            break
        }
        return nil
    }

    /// Handles a key as the terminal delivers it.
    ///
    /// Tab and Shift-Tab move the focus, as do the arrows outside a text field;
    /// Enter or Space activates; in a text field printable keys, Backspace, Delete,
    /// Left, Right, Home and End edit; Esc goes back.
    public func press(_ key: Key) {
        notice = nil
        lastKeyEdited = false
        if palette != nil {
            pressInPalette(key)
            return
        }
        if showsHelp || showsMessages, let step = Self.scrollStep(of: key) {
            // Up, Down, j, k and the page keys scroll the box.
            boxScroll = max(boxScroll + step, 0)
            return
        }
        if showsHelp || showsMessages {
            // Any other key closes the help or the log, and does nothing else.
            boxScroll = 0
            showsHelp = false
            showsMessages = false
            return
        }
        // One frame settles the focus and gives the controls the key moves among.
        let controls = frame().controls
        if listFilter?.isTyping == true, typeIntoListFilter(key) { return }
        if key == .character("/"), focusedField == nil {
            startListFilter(controls: controls)
            return
        }
        if (key == .character(":") && focusedField == nil) || (key == .control("p") && focusedField != nil) {
            openCommandPalette(controls: controls)
            return
        }
        if key == .help || (key == .character("?") && focusedField == nil) {
            showsHelp = true
            return
        }
        if case let .paste(text) = key {
            guard let field = focusedField else {
                notice = "paste: no text field has the focus"
                return
            }
            insert(text, into: field)
            return
        }
        if case let .click(column, row) = key {
            if row == window.height - 1, let hint = lastStatus?.hint(atColumn: column, width: window.width) {
                // The status line's key hints work as buttons, so the mouse alone goes back, filters, quits.
                pressHint(hint)
                return
            }
            // A click focuses what it lands on and activates a button or a row.
            guard let control = controls.first(where: { $0.contains(column: column, row: row) }) else {
                scrollList(byArrowAt: column, row: row, controls: controls)
                return
            }
            guard control.isField else {
                activate(control)
                return
            }
            // The cursor goes where the click landed in the text shown.
            let wasFocused = focus == control.id
            let before = cursor
            moveFocus(to: control.id)
            if let text = fieldText {
                let shown =
                    wasFocused ? Layout.scrolled(text, cursor: before, width: Layout.fieldWidth).shown : text[...]
                let start = text.distance(from: text.startIndex, to: shown.startIndex)
                var columns = 0
                var offset = 0
                for character in shown {
                    let width = TextWidth.of(character)
                    // A click on a character's second half puts the cursor after it.
                    guard columns + (width + 1) / 2 <= column - control.x - 1 else { break }
                    columns += width
                    offset += 1
                }
                cursor = start + offset
            }
            return
        }
        if case let .wheel(up, column, row) = key {
            // The wheel moves through the list under the pointer (else the
            // focused one), three rows a notch.
            if let under = controls.first(where: { $0.contains(column: column, row: row) }), case .row = under.id,
                under.id != focus, !Self.isRow(focus, of: Self.list(of: under.id))
            {
                moveFocus(to: under.id)
            }
            guard case .row? = focus else { return }
            for _ in 0..<3 { press(up ? .up : .down) }
            return
        }
        if let field = focusedField, edit(field, with: key) { return }
        // Outside a text field, less's and vi's keys: j and k, Ctrl-N and Ctrl-P
        // move, g and G go to a list's first and last row, q quits.
        let key = focusedField == nil ? Self.navigationMeaning(of: key) : key
        if key == .character("q"), focusedField == nil {
            quitRequested = true
            return
        }
        if key == .character("m"), focusedField == nil {
            if messages.isEmpty {
                notice = "m: no messages yet"
            } else {
                showsMessages = true
                // The newest first in sight; Up goes back through the older ones.
                boxScroll = Int.max / 2
            }
            return
        }
        if key == .enter, let field = focusedField {
            // Enter in a field: the screen acts on it (a search's top result, a
            // form's last field); in a form, Enter in any other field goes on to
            // the next one, as forms do.
            let screen = topChain.last
            screen?.send(.submit(field: field))
            if topChain.last === screen, let index = controls.firstIndex(where: { $0.id == focus }),
                let next = controls[(index + 1)...].first(where: \.isField)
            {
                moveFocus(to: next.id)
            }
            return
        }
        let index = controls.firstIndex { $0.id == focus }
        switch key {
        case .enter, .character(" "):
            if let index { activate(controls[index]) }
        case .tab:
            if !controls.isEmpty { moveFocus(to: controls[((index ?? -1) + 1) % controls.count].id) }
        case .backtab:
            guard !controls.isEmpty else { break }
            var target = controls[((index ?? 0) - 1 + controls.count) % controls.count].id
            // Coming into a list from outside, Shift-Tab lands on its first row in
            // sight, as Tab does, not on the last one drawn, mid-list.
            if case let .row(list, _) = target, !Self.isRow(focus, of: list),
                let top = controls.first(where: { Self.isRow($0.id, of: list) })
            {
                target = top.id
            }
            moveFocus(to: target)
        case .pageUp, .pageDown, .home, .end:
            // In a list: a page of the rows shown at a time, or its first or last row.
            guard case let .row(list, row)? = focus, let count = shownRowCount(ofList: list), count > 0
            else { break }
            let page = max(controls.filter { if case .row(list, _) = $0.id { true } else { false } }.count - 1, 1)
            let target =
                switch key {
                case .pageUp: row - page
                case .pageDown: row + page
                case .home: 0
                default: count - 1
                }
            moveFocus(to: .row(list: list, index: min(max(target, 0), count - 1)))
        case .up, .down, .left, .right:
            // Down a list goes to its next row even when that row is not drawn yet:
            // the list scrolls to it.
            if case let .row(list, row)? = focus, key == .up || key == .down,
                let count = shownRowCount(ofList: list)
            {
                let next = row + (key == .down ? 1 : -1)
                if (0..<count).contains(next) {
                    moveFocus(to: .row(list: list, index: next))
                }
                // Past the list's end, on to what is below or above it.
                else if let target = Self.neighbour(of: index, in: controls, toward: key) {
                    moveFocus(to: target.id)
                }
            } else if let target = Self.neighbour(of: index, in: controls, toward: key) {
                moveFocus(to: target.id)
            }
        case .escape:
            // A list filter is cleared before anything goes back.
            if listFilter != nil { clearListFilter() } else { goBack() }
        default:
            break
        }
    }

    /// What a click on a key hint of the status line does: what its key does.
    private func pressHint(_ hint: String) {
        let key: Key? =
            switch hint.split(separator: " ").first.map(String.init) ?? hint {
            case "Esc": .escape
            case "Tab": .tab
            case "Enter": .enter
            case "?": .character("?")
            case "F1": .help
            case "/": .character("/")
            case ":": .character(":")
            case "^P": .control("p")
            case "m": .character("m")
            default: nil
            }
        if let key {
            press(key)
        } else if ["q/Ctrl-C", "q/^C", "Ctrl-C", "^C"].contains(hint.split(separator: " ").first ?? "") {
            quitRequested = true
        }
    }

    /// A click on the `▲` or `▼` beside a cut list moves through it a row, the
    /// focus with it, as the arrow keys do; a click on the bar between them
    /// moves to the same place in the whole list.
    private func scrollList(byArrowAt column: Int, row: Int, controls: [Control]) {
        let rows = controls.compactMap { control -> (list: String, index: Int, control: Control)? in
            guard case let .row(list, index) = control.id else { return nil }
            return (list, index, control)
        }
        for list in Set(rows.map(\.list)) {
            let shown = rows.filter { $0.list == list }
            guard let first = shown.min(by: { $0.index < $1.index }), let last = shown.max(by: { $0.index < $1.index }),
                column == first.control.x + first.control.width + 1,
                let count = shownRowCount(ofList: list)
            else { continue }
            if row == first.control.y, first.index > 0 {
                moveFocus(to: .row(list: list, index: first.index - 1))
            } else if row == last.control.y, last.index + 1 < count {
                moveFocus(to: .row(list: list, index: last.index + 1))
            } else if row > first.control.y, row < last.control.y, last.control.y - first.control.y > 1 {
                // The bar between the arrows: to the same place in the whole list.
                let track = last.control.y - first.control.y - 2
                let place = track > 0 ? (row - first.control.y - 1) * (count - 1) / track : 0
                moveFocus(to: .row(list: list, index: min(max(place, 0), count - 1)))
            }
            return
        }
    }

    private static func list(of id: Control.ID) -> String {
        if case let .row(list, _) = id { return list }
        return ""
    }

    private static func isRow(_ id: Control.ID?, of list: String) -> Bool {
        if case let .row(other, _)? = id { return other == list }
        return false
    }

    /// What a key outside a text field means among lists and controls.
    static func navigationMeaning(of key: Key) -> Key {
        switch key {
        case .character("j"), .control("n"): .down
        case .character("k"), .control("p"): .up
        case .character("g"): .home
        case .character("G"): .end
        default: key
        }
    }

    /// The current frame, with the focus on the first control of a screen that
    /// has just appeared, and the cursor in the focused text field.
    public func frame() -> Frame {
        guard let root = tree.root?.viewControllable.viewController else {
            return window.draw(root: ViewController(), status: StatusLine(), focus: nil)
        }
        let top = Window.layers(from: root).last!.last!
        updateListFilter(top: top)
        var frame = settlingFocus(root: root, top: top)
        topScreen = ObjectIdentifier(top)
        if listWidthFloor.screen != topScreen { listWidthFloor = (topScreen, [:]) }
        listWidthFloor.widths.merge(frame.listWidths, uniquingKeysWith: max)
        topHasControls = !frame.controls.isEmpty
        // The keys offered follow the controls this frame has.
        let status = statusLine(controls: frame.controls)
        status.draw(into: &frame.canvas, row: window.height - 1)
        lastStatus = status
        if let filter = listFilter, filter.isTyping, window.height > 0 {
            // The cursor after what is typed into the filter, in the status line.
            frame.cursor = (min(1 + TextWidth.of(status.path), max(window.width - 1, 0)), window.height - 1)
        }
        if showsHelp { drawHelp(over: &frame, controls: frame.controls) }
        if showsMessages { drawMessages(over: &frame) }
        if palette != nil { drawPalette(over: &frame) }
        return frame
    }

    /// The frame of the screens under `root`, `top` on top, with the focus settled:
    /// where it is on the same screen (or where the control that went away was, a
    /// played board cell); kept as it is while nothing can be focused (a window too
    /// small for the screen, so a field's cursor waits too); and on a screen that
    /// has just come on top, on the control that had the focus when it was last on
    /// top, found by what it is (a row clicked, a row below the window), else by its
    /// place, else the first control.
    private func settlingFocus(root: ViewController, top: ViewController) -> Frame {
        let frame = drawScreens(root: root)
        if focusOwner === top {
            if let index = frame.controls.firstIndex(where: { $0.id == focus }) {
                focusIndex = index
                return frame
            }
            if frame.controls.isEmpty { return frame }
            return focusing(min(focusIndex, frame.controls.count - 1), of: frame, root: root)
        }
        if let owner = focusOwner { rememberedFocus[ObjectIdentifier(owner)] = (WeakScreen(owner), focusIndex, focus) }
        rememberedFocus = rememberedFocus.filter { $0.value.screen.view != nil }
        focusOwner = top
        let remembered = rememberedFocus[ObjectIdentifier(top)].flatMap { $0.screen.view === top ? $0 : nil }
        if let control = remembered?.control {
            moveFocus(to: control)
            let again = drawScreens(root: root)
            if let index = again.controls.firstIndex(where: { $0.id == control }) {
                focusIndex = index
                return again
            }
        }
        return focusing(min(remembered?.index ?? 0, frame.controls.count - 1), of: frame, root: root)
    }

    /// The screens under `root` with the focus, the field's cursor and the list
    /// filter as they are, and an empty status line.
    private func drawScreens(root: ViewController) -> Frame {
        let floor = listWidthFloor.screen == focusOwner.map(ObjectIdentifier.init) ? listWidthFloor.widths : [:]
        return window.draw(
            root: root, status: StatusLine(), focus: focus, fieldCursor: cursor, filter: listFilter,
            listWidthFloor: floor)
    }

    /// The frame drawn again with the focus on control `index` of `frame` (none if
    /// it has no controls).
    private func focusing(_ index: Int, of frame: Frame, root: ViewController) -> Frame {
        focusIndex = max(index, 0)
        moveFocus(to: frame.controls.isEmpty ? nil : frame.controls[focusIndex].id)
        return drawScreens(root: root)
    }

    // MARK: - Focus and activation

    var topChain: [ViewController] {
        guard let root = tree.root else { return [] }
        return Window.layers(from: root.viewControllable.viewController).last!
    }

    var focusedField: String? {
        if case let .field(id)? = focus { return id }
        return nil
    }

    private var fieldText: String? {
        focusedField.flatMap { topChain.last?.content.text(ofField: $0) }
    }

    func moveFocus(to id: Control.ID?) {
        focus = id
        cursor = fieldText?.count ?? 0
    }

    private func control(matching label: String, in controls: [Control]) throws(SessionFailure) -> Control {
        if let exact = controls.first(where: { $0.label == label }) { return exact }
        let matches = controls.filter { $0.label.contains(label) }
        guard matches.count <= 1 else { throw .ambiguousControl(label: label, matches: matches.map(\.label)) }
        guard let match = matches.first else { throw .noControl(label: label, available: controls.map(\.label)) }
        return match
    }

    func activate(_ control: Control) {
        moveFocus(to: control.id)
        switch control.id {
        case let .button(id): topChain.last?.send(.tap(id))
        case let .row(list, _) where topChain.last?.listsForReading.contains(list) == true:
            notice = "Enter: the rows here are for reading"
        case let .row(list, index):
            let row = listFilter?.list == list ? listFilter?.rowIndex(ofMatch: index) : index
            if let row { topChain.last?.send(.select(list: list, row: row)) }
        case .field: break
        }
    }

    /// Goes back from the top screen through the router that attached it, which
    /// detaches it; the root has nowhere to go back to.
    ///
    /// A back that changes nothing (the screen's listener ignores it) is said in
    /// the status line, and Esc is not offered on that screen again.
    func goBack() {
        let top = topChain.last
        guard let action = topChain.reversed().first(where: { $0.backAction != nil })?.backAction else {
            notice = "Esc: nothing to go back to here"
            return
        }
        action()
        if let top, topChain.last === top {
            backDoesNothingOn = top
            notice = "Esc: this screen does not go back"
        }
    }

    func canGoBack() -> Bool {
        topChain.contains { $0.backAction != nil } && (backDoesNothingOn == nil || topChain.last !== backDoesNothingOn)
    }

    /// The control an arrow key moves to: the nearest one in the arrow's direction
    /// (a grid moves by rows and columns, a list by rows); at an edge, none: the
    /// focus stays (Tab goes on in reading order).
    static func neighbour(of index: Int?, in controls: [Control], toward key: Key) -> Control? {
        guard let index else { return controls.first }
        let current = controls[index]
        let candidates: [(control: Control, distance: (Int, Int))] = controls.compactMap { control in
            let dx = control.x - current.x
            let dy = control.y - current.y
            switch key {
            case .down where dy > 0: return (control, (dy, abs(dx)))
            case .up where dy < 0: return (control, (-dy, abs(dx)))
            case .right where dy == 0 && dx > 0: return (control, (dx, 0))
            case .left where dy == 0 && dx < 0: return (control, (-dx, 0))
            default: return nil
            }
        }
        return candidates.min(by: { $0.distance < $1.distance })?.control
    }

    // MARK: - Text fields

    /// Types `text` at the cursor of `field` as one edit, so a long paste or script
    /// line costs time linear in its length.
    private func insert(_ text: String, into field: String) {
        guard let current = fieldText, !text.isEmpty else { return }
        var characters = Array(current)
        cursor = min(cursor, characters.count)
        characters.insert(contentsOf: text, at: cursor)
        cursor += text.count
        lastKeyEdited = true
        topChain.last?.send(.edit(field: field, text: String(characters)))
    }

    /// Applies an editing key to the focused field; `false` if the key does not edit.
    private func edit(_ field: String, with key: Key) -> Bool {
        guard let text = fieldText else { return false }
        var characters = Array(text)
        cursor = min(cursor, characters.count)
        switch key {
        case let .character(character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left:
            cursor = max(cursor - 1, 0)
            return true
        case .right:
            cursor = min(cursor + 1, characters.count)
            return true
        case .home, .control("a"):
            cursor = 0
            return true
        case .end, .control("e"):
            cursor = characters.count
            return true
        case .control("u"):
            // Everything before the cursor, as shells do.
            guard cursor > 0 else { return true }
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("w"), .altBackspace:
            // The word before the cursor, and the spaces after it.
            let start = Self.wordStart(before: cursor, in: characters)
            guard start < cursor else { return true }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .wordLeft, .alt("b"):
            cursor = Self.wordStart(before: cursor, in: characters)
            return true
        case .wordRight, .alt("f"):
            cursor = Self.wordEnd(after: cursor, in: characters)
            return true
        case .alt("d"):
            let end = Self.wordEnd(after: cursor, in: characters)
            guard cursor < end else { return true }
            characters.removeSubrange(cursor..<end)
        case .alt:
            // Another Alt key: nothing, and never Esc's back.
            return true
        default:
            return false
        }
        lastKeyEdited = true
        topChain.last?.send(.edit(field: field, text: String(characters)))
        return true
    }

    /// Where the word before `cursor` starts, skipping the spaces before the cursor.
    private static func wordStart(before cursor: Int, in characters: [Character]) -> Int {
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        return start
    }

    /// Where the word after `cursor` ends, skipping the spaces after the cursor.
    private static func wordEnd(after cursor: Int, in characters: [Character]) -> Int {
        var end = cursor
        while end < characters.count, characters[end] == " " { end += 1 }
        while end < characters.count, characters[end] != " " { end += 1 }
        return end
    }

    // MARK: - Status line

    /// The keys of this screen, in a box over it: what the status line offers, in
    /// full, and the keys that always work. Its controls are out of reach meanwhile.
    private func drawHelp(over frame: inout Frame, controls: [Control]) {
        var lines = ["Keys on this screen", ""]
        lines += keyHints(controls: controls).map(\.explained)
        lines += [
            "", "Tab, Shift-Tab  move in reading order", "arrows          move up, down, left, right",
            "j, k            down, up (Ctrl-N, Ctrl-P too)", "PageUp/Down     page through a list",
            "g, G, Home/End  a list's first, last row", "/               filter a list (Esc clears the filter)",
            "mouse           click to press or select",
            "Ctrl-Z          suspend (fg to come back)", "Ctrl-L          draw the screen again", "",
            "Up, Down scroll · any other key closes this help",
        ]
        drawBox(lines, over: &frame)
    }

    /// The messages of this run, newest last, each whole (wrapped to the box);
    /// the newest that fit when there are more.
    private func drawMessages(over frame: inout Frame) {
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

    /// How far the help or the log is scrolled, in lines from its start.
    var boxScroll = 0

    /// The lines `key` scrolls a box by, or `nil` for a key that closes it.
    private static func scrollStep(of key: Key) -> Int? {
        switch key {
        case .down, .character("j"): 1
        case .up, .character("k"): -1
        case .pageDown, .character(" "): 10
        case .pageUp: -10
        default: nil
        }
    }

    /// The keys that work on this frame: a long and a short form for the status
    /// line, and a line for the help.
    private func keyHints(controls: [Control]) -> [(long: String, short: String, explained: String)] {
        var keys: [(long: String, short: String, explained: String)] = []
        let focused = controls.first { $0.id == focus }
        if focusedField != nil {
            keys.append(("type to edit", "type", "typing          edit the field (Ctrl-U, Ctrl-W too)"))
        }
        if controls.count > 1 { keys.append(("Tab next", "Tab", "Tab             the next control")) }
        switch focused?.id {
        case .button?: keys.append(("Enter press", "Enter", "Enter, Space    press the button"))
        case let .row(list, _)? where topChain.last?.listsForReading.contains(list) == true: break
        case .row?: keys.append(("Enter select", "Enter", "Enter, Space    select the row"))
        case .field?: keys.append(("Enter submit", "Enter", "Enter           submit the field"))
        case nil: break
        }
        if listFilter != nil {
            keys.append(("Esc clear filter", "Esc", "Esc             clear the list's filter"))
        } else if canGoBack() {
            // What back does here, as the screen that goes back names it.
            let title =
                topChain.reversed().first(where: { $0.backAction != nil })?.backTitle?.escapingControlCharacters
                ?? "back"
            keys.append(("Esc " + title, "Esc", "Esc             " + (title == "back" ? "go back" : title)))
        }
        if focusedField == nil, listFilter == nil,
            controls.contains(where: { if case .row = $0.id { true } else { false } })
        {
            keys.append(("", "", "/               filter the list"))
        }
        if focusedField == nil {
            keys.append(("", "", ":               every action of this screen, to search and run"))
            if !messages.isEmpty { keys.append(("m messages", "m", "m               the messages of this run, whole")) }
            keys.append(("? help", "?", "?, F1           this help"))
            keys.append(("q/Ctrl-C quit", "q/^C", "q, Ctrl-C       quit"))
        } else {
            keys.append(("", "", "Ctrl-P          every action of this screen, to search and run"))
            keys.append(("F1 help", "F1", "F1              this help"))
            keys.append(("Ctrl-C quit", "^C", "Ctrl-C          quit"))
        }
        return keys
    }

    /// The route path and the keys that work on this frame, each with a short
    /// form for a narrow window: only what a key does here is offered.
    private func statusLine(controls: [Control]) -> StatusLine {
        // A hint with no status form (`/`, `:`) is in the help only: the status line keeps its room for the rest.
        let keys =
            takesCommands ? commandHints(controls: controls) : keyHints(controls: controls).filter { !$0.long.isEmpty }
        let routes = routePath()
        topRoute = routes.last
        let path = routes.joined(separator: " › ")
        routePathText = path
        // The path on screen, for a crash report: noted with each frame, not walked again.
        CrashRecord.noteRoutePath(path)
        let position = listPosition(controls: controls)
        if let palette {
            return StatusLine(
                path: ":" + palette.query.escapingControlCharacters, keys: "↑↓ choose · Enter run · Esc close",
                shortKeys: "Enter · Esc", essentialKeys: "Esc")
        }
        var shownPath = path
        if let filter = listFilter {
            let query = "/" + filter.query.escapingControlCharacters
            if filter.isTyping {
                return StatusLine(
                    path: query, position: filter.count, keys: "Enter keep · Esc clear",
                    shortKeys: "Enter · Esc", essentialKeys: "Esc")
            }
            // The filter set stays in sight with the path, as its count.
            shownPath += "  \(query) (\(filter.count))"
        }
        if let notice { return StatusLine(path: shownPath, position: position, notice: notice) }
        // In a window too narrow for every short key: help and quit, which lead to the rest.
        let essential = keys.suffix(2).map(\.short).joined(separator: " · ")
        return StatusLine(
            path: shownPath, position: position, keys: keys.map(\.long).joined(separator: " · "),
            shortKeys: keys.map(\.short).joined(separator: " · "), essentialKeys: essential)
    }

    /// The commands that do something on this frame, for a person typing them.
    private func commandHints(controls: [Control]) -> [(long: String, short: String, explained: String)] {
        var commands: [String] = []
        if controls.contains(where: { !$0.isField }) { commands.append("tap LABEL") }
        if focusedField != nil { commands.append("type TEXT") }
        if canGoBack() { commands.append("key esc") }
        commands += ["help", "quit"]
        return commands.map { ($0, $0.split(separator: " ").first.map(String.init) ?? $0, $0) }
    }

    /// Where the focused row is in its list, `3 of 28,298`; `nil` off a list, or
    /// in a list whose rows are all in sight (the list says as much).
    private func listPosition(controls: [Control]) -> String? {
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

extension Control {
    var isField: Bool {
        if case .field = id { return true }
        return false
    }
}

extension ViewNode {
    /// How many rows the list `list` has, if this tree has it.
    func rowCount(ofList list: String) -> Int? {
        rows(ofList: list)?.count
    }

    /// The rows of the list `list`, if this tree has it.
    func rows(ofList list: String) -> [String]? {
        var pending = [self]
        while let node = pending.popLast() {
            switch node {
            case let .list(id, rows) where id == list: return rows
            case let .stack(_, _, children), let .grid(_, children): pending += children
            case let .styled(_, child): pending.append(child)
            default: break
            }
        }
        return nil
    }

    /// The text of the field `field`, if this tree has it.
    func text(ofField field: String) -> String? {
        switch self {
        case let .textField(id, text, _) where id == field:
            return text
        case let .stack(_, _, children), let .grid(_, children):
            for child in children {
                if let text = child.text(ofField: field) { return text }
            }
            return nil
        case let .styled(_, child):
            return child.text(ofField: field)
        default:
            return nil
        }
    }
}

/// A screen the session remembers the focus of, without keeping it alive.
struct WeakScreen {
    weak var view: ViewController?

    init(_ view: ViewController) {
        self.view = view
    }
}
