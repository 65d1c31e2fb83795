/// The line at the bottom of the screen: where the user is, and the keys that apply.
public struct StatusLine: Equatable, Sendable {
    /// The route path, for example `main › next`.
    public var path: String
    /// The keys that apply, shown at the right when they fit.
    public var keys: String
    /// The same keys, shorter (`Tab · Enter · Esc · ^C`), shown when `keys` does
    /// not fit: hints are shortened before they are dropped.
    public var shortKeys: String

    /// What the user should know now (a refused swap, a key that does nothing
    /// here), shown instead of the keys. Never dropped: cut to fit with `…`, the
    /// path given up first.
    public var notice: String?

    /// Creates a status line.
    public init(path: String = "", keys: String = "", shortKeys: String? = nil, notice: String? = nil) {
        self.path = path
        self.keys = keys
        self.shortKeys = shortKeys ?? keys
        self.notice = notice
    }

    func draw(into canvas: inout Canvas, row: Int) {
        canvas.clear(x: 0, y: row, width: canvas.width, height: 1, style: .status)
        if let notice {
            drawNotice(notice, into: &canvas, row: row)
            return
        }
        canvas.write(" " + path, x: 0, y: row, style: .status)
        let pathWidth = TextWidth.of(path)
        guard let shown = [keys, shortKeys].first(where: { !$0.isEmpty && pathWidth + 4 + TextWidth.of($0) + 1 <= canvas.width })
        else { return }
        let keysWidth = TextWidth.of(shown) + 1
        canvas.write(shown, x: canvas.width - keysWidth, y: row, style: .status)
    }

    /// The notice at the right of the path, or alone when the path leaves it
    /// fewer than 30 columns; cut with `…` when it does not fit.
    private func drawNotice(_ notice: String, into canvas: inout Canvas, row: Int) {
        let pathWidth = TextWidth.of(path)
        let notice = notice.split(whereSeparator: \.isNewline).joined(separator: " ")
        let besidePath = canvas.width - pathWidth - 4 - 1
        let showsPath = besidePath >= min(TextWidth.of(notice), 30)
        if showsPath { canvas.write(" " + path, x: 0, y: row, style: .status) }
        let room = showsPath ? besidePath : canvas.width - 2
        guard room > 0 else { return }
        let shown = TextWidth.truncated(notice, to: room)
        canvas.write(shown, x: canvas.width - TextWidth.of(shown) - 1, y: row, style: .status)
    }
}

