/// The line at the bottom of the screen: where the user is, and the keys that apply.
public struct StatusLine: Equatable, Sendable {
    /// The route path, for example `main › next`.
    public var path: String
    /// The keys that apply, shown at the right when they fit.
    public var keys: String
    /// The same keys, shorter (`Tab · Enter · Esc · ^C`), shown when `keys` does
    /// not fit: hints are shortened before they are dropped.
    public var shortKeys: String

    /// Creates a status line.
    public init(path: String = "", keys: String = "", shortKeys: String? = nil) {
        self.path = path
        self.keys = keys
        self.shortKeys = shortKeys ?? keys
    }

    func draw(into canvas: inout Canvas, row: Int) {
        canvas.clear(x: 0, y: row, width: canvas.width, height: 1, style: .status)
        canvas.write(" " + path, x: 0, y: row, style: .status)
        let pathWidth = TextWidth.of(path)
        guard let shown = [keys, shortKeys].first(where: { !$0.isEmpty && pathWidth + 4 + TextWidth.of($0) + 1 <= canvas.width })
        else { return }
        let keysWidth = TextWidth.of(shown) + 1
        canvas.write(shown, x: canvas.width - keysWidth, y: row, style: .status)
    }
}
