/// The line at the bottom of the screen: where the user is, and the keys that apply.
public struct StatusLine: Equatable, Sendable {
    /// The route path, for example `main › next`.
    public var path: String
    /// The keys that apply, shown at the right when they fit.
    public var keys: String

    /// Creates a status line.
    public init(path: String = "", keys: String = "") {
        self.path = path
        self.keys = keys
    }

    func draw(into canvas: inout Canvas, row: Int) {
        canvas.clear(x: 0, y: row, width: canvas.width, height: 1, style: .status)
        canvas.write(" " + path, x: 0, y: row, style: .status)
        let keysWidth = TextWidth.of(keys) + 1
        if !keys.isEmpty, TextWidth.of(path) + 4 + keysWidth <= canvas.width {
            canvas.write(keys, x: canvas.width - keysWidth, y: row, style: .status)
        }
    }
}
