import TrellisCore
import TrellisSDK

/// One browser tab's app: its own route tree, built from the root (the plugins
/// are loaded once, by the shared loader; the RIBs are this tab's), driven by
/// the same ``ScreenSession`` as the terminal, so focus, the status line, help,
/// notices and crash reports mean the same in both.
///
/// The page draws the session's frames: the first whole, then only the rows that
/// changed. It sends back keys, typed text, clicks, the wheel and its size.
@MainActor
final class WebSession {
    let tree: RouteTree
    let session: ScreenSession
    /// The rows the page shows, as last sent.
    private var sentRows: [[WebRun]] = []
    private var sentCursor: (x: Int, y: Int)?
    private var sentTitle = ""

    /// Whether the user ended this tab's session (`q`, Ctrl-C): the server closes it.
    var hasEnded = false

    /// Whether the session is over, by the user's `q` or Ctrl-C.
    var isOver: Bool { hasEnded || session.quitRequested }

    /// The most columns and rows a page may ask for.
    static let largestSide = 400

    init(tree: RouteTree, columns: Int = 100, rows: Int = 30) {
        self.tree = tree
        session = ScreenSession(tree: tree, window: Window(width: columns, height: rows))
        tree.onNotice = { [weak session] message in session?.post(message) }
    }

    /// The message that brings the page up to date, or `nil` when nothing changed:
    /// a JSON object with the rows that changed (`{"rows": {"3": [[text, style], …]}}`),
    /// the window's size, the cursor and the title.
    func update() -> String? {
        let frame = session.frame()
        let rows = (0..<frame.canvas.height).map { WebRun.runs(ofRow: $0, in: frame.canvas) }
        let resized = rows.count != sentRows.count
        var changed: [(Int, [WebRun])] = []
        for (index, row) in rows.enumerated() where resized || row != sentRows[index] { changed.append((index, row)) }
        let cursorMoved = frame.cursor?.x != sentCursor?.x || frame.cursor?.y != sentCursor?.y
        let title = session.routePathText
        guard !changed.isEmpty || cursorMoved || title != sentTitle else { return nil }
        sentRows = rows
        sentCursor = frame.cursor
        sentTitle = title
        let rowsJSON = changed.map { "\"\($0.0)\":[" + $0.1.map(\.json).joined(separator: ",") + "]" }
        let cursor = frame.cursor.map { "[\($0.x),\($0.y)]" } ?? "null"
        return "{\"width\":\(frame.canvas.width),\"height\":\(frame.canvas.height),\"cursor\":\(cursor),"
            + "\"title\":\(WebRun.quoted(title)),\"rows\":{" + rowsJSON.joined(separator: ",") + "}}"
    }

    /// Acts on a message from the page; a message it cannot read is said in the
    /// status line, not ignored.
    func receive(_ text: String) {
        guard text.utf8.count <= 64 * 1024, let message = try? JSONParser.parse(text),
            let type = message["type"]?.stringValue
        else {
            session.post("the page sent a message this trellis cannot read")
            return
        }
        switch type {
        case "key":
            guard let name = message["key"]?.stringValue, let key = Key.named(name) else { return }
            // Ctrl-C ends the tab's session, as it ends the app in a terminal.
            if key == .control("c") { hasEnded = true } else { session.press(key) }
        case "text":
            guard let typed = message["text"]?.stringValue else { return }
            for character in typed.prefix(4096) where !character.isNewline { session.press(.character(character)) }
        case "paste":
            guard let pasted = message["text"]?.stringValue else { return }
            session.press(.paste(String(pasted.prefix(1 << 20))))
        case "click", "wheelUp", "wheelDown":
            guard let column = Self.coordinate(message["column"]), let row = Self.coordinate(message["row"]) else {
                return
            }
            session.press(
                type == "click"
                    ? .click(column: column, row: row) : .wheel(up: type == "wheelUp", column: column, row: row))
        case "resize":
            guard let columns = Self.coordinate(message["columns"]), let rows = Self.coordinate(message["rows"]) else {
                return
            }
            session.window = Window(width: min(columns, Self.largestSide), height: min(rows, Self.largestSide))
            sentRows = []
        default:
            session.post("the page sent a message of unknown type \(type.prefix(40))")
        }
    }

    /// Ends the tab's app: its RIBs are detached and checked for leaks.
    func end() {
        tree.end()
    }

    /// A whole cell coordinate from the page, kept to 0...``largestSide``.
    private static func coordinate(_ value: JSONValue?) -> Int? {
        guard let number = value?.numberValue, number.isFinite, number >= 0, number <= Double(largestSide) else {
            return nil
        }
        return Int(number)
    }
}

/// A run of cells of one style in a row, as the page draws it: a `<span>` whose
/// text is the run's (set as text, never as HTML) and whose class is the style.
struct WebRun: Equatable {
    var text: String
    var style: CellStyle

    var json: String { "[" + Self.quoted(text) + ",\"" + Self.name(of: style) + "\"]" }

    /// The runs of row `row` of `canvas`, wide characters' continuations left out.
    static func runs(ofRow row: Int, in canvas: Canvas) -> [WebRun] {
        var runs: [WebRun] = []
        for column in 0..<canvas.width {
            let cell = canvas[column, row]
            if cell.isContinuation { continue }
            if let last = runs.last, last.style == cell.style {
                runs[runs.count - 1].text.append(cell.character)
            } else {
                runs.append(WebRun(text: String(cell.character), style: cell.style))
            }
        }
        // Trailing blanks add nothing a row's background does not show.
        if let last = runs.last, last.style == .plain, last.text.allSatisfy({ $0 == " " }) { runs.removeLast() }
        return runs
    }

    static func name(of style: CellStyle) -> String {
        switch style {
        case .plain: "plain"
        case .focused: "focused"
        case .placeholder: "placeholder"
        case .focusedPlaceholder: "focused placeholder"
        case .match: "match"
        case .focusedMatch: "focused match"
        case .chrome: "chrome"
        case .status: "status"
        case .title: "title"
        case .first: "first"
        case .second: "second"
        case .highlight: "highlight"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and every control character escaped.
    static func quoted(_ text: String) -> String {
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
