/// The line at the bottom of the screen: where the user is, and the keys that apply.
public struct StatusLine: Equatable, Sendable {
    /// One key the line offers: `Esc log out`, or `Esc` where that does not fit.
    public struct Hint: Equatable, Sendable {
        /// The key and what it does here: `Esc log out`.
        public var long: String
        /// The key alone, `Esc`; empty for a hint that goes rather than shortens
        /// (`/ filter`: a bare `/` says nothing).
        public var short: String
        /// How long it stays whole: the lowest is shortened first, then dropped
        /// first.
        public var priority: Int
        /// Whether it stays, shortened, however narrow the line: the keys that
        /// lead to every other (help, quit).
        public var isEssential: Bool

        /// A hint `long` that shortens to `short`, kept whole by `priority`, and
        /// never dropped if `isEssential`.
        public init(_ long: String, short: String, priority: Int, isEssential: Bool = false) {
            self.long = long
            self.short = short
            self.priority = priority
            self.isEssential = isEssential
        }

        /// Help or quit: `long`, shortened to `short` early (`?` and `q/^C` are
        /// known by heart), before what Enter and Esc do here, and never dropped.
        public static func essential(_ long: String, short: String) -> Hint {
            Hint(long, short: short, priority: 4, isEssential: true)
        }
    }

    /// The route path, for example `main › next`; cut with `…` when it does not fit.
    public var path: String
    /// Where the focus is in a list, `3 of 50`, shown after the path when it fits.
    public var position: String?
    /// The keys that apply, in the order shown, at the right.
    public var hints: [Hint]

    /// What the user should know now (a refused swap, a key that does nothing
    /// here), shown instead of the keys. Never dropped: cut to fit with `…`, the
    /// path given up first.
    public var notice: String?

    /// Creates a status line.
    public init(path: String = "", position: String? = nil, hints: [Hint] = [], notice: String? = nil) {
        self.path = path
        self.position = position
        self.hints = hints
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
    ///
    /// Everything whole first. Then, one step at a time, each checked: a hint is
    /// shortened at its priority (one with no short form goes instead), and goes
    /// a few priorities later, so the least important hints go before the
    /// important ones are shortened, and what Esc does here is said longest; the
    /// position gives way after the least important hints; the essential hints
    /// (help and quit, which lead to the rest) never go. Then the path is cut with
    /// `…` (down to a few columns); at the narrowest the hints left stay alone.
    private func chosenForm(width: Int) -> (path: String, keys: String)? {
        // Each hint as shown, `nil` once it has gone.
        var shown: [String?] = hints.map(\.long)
        var showsPosition = position != nil
        func form() -> (path: String, keys: String)? {
            let keys = shown.compactMap { $0 }.joined(separator: " · ")
            let pathText = showsPosition ? located : path
            return 1 + TextWidth.of(pathText) + 2 + TextWidth.of(keys) + 1 <= width ? (pathText, keys) : nil
        }
        if let whole = form() { return whole }
        for step in steps {
            switch step {
            case let .shorten(index): shown[index] = hints[index].short.isEmpty ? nil : hints[index].short
            case let .drop(index): shown[index] = nil
            case .dropPosition: showsPosition = false
            }
            if let fitting = form() { return fitting }
        }
        let keys = shown.compactMap { $0 }.joined(separator: " · ")
        let room = width - 1 - 2 - TextWidth.of(keys) - 1
        if !keys.isEmpty, room >= min(TextWidth.of(path), 4) { return (TextWidth.truncated(path, to: room), keys) }
        if !keys.isEmpty, TextWidth.of(keys) + 2 <= width { return ("", keys) }
        return nil
    }

    /// A way to make the line shorter.
    private enum Step {
        case shorten(Int)
        case drop(Int)
        case dropPosition
    }

    /// The steps that make the line shorter, in the order they are taken: by
    /// rank (a hint shortens at twice its priority and goes 7 later, the position
    /// at 3), of two alike the one further right first.
    private var steps: [Step] {
        var ranked: [(rank: Int, order: Int, step: Step)] = [(3, 0, .dropPosition)]
        for (index, hint) in hints.enumerated() {
            ranked.append((2 * hint.priority, -index, .shorten(index)))
            if !hint.isEssential { ranked.append((2 * hint.priority + 7, -index, .drop(index))) }
        }
        return ranked.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.step)
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
