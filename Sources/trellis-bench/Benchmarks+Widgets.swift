import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// SDK 1.1's view kinds: the gallery's frames, a table of 28,000 rows, and typing
/// into a text area that holds a megabyte.
extension Benchmarks {
    /// Layout and drawing of a table of `rows` rows at 80x24, in microseconds: the
    /// same rows each frame, as a screen that does not change them draws them.
    func tableFrameTime(rows: Int) -> Double {
        let table = Table(
            id: "cities",
            columns: [
                TableColumn("City", width: .fraction(0.5)), TableColumn("Code", width: 4),
                TableColumn("Flights", alignment: .trailing),
            ],
            rows: (0..<rows).map { ["City number \($0)", "C\($0 % 100)", "\($0 * 7 % 1000)"] })
        let view = ViewController(content: .vstack([.text("Table"), .table(table)]))
        let window = Window(width: 80, height: 24)
        return median(
            (0..<50).map { _ in seconds { _ = window.draw(root: view, status: StatusLine(path: "table"), focus: nil) } }
        )
            * 1e6
    }

    /// The slowest of the widget gallery's tabs to lay out and draw, in
    /// microseconds: each tab's median frame, with a task under way on the first.
    func galleryFrameTime() throws -> Double {
        let session = try session(repository.appendingPathComponent("Examples/widgets.json").path)
        try settle(session, showing: "Download")
        _ = try session.update(.command(.tap("Sync"))).get()
        var slowest = 0.0
        for _ in 0..<4 {
            slowest = max(slowest, frameTime(session, runs: 100))
            // The next tab, with the focus on the tab bar.
            _ = try session.update(.command(.focus("Controls, Note, Layout, About"))).get()
            session.update(.key(.right))
        }
        return slowest
    }

    /// One keystroke typed into a text area holding `bytes` bytes of text (lines
    /// of 60 characters, the cursor in the middle), until it is drawn, in
    /// microseconds; and the bytes the terminal gets for it.
    func areaKeystroke(bytes: Int) throws -> (microseconds: Double, terminalBytes: Int) {
        let line = String(repeating: "lorem ipsum ", count: 5) + "\n"
        let text = String(repeating: line, count: bytes / line.utf8.count)
        let tree = ScreenOfOneView(
            .vstack([.title("Notes"), .textArea(id: "body", text: text, width: 60, height: 12)]))
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
        _ = try session.update(.command(.focus("body"))).get()
        for _ in 0..<(text.count / 2 / 61) { session.update(.key(.up)) }
        var diff = FrameDiff(usesColor: true)
        _ = diff.update(to: session.frame)
        var samples: [Double] = []
        var written = 0
        for index in 0..<40 {
            samples.append(
                seconds {
                    session.update(.key(index % 2 == 0 ? .character("x") : .backspace))
                    written = diff.update(to: session.frame).utf8.count
                })
        }
        return (median(samples) * 1e6, written)
    }

    /// The slowest frame of the view kinds' bad inputs, in microseconds: a text
    /// area of one line of a megabyte with the cursor at its end, one of 10 MB,
    /// a table of 10,000 columns, ragged rows and no columns, scroll views
    /// nested ten deep, pickers with no options, progress out of range.
    func badInputFrameTime() -> Double {
        let line = String(repeating: "x", count: 1 << 20)
        let nested = (0..<10).reduce(ViewNode.text((1...50).map(String.init).joined(separator: "\n"))) { inner, level in
            .scroll(id: "s\(level)", height: 20 - level, inner)
        }
        let cases: [ViewNode] = [
            .textArea(id: "line", text: line, width: 60, height: 12),
            .textArea(id: "huge", text: String(repeating: "y", count: 10 << 20)),
            .table(
                Table(id: "wide", columns: (0..<10_000).map { TableColumn("c\($0)") }, rows: [["a"], [], ["b", "c"]])),
            .table(Table(id: "none", columns: [], rows: [["a"]])),
            nested,
            .vstack([
                .picker("Empty", options: [], selected: 7), .progress(.nan), .progress(-1), .progress(1e300),
            ]),
        ]
        var slowest = 0.0
        for node in cases {
            let tree = ScreenOfOneView(node)
            let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
            // The first control focused: the long line's cursor at its end.
            if let first = session.frame.controls.first { session.update(.key(.click(column: first.x, row: first.y))) }
            session.update(.key(.end))
            slowest = max(slowest, median((0..<5).map { _ in seconds { session.update(.viewsChanged) } }) * 1e6)
        }
        return slowest
    }

    /// The bytes the terminal gets for one character typed into a text field as
    /// wide as the text area of ``areaKeystroke(bytes:)``.
    func fieldKeystrokeBytes() throws -> Int {
        let tree = ScreenOfOneView(
            .vstack([.title("Notes"), .textField(id: "title", text: "lorem ipsum", placeholder: "Title", width: 60)]))
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
        _ = try session.update(.command(.focus("Title"))).get()
        var diff = FrameDiff(usesColor: true)
        _ = diff.update(to: session.frame)
        session.update(.key(.character("x")))
        return diff.update(to: session.frame).utf8.count
    }
}

/// A tree of one screen showing a view, for benchmarks of a view kind alone.
@MainActor
final class ScreenOfOneView: RouterTree {
    private let router: ViewableRouting

    init(_ content: ViewNode) {
        router = ViewableRouter(interactor: Interactor(), viewController: ViewController(content: content))
    }

    var rootRouter: Routing? { router }

    func route(of router: Routing) -> (id: String, plugin: String)? {
        router === self.router ? ("view", "bench") : nil
    }

    func openLink(_ url: String) throws {}
}
