import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// What a key costs as the work grows: a list of rows as Notes draws them, its
/// `/` filter, and a bracketed paste into a text area. Each goal compares the
/// large case with the small one measured in the same run.
struct KeystrokeFigures {
    /// One `j` or `k` in a list of rich rows, by row count, in microseconds.
    var list: [Int: Double] = [:]
    /// One character typed into the list's `/` filter, by row count.
    var filter: [Int: Double] = [:]
    /// The plain loop the filter is held to: 28,000 rows' text matched once.
    var bareRowFilter = 0.0
    /// A paste into a text area, from its first byte to the frame, per KiB, by KiB.
    var pastePerKiB: [Int: Double] = [:]

    static let rowCounts = [10, 28_000]
    static let pasteKiB = [16, 1024]

    var goals: [(name: String, holds: Bool, detail: String)] {
        let (small, large) = (Self.rowCounts[0], Self.rowCounts[1])
        let (fewKiB, manyKiB) = (Self.pasteKiB[0], Self.pasteKiB[1])
        return [
            (
                "list_keystroke_us.\(large) <= 2 x list_keystroke_us.\(small)",
                (list[large] ?? .nan) <= 2 * (list[small] ?? .nan),
                String(format: "%.1f <= %.1f", list[large] ?? .nan, 2 * (list[small] ?? .nan))
            ),
            (
                "filter_keystroke_us.\(large) <= 2 x filter_keystroke_us.\(small) + bare_row_filter_us",
                (filter[large] ?? .nan) <= 2 * (filter[small] ?? .nan) + bareRowFilter,
                String(
                    format: "%.1f <= %.1f", filter[large] ?? .nan, 2 * (filter[small] ?? .nan) + bareRowFilter)
            ),
            (
                "paste_us_per_kib.\(manyKiB) <= 2 x paste_us_per_kib.\(fewKiB)",
                (pastePerKiB[manyKiB] ?? .nan) <= 2 * (pastePerKiB[fewKiB] ?? .nan),
                String(format: "%.1f <= %.1f", pastePerKiB[manyKiB] ?? .nan, 2 * (pastePerKiB[fewKiB] ?? .nan))
            ),
        ]
    }
}

extension Benchmarks {
    /// All of ``KeystrokeFigures``.
    func keystrokes() throws -> KeystrokeFigures {
        var figures = KeystrokeFigures()
        for rows in KeystrokeFigures.rowCounts {
            figures.list[rows] = try listKeystroke(rows: rows)
            figures.filter[rows] = try filterKeystroke(rows: rows)
        }
        figures.bareRowFilter = bareRowFilter(rows: KeystrokeFigures.rowCounts[1])
        for kib in KeystrokeFigures.pasteKiB { figures.pastePerKiB[kib] = try paste(kib: kib) }
        return figures
    }

    /// A session over a list of `count` rows as Notes draws them (a name, its
    /// first line and when it was saved), with a field below it, at 80x24.
    private func noteList(rows count: Int) -> ScreenSession {
        let rows = (0..<count).map { index in
            ListRow(
                "Note \(index)", subtitle: "The first line of note number \(index)",
                badge: "2026-12-0\(index % 9 + 1) 10:\(index % 60 / 10)\(index % 10)")
        }
        let view = ViewNode.vstack([
            .title("Notes"), .rows(id: "notes", rows: rows), .text("\(count) notes · / filters"),
            .textField(id: "name", text: "", placeholder: "Name of a new note", width: 24),
        ])
        return ScreenSession(tree: ScreenOfOneView(view), window: Window(width: 80, height: 24))
    }

    /// Presses each key and draws the frame the terminal would be sent, in
    /// microseconds: the median of `rounds` rounds of `keys`.
    private func keyCost(_ session: ScreenSession, _ keys: [Key], rounds: Int = 20) -> Double {
        var diff = FrameDiff(usesColor: true)
        _ = diff.update(to: session.frame)
        var samples: [Double] = []
        for _ in 0..<rounds {
            for key in keys {
                samples.append(
                    seconds {
                        session.update(.key(key))
                        _ = diff.update(to: session.frame)
                    })
            }
        }
        return median(samples) * 1e6
    }

    /// `j` then `k` in the middle of a list of `rows` rows.
    func listKeystroke(rows: Int) throws -> Double {
        let session = noteList(rows: rows)
        _ = try session.update(.command(.focus("Note 0"))).get()
        for _ in 0..<min(rows / 2, 50) { session.update(.key(.character("j"))) }
        return keyCost(session, [.character("j"), .character("k")])
    }

    /// A character typed into the list's `/` filter, then taken back.
    func filterKeystroke(rows: Int) throws -> Double {
        let session = noteList(rows: rows)
        _ = try session.update(.command(.focus("Note 0"))).get()
        session.update(.key(.character("/")))
        return keyCost(session, [.character("7"), .backspace])
    }

    /// The rows' text matched against one character as a plain loop would: each
    /// row's name and first line, folded once beforehand, in microseconds.
    func bareRowFilter(rows: Int) -> Double {
        let keys = (0..<rows).map { "note \($0) the first line of note number \($0)" }
        var kept = 0
        let samples = (0..<20).map { _ in
            seconds {
                var matches: [Int] = []
                for (index, key) in keys.enumerated() where key.contains("7") { matches.append(index) }
                kept &+= matches.count
            }
        }
        precondition(kept > 0)
        return median(samples) * 1e6
    }

    /// A bracketed paste of `kib` KiB of lines into a text area, from its first
    /// byte (decoded in a terminal's 4 KiB reads) to the frame, per KiB, in
    /// microseconds.
    func paste(kib: Int) throws -> Double {
        let line = String(repeating: "lorem ipsum ", count: 5) + "\n"
        let text = String(repeating: line, count: kib * 1024 / line.utf8.count)
        let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
        var samples: [Double] = []
        for _ in 0..<5 {
            let tree = ScreenOfOneView(
                .vstack([.title("Note"), .textArea(id: "body", text: "", width: 60, height: 12)]))
            let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
            _ = try session.update(.command(.focus("body"))).get()
            var diff = FrameDiff(usesColor: true)
            _ = diff.update(to: session.frame)
            samples.append(
                seconds {
                    var decoder = KeyDecoder()
                    var offset = 0
                    while offset < bytes.count {
                        for key in decoder.decode(bytes[offset..<min(offset + 4096, bytes.count)]) {
                            session.update(.key(key))
                        }
                        offset += 4096
                    }
                    _ = diff.update(to: session.frame)
                })
        }
        return median(samples) * 1e6 / Double(kib)
    }
}
