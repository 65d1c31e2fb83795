import Foundation
import TrellisConfig
import TrellisCore
@_spi(TrellisHost) import TrellisSDK
import TrellisSession
import TrellisTree

/// One browser tab's app: its own route tree, built from the root (the plugins
/// are loaded once, by the shared loader; the RIBs are this tab's), driven by
/// the same ``ScreenSession`` as the terminal, so notices, going back and crash
/// reports (a crashed screen's error in its place) mean the same in both.
///
/// The page draws the session's ``Scene`` as HTML controls, from ``WebNode``s: the
/// first message has them whole, the next ones only what changed. It sends back
/// the view actions its controls make, as the terminal's keys do.
@MainActor
public final class WebSession {
    /// The tab's route tree.
    public let tree: RouteTree
    /// The session its page drives, as the terminal drives one.
    public let session: ScreenSession
    /// Names the session, so a page that reloads comes back to it.
    public let id: String
    /// The tree of screens as last sent; `nil` sends the next whole.
    private var sent: WebNode?
    private var sentStatus = ""
    /// The first row each list of the screen on top shows, as the page asked.
    private var windows: [String: Int] = [:]
    private var windowsScreen: Int?

    /// How many rows of a list the page is sent at once: those in its window.
    public static let windowLength = WebNodeBuilder.windowLength
    /// The largest update a page is sent by default: 64 MiB.
    public static let defaultLargestUpdate = 64 << 20
    /// The largest update the page is sent. A screen larger than that (a text of
    /// millions of lines) is not sent: the page shows why in its place, and
    /// ``say`` is told once.
    public var largestUpdate = WebSession.defaultLargestUpdate
    /// The count of the views' changes in this process (the event loop's
    /// `screenChanges`): with it, the session settles on the views again before an
    /// update only when they changed since it last did; without it, before every one.
    public var viewChanges: (() -> Int)?
    /// The count the session last settled at.
    private var settledChanges: Int?
    /// Where what the page is not sent is said (serve's log); standard error by default.
    public var say: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    /// Whether the screen on show was too large to send, and the log was told.
    private var saidTooLarge = false

    /// A session over a launched `tree`, named `id`.
    public init(tree: RouteTree, id: String) {
        self.tree = tree
        self.id = id
        // The page has no size in cells; the session's window only matters to
        // its key handling, which the page does not use.
        session = ScreenSession(tree: tree, window: Window(width: 100, height: 30))
        session.noteHostWorkForCrashReport()
        tree.onNotice = { [weak session] message in session?.update(.notice(message)) }
    }

    /// Sends the next update whole: a page that has come back has nothing drawn.
    func resendAll() {
        sent = nil
        sentStatus = ""
    }

    /// The message that brings the page up to date, or `nil` when nothing changed.
    ///
    /// `{"t":"all","screens":node,"status":…}` first, then
    /// `{"t":"diff","ops":[…],"status":…}`, where `status` (the route path, the
    /// notice, whether going back does something) is there when it changed.
    public func update() -> String? {
        // The views may have changed since the page's last message (a task, a timer).
        if viewChanges == nil || settledChanges != viewChanges?() { session.update(.viewsChanged) }
        settledChanges = viewChanges?()
        let scene = session.scene
        let screens = screensNode(scene)
        let status = statusJSON(scene)
        let statusChanged = status != sentStatus
        let message: String?
        if let sent {
            let changes = WebNode.changes(from: sent, to: screens)
            message =
                changes.isEmpty && !statusChanged
                ? nil
                : "{\"t\":\"diff\",\"ops\":[" + changes.joined(separator: ",") + "]"
                    + (statusChanged ? ",\"status\":" + status : "") + "}"
        } else {
            message = "{\"t\":\"all\",\"screens\":\(screens.json),\"status\":\(status)}"
        }
        if let message, message.utf8.count > largestUpdate {
            return standIn(forUpdateOf: message.utf8.count, status: status)
        }
        saidTooLarge = false
        sent = screens
        sentStatus = status
        return message
    }

    /// What the page is sent in place of an update of `size` bytes, too large to
    /// send: a screen that says why (once while it stays too large).
    private func standIn(forUpdateOf size: Int, status: String) -> String? {
        let why =
            "This screen is \(size >> 20) MiB as the page would draw it, more than the \(largestUpdate >> 20) MiB "
            + "a page is sent, so it is not shown here. `trellis run` shows it in a terminal."
        guard !saidTooLarge || status != sentStatus else { return nil }
        if !saidTooLarge {
            say("trellis: a screen was not sent to a page: \(why)")
        }
        saidTooLarge = true
        let text = WebNode(head: "\"k\":\"text\",\"s\":" + WebJSON.string(why))
        let screens = WebNode(
            head: "\"k\":\"screens\"", children: [WebNode(head: "\"k\":\"screen\",\"sid\":\"0\"", children: [text])])
        sent = screens
        sentStatus = status
        return "{\"t\":\"all\",\"screens\":\(screens.json),\"status\":\(status)}"
    }

    /// The screens of `scene`, bottom first: the root's and each modal's.
    private func screensNode(_ scene: Scene) -> WebNode {
        let top = scene.layers.last?.screen
        if top != windowsScreen {
            windowsScreen = top
            windows = [:]
        }
        let screens = scene.layers.enumerated().map { index, layer -> WebNode in
            let builder = WebNodeBuilder(windows: index == scene.layers.count - 1 ? windows : [:], plugin: layer.plugin)
            var head = "\"k\":\"screen\",\"sid\":\"\(layer.screen)\""
            if layer.isModal { head += ",\"modal\":true" }
            return WebNode(head: head, children: [builder.node(layer.content)])
        }
        return WebNode(head: "\"k\":\"screens\"", children: screens)
    }

    private func statusJSON(_ scene: Scene) -> String {
        "{\"route\":[" + scene.routePath.map(WebJSON.string).joined(separator: ",") + "],\"notice\":"
            + (scene.notice.map(WebJSON.string) ?? "null") + ",\"back\":\(scene.canGoBack)}"
    }

    /// Acts on a message from the page. One it cannot read is said in the status
    /// line, not ignored.
    public func receive(_ text: String) {
        guard text.utf8.count <= WebSocketFrameParser.largestMessage, let message = try? JSONParser.parse(text),
            let type = message["type"]?.stringValue
        else {
            session.update(.notice("the page sent a message this trellis cannot read"))
            return
        }
        if type == "window" {
            setWindow(message)
        } else if let request = Self.request(type, message) {
            session.update(.page(request))
            settledChanges = viewChanges?()
        } else {
            session.update(.notice("the page sent a message of type \(type.prefix(40)) with missing or bad fields"))
        }
    }

    /// Opens a deep link through the root's workflow, as `trellis run --open` does;
    /// a link it cannot open is said in the status line.
    func open(_ link: String) {
        do {
            try tree.openLink(link)
        } catch {
            session.update(.notice("could not open \(link.prefix(200)): \(error.userMessage)"))
        }
    }

    /// Ends the tab's app: its RIBs are detached and checked for leaks.
    public func end() {
        tree.end()
    }

    /// The request a message of `type` makes, if its fields are what it needs.
    private static func request(_ type: String, _ message: JSONValue) -> PageRequest? {
        func text(_ key: String) -> String? { message[key]?.stringValue }
        func index(_ key: String) -> Int? {
            guard let number = message[key]?.numberValue, number.isFinite, number >= 0, number < 1e9 else { return nil }
            return Int(number)
        }
        func flag(_ key: String) -> Bool? {
            if case let .bool(value)? = message[key] { return value }
            return nil
        }
        switch type {
        case "back": return .back
        case "tap": return text("id").map { .action(.tap($0)) }
        case "select":
            guard let list = text("list"), let row = index("row") else { return nil }
            return .action(.select(list: list, row: row))
        case "edit":
            guard let field = text("field"), let value = text("text") else { return nil }
            return .action(.edit(field: field, text: value))
        case "submit": return text("field").map { .action(.submit(field: $0)) }
        case "toggle":
            guard let id = text("id"), let isOn = flag("on") else { return nil }
            return .action(.toggle(id, isOn: isOn))
        case "choose":
            guard let id = text("id"), let choice = index("index") else { return nil }
            return .action(.choose(id, index: choice))
        case "sort":
            guard let id = text("id"), let column = index("column"), let ascending = flag("ascending") else {
                return nil
            }
            return .action(.sort(id, by: TableSorting(column: column, ascending: ascending)))
        default: return nil
        }
    }

    /// The page scrolled a long list: the rows from `from` are sent.
    private func setWindow(_ message: JSONValue) {
        guard let list = message["list"]?.stringValue, let from = message["from"]?.numberValue, from.isFinite,
            from >= 0, from < 1e9
        else {
            session.update(.notice("the page sent a message of type window with missing or bad fields"))
            return
        }
        windows[list] = Int(from)
    }
}
