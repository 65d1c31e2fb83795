/// A text area's edits, for undo and redo: each the text it replaced and the
/// text it put there, at a place counted in UTF-8 bytes, so that a step in a
/// megabyte costs what it changed, not a copy of the text.
struct AreaHistory {
    /// One edit: `removed` at `start` became `inserted`; the cursor was
    /// `cursorBefore` characters in before it and `cursorAfter` after it.
    struct Edit {
        var start: Int
        var removed: String
        var inserted: String
        var cursorBefore: Int
        var cursorAfter: Int
    }

    /// The most edits kept, and the most text they may hold, before the oldest go.
    static let mostEdits = 1000
    static let mostBytes = 4 << 20

    private(set) var undone: [Edit] = []
    private(set) var done: [Edit] = []
    /// The text as the last edit left it: a text the screen changed itself
    /// (a note opened, a reset) starts a new history.
    private(set) var text: String

    init(text: String) {
        self.text = text
    }

    /// Whether `current` is the text this history's edits lead to.
    func follows(_ current: String) -> Bool {
        current == text
    }

    /// Notes `edit`, which made `result`; typing that goes on from the last edit
    /// (no line break, no other change between) joins it, as editors undo a
    /// run of typing at once.
    mutating func record(_ edit: Edit, result: String) {
        text = result
        undone = []
        if var last = done.last, last.removed.isEmpty, edit.removed.isEmpty,
            last.start + last.inserted.utf8.count == edit.start, !edit.inserted.contains("\n"),
            !last.inserted.hasSuffix("\n"),
            !last.inserted.hasSuffix(" ") || edit.inserted == " ", last.inserted.utf8.count < 256
        {
            last.inserted += edit.inserted
            last.cursorAfter = edit.cursorAfter
            done[done.count - 1] = last
            return
        }
        done.append(edit)
        var bytes = done.reduce(0) { $0 + $1.removed.utf8.count + $1.inserted.utf8.count }
        while done.count > Self.mostEdits || (bytes > Self.mostBytes && done.count > 1) {
            bytes -= done[0].removed.utf8.count + done[0].inserted.utf8.count
            done.removeFirst()
        }
    }

    /// The last edit taken back: the text before it and the cursor there.
    mutating func undo() -> (text: String, cursor: Int)? {
        guard let edit = done.popLast() else { return nil }
        text = Self.replacing(in: text, at: edit.start, length: edit.inserted.utf8.count, with: edit.removed)
        undone.append(edit)
        return (text, edit.cursorBefore)
    }

    /// The last undone edit made again.
    mutating func redo() -> (text: String, cursor: Int)? {
        guard let edit = undone.popLast() else { return nil }
        text = Self.replacing(in: text, at: edit.start, length: edit.removed.utf8.count, with: edit.inserted)
        done.append(edit)
        return (text, edit.cursorAfter)
    }

    /// `text` with the `length` bytes at byte `start` replaced by `insertion`.
    private static func replacing(in text: String, at start: Int, length: Int, with insertion: String) -> String {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: min(start, utf8.count))
        let upper = utf8.index(lower, offsetBy: min(length, utf8.distance(from: lower, to: utf8.endIndex)))
        var edited = text
        edited.replaceSubrange(lower..<upper, with: insertion)
        return edited
    }
}
