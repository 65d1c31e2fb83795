/// The line at the bottom of the screen: where the user is, and the keys that apply.
public struct StatusLine: Equatable, Sendable {
    /// The route path, for example `main › next`; cut with `…` when it does not fit.
    public var path: String
    /// Where the focus is in a list, `3 of 50`, shown after the path when it fits.
    public var position: String?
    /// The keys that apply, shown at the right when they fit.
    public var keys: String
    /// The same keys, shorter (`Tab · Enter · Esc · ^C`), shown when `keys` does
    /// not fit: hints are shortened before they are dropped.
    public var shortKeys: String
    /// The keys kept when not even `shortKeys` fits (help and quit, say).
    public var essentialKeys: String

    /// What the user should know now (a refused swap, a key that does nothing
    /// here), shown instead of the keys. Never dropped: cut to fit with `…`, the
    /// path given up first.
    public var notice: String?

    /// Creates a status line.
    public init(
        path: String = "", position: String? = nil, keys: String = "", shortKeys: String? = nil,
        essentialKeys: String? = nil, notice: String? = nil
    ) {
        self.path = path
        self.position = position
        self.keys = keys
        self.shortKeys = shortKeys ?? keys
        self.essentialKeys = essentialKeys ?? shortKeys ?? keys
        self.notice = notice
    }

    /// The path with the position after it.
    private var located: String {
        position.map { path.isEmpty ? $0 : path + "  " + $0 } ?? path
    }

    func draw(into canvas: inout Canvas, row: Int) {
        canvas.clear(x: 0, y: row, width: canvas.width, height: 1, style: .status)
        if let notice {
            drawNotice(notice, into: &canvas, row: row)
            return
        }
        guard let (pathText, shown) = chosenForm(width: canvas.width) else {
            canvas.write(" " + TextWidth.truncated(path, to: max(canvas.width - 2, 0)), x: 0, y: row, style: .status)
            return
        }
        if !pathText.isEmpty { canvas.write(" " + pathText, x: 0, y: row, style: .status) }
        canvas.write(shown, x: canvas.width - TextWidth.of(shown) - 1, y: row, style: .status)
    }

    /// The key hint drawn at `column` of a line `width` columns wide (`Esc back`,
    /// `?`), for a click on it; `nil` off the hints, or when a notice is shown.
    public func hint(atColumn column: Int, width: Int) -> String? {
        guard notice == nil, let (_, shown) = chosenForm(width: width) else { return nil }
        var x = width - TextWidth.of(shown) - 1
        for hint in shown.components(separatedBy: " · ") {
            let hintWidth = TextWidth.of(hint)
            if (x..<x + hintWidth).contains(column) { return hint }
            x += hintWidth + 3
        }
        return nil
    }

    /// The path and the keys drawn in a line `width` columns wide.
    private func chosenForm(width: Int) -> (path: String, keys: String)? {
        // Richer keys first, then the path whole: the position gives way first,
        // then the hints are shortened, then the path is cut with `…` (down to a
        // few columns), and at the narrowest the essential hints stay alone.
        func fits(_ pathText: String, _ keys: String) -> Bool {
            1 + TextWidth.of(pathText) + 2 + TextWidth.of(keys) + 1 <= width
        }
        var choice: (path: String, keys: String)?
        for form in [keys, shortKeys, essentialKeys] where !form.isEmpty {
            if fits(located, form) {
                choice = (located, form)
            } else if fits(path, form) {
                choice = (path, form)
            } else if form != keys {
                let room = width - 1 - 2 - TextWidth.of(form) - 1
                if room >= min(TextWidth.of(path), 4) { choice = (TextWidth.truncated(path, to: room), form) }
            }
            if choice != nil { break }
        }
        if choice == nil, !essentialKeys.isEmpty, TextWidth.of(essentialKeys) + 2 <= width {
            choice = ("", essentialKeys)
        }
        return choice
    }

    /// The notice at the right of the path, or alone when the path leaves it
    /// fewer than 30 columns; cut with `…` when it does not fit.
    private func drawNotice(_ notice: String, into canvas: inout Canvas, row: Int) {
        let pathWidth = TextWidth.of(located)
        let notice = notice.split(whereSeparator: \.isNewline).joined(separator: " ")
        let besidePath = canvas.width - pathWidth - 4 - 1
        let showsPath = besidePath >= min(TextWidth.of(notice), 30)
        if showsPath { canvas.write(" " + located, x: 0, y: row, style: .status) }
        let room = showsPath ? besidePath : canvas.width - 2
        guard room > 0 else { return }
        let shown = TextWidth.truncated(notice, to: room)
        canvas.write(shown, x: canvas.width - TextWidth.of(shown) - 1, y: row, style: .status)
    }
}
