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
    /// The size frames are drawn at (``SessionInput/resize(_:)`` changes it).
    public internal(set) var window: Window
    /// The frame the last ``update(_:)`` drew: reading it changes nothing.
    public internal(set) var frame: Frame

    /// The route path the last frame showed, `launcher › airports`.
    public internal(set) var routePathText = ""
    /// The same path as its route ids and titles, for the ``scene``.
    var routePathShown: [String] = []

    /// A message for the user shown in the status line in place of the keys, until
    /// the next key (``SessionInput/notice(_:)``, the tree's notices in every front end).
    public internal(set) var notice: String?

    var focus: Control.ID?
    weak var focusOwner: ViewController?
    /// The focused field's cursor, in characters from its start.
    var cursor = 0
    /// Where a selection in the focused one-line field started (Shift with a
    /// move): the characters between it and ``cursor`` are selected.
    var fieldAnchor: Int?
    /// Where the focused control stands among the screen's controls.
    var focusIndex = 0
    /// Where the focus was on screens that went under another or away, so going
    /// back returns to the control the user left from.
    var rememberedFocus: [ObjectIdentifier: (screen: WeakScreen, index: Int, control: Control.ID?)] = [:]
    /// The screen on which Esc was pressed and nothing went back: `Esc back` is not
    /// offered there again.
    weak var backDoesNothingOn: ViewController?
    /// How far the help or the log is scrolled, in lines from its start.
    var boxScroll = 0
    /// Whether the keys of the screen are shown over it (`?` or F1; any key closes).
    public internal(set) var showsHelp = false
    /// The messages of this run, oldest first (the last ``messageLimit``): what
    /// the status line showed cut to its width, kept whole for the log (`m`).
    public internal(set) var messages: [String] = []
    /// How many messages the log keeps.
    public static let messageLimit = 200
    /// Whether the message log is shown over the screen (`m`; any key closes).
    public internal(set) var showsMessages = false

    /// Shows `message` in the status line until the next key, and keeps it in
    /// the message log.
    func post(_ message: String) {
        notice = message
        messages.append(message)
        if messages.count > Self.messageLimit { messages.removeFirst(messages.count - Self.messageLimit) }
    }

    /// Whether the last key pressed edited a text field (sent it an edit).
    public internal(set) var lastKeyEdited = false
    /// The screen on top as the last frame showed it, and whether it had a
    /// control to focus: a screen with none that has just appeared is loading.
    public internal(set) var topScreen: ObjectIdentifier?
    public internal(set) var topHasControls = false
    /// The screen on top now (without drawing a frame): when it is not
    /// ``topScreen``, the last frame is of another screen.
    public var currentTopScreen: ObjectIdentifier? { topChain.last.map(ObjectIdentifier.init) }

    /// Whether a person types commands instead of keys (the line session of a
    /// terminal that cannot draw screens): the status line offers commands, since
    /// Tab, `?` and Ctrl-C are not keys there.
    public var takesCommands = false

    /// Puts text on the clipboard for `y` (the terminal's, through OSC 52), and
    /// says how, for the status line; `nil` where the front end has no clipboard,
    /// and `y` says so.
    public var copyToClipboard: ((String) -> String)?
    /// The user's own keys (the terminal's keys.json), one line each, for the help.
    public var userKeyLines: [String] = []
    /// Told when the session begins work of its own over a screen's data (what it
    /// is: filtering a list, laying the screens out) and when it ends (`nil`): the
    /// front end's watchdog does not time that work as the screen's.
    public var onHostWork: ((_ what: String?) -> Void)?

    /// Runs `body`, the session's own work `what`, told to ``onHostWork``.
    func asHostWork<T>(_ what: String, _ body: () -> T) -> T {
        guard let onHostWork else { return body() }
        onHostWork(what)
        defer { onHostWork(nil) }
        return body()
    }

    /// The filter over a list of the screen on top (`/`), if one is set.
    var listFilter: ListFilter?
    /// The command palette (`:`, Ctrl-P in a field), while it is open.
    var palette: CommandPalette?
    /// The status line of the last frame, whose key hints a click presses.
    var lastStatus: StatusLine?
    /// The widest each list of the screen on top was drawn: it is not drawn
    /// narrower while that screen stays on top.
    var listWidthFloor: (screen: ObjectIdentifier?, widths: [String: Int]) = (nil, [:])
    /// The cursor of the focused text area as a place in its text, kept with the
    /// character count ``cursor``, so its keys need not count the text.
    var areaCursor: AreaCursor?
    /// The row each list was last focused at, by list id: where Tab into it lands.
    var lastRows: [String: Int] = [:]
    /// A count typed before a move in a list (`5j`), until the move.
    var pendingCount: Int?
    /// Each text area's edits, for undo (Alt-U) and redo (Alt-E), by area.
    var areaHistories: [String: AreaHistory] = [:]
    /// What Alt-W copied or Ctrl-X cut last, for Ctrl-V.
    var copiedText: String?
    /// The kept filters of screens that another screen covers, back when they are on top.
    var keptFilters: [ObjectIdentifier: (screen: WeakScreen, filter: ListFilter)] = [:]
    /// The last `/` query kept or searched, and its list: what `n` and `N` look for.
    var lastSearch: (list: String, query: String)?
    /// The first line each scroll view of the top screen shows, by scroll view.
    var scrollOffsets: [String: Int] = [:]
    /// Which frame of their animation tasks under way show: the front end moves
    /// it on (``SessionInput/animationStep``) while a frame ``Frame/animates``;
    /// headless it stays at the first.
    public internal(set) var animationPhase = 0

    /// Whether the user asked to quit (`q` outside a text field): the front end
    /// ends the app as it does for Ctrl-C.
    public internal(set) var quitRequested = false

    /// The number each screen on show goes by in the ``scene`` and its plugin,
    /// and the last number given.
    var screenNumbers: [ObjectIdentifier: (screen: WeakScreen, number: Int, plugin: String?)] = [:]
    var lastScreenNumber = 0
    /// The screens on show as the last update found them: the ``scene``'s
    /// layers, which the frame is drawn from.
    var shownLayers: [Scene.Layer] = []

    /// Creates a session over a launched tree, its first ``frame`` drawn.
    public init(tree: any RouterTree, window: Window) {
        self.tree = tree
        self.window = window
        frame = window.draw(root: ViewController(), status: StatusLine(), focus: nil)
        frame = settledFrame()
    }

    /// The current frame, with the focus on the first control of a screen that
    /// has just appeared, and the cursor in the focused text field: what
    /// ``update(_:)`` ends with, and what an input that reads the screen starts from.
    func settledFrame() -> Frame {
        guard let root = tree.rootView else {
            shownLayers = []
            return window.draw(root: ViewController(), status: StatusLine(), focus: nil)
        }
        let top = Window.layers(from: root).last!.last!
        var frame = asHostWork("laying out the screen") {
            // What is drawn is the scene: the screens on show, numbered, as values.
            numberScreens(root: root)
            shownLayers = sceneLayers(root: root)
            updateListFilter(top: top)
            return settlingFocus(root: root, top: top)
        }
        topScreen = ObjectIdentifier(top)
        if listWidthFloor.screen != topScreen { listWidthFloor = (topScreen, [:]) }
        listWidthFloor.widths.merge(frame.listWidths, uniquingKeysWith: max)
        topHasControls = !frame.controls.isEmpty
        // Where each scroll view was drawn from: the next key scrolls on from there.
        scrollOffsets = frame.scrollOffsets
        routePathShown = routePath()
        let path = routePathShown.joined(separator: " › ")
        if routePathText != path {
            routePathText = path
            // The path on screen, for a crash report: noted as it changes, not walked again.
            tree.didShowRoutePath(routePathText)
        }
        // The keys offered follow the controls this frame has.
        let status = statusLine(controls: frame.controls, path: routePathText)
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
    /// place, else the first control; on the first control when none of the
    /// controls it had is left. A screen put in place of the one that had the
    /// focus (a live swap) keeps it on the same control, by its id.
    func settlingFocus(root: ViewController, top: ViewController) -> Frame {
        let frame = drawScreens()
        if focusOwner === top {
            if let index = frame.controls.firstIndex(where: { $0.id == focus }) {
                focusIndex = index
                return frame
            }
            if frame.controls.isEmpty { return frame }
            // A filter that matches nothing keeps the focus on its list for when it matches again.
            if let filter = listFilter, filter.matches.isEmpty, case let .row(list, _)? = focus, list == filter.list {
                return frame
            }
            // None of the controls it had is left: the view shows another screen
            // (an isolated route's first screen in place of its question), and
            // the focus starts at the top of it, not at the old one's place.
            let before = Set(self.frame.controls.map(\.id))
            guard before.isEmpty || frame.controls.contains(where: { before.contains($0.id) }) else {
                return focusing(0, of: frame)
            }
            return focusing(min(focusIndex, frame.controls.count - 1), of: frame)
        }
        // The screen that had the focus is gone without being left (a live swap
        // put a new build in its place): its control keeps the focus, by its id.
        let swappedFocus = focusOwner == nil ? focus : nil
        if let owner = focusOwner { rememberedFocus[ObjectIdentifier(owner)] = (WeakScreen(owner), focusIndex, focus) }
        rememberedFocus = rememberedFocus.filter { $0.value.screen.view != nil }
        focusOwner = top
        keptFilters = keptFilters.filter { $0.value.screen.view != nil }
        if let kept = keptFilters.removeValue(forKey: ObjectIdentifier(top)), kept.screen.view === top {
            listFilter = kept.filter
            updateListFilter(top: top)
        }
        let remembered = rememberedFocus[ObjectIdentifier(top)].flatMap { $0.screen.view === top ? $0 : nil }
        if let control = remembered?.control ?? swappedFocus {
            moveFocus(to: control)
            let again = drawScreens()
            if let index = again.controls.firstIndex(where: { $0.id == control }) {
                focusIndex = index
                return again
            }
        }
        return focusing(min(remembered?.index ?? 0, frame.controls.count - 1), of: frame)
    }

    /// The screens on show (the scene's, as this update found them) with the
    /// focus, the field's cursor and the list filter as they are, and an empty
    /// status line.
    func drawScreens() -> Frame {
        let floor = listWidthFloor.screen == focusOwner.map(ObjectIdentifier.init) ? listWidthFloor.widths : [:]
        return window.draw(
            shownLayers, status: StatusLine(), focus: focus, fieldCursor: cursor, filter: listFilter,
            listWidthFloor: floor, scrollOffsets: scrollOffsets, spinnerPhase: animationPhase,
            areaCursor: areaCursor, fieldSelection: fieldSelection)
    }

    /// The frame drawn again with the focus on control `index` of `frame` (none if
    /// it has no controls).
    func focusing(_ index: Int, of frame: Frame) -> Frame {
        focusIndex = max(index, 0)
        moveFocus(to: frame.controls.isEmpty ? nil : frame.controls[focusIndex].id)
        return drawScreens()
    }
}
