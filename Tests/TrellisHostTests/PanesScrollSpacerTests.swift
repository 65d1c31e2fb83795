import Foundation
import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's panes, scroll views, spacers, sortable tables with shares of the
/// width, and the spinner of a task under way, as the host lays them out and
/// as keys and the mouse drive them.
@MainActor
struct PanesScrollSpacerTests {
    private func frame(_ node: ViewNode, width: Int = 40, height: Int = 12) -> [String] {
        Window(width: width, height: height).draw(root: ViewController(content: node), status: StatusLine(), focus: nil)
            .text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func driven(_ node: ViewNode, width: Int = 40, height: Int = 12) -> (ScreenSession, SingleScreenTree) {
        let tree = SingleScreenTree(node)
        return (ScreenSession(tree: tree, window: Window(width: width, height: height)), tree)
    }

    @Test func panesTakeTheirCellsTheirShareAndTheRestWithARuleBetween() {
        let lengths = Layout.paneLengths([.cells(10), .fraction(0.5), .rest], in: 42)
        #expect(lengths == [10, 20, 10], "40 cells after the two rules: 10 fixed, half of 40, the 10 left")
        #expect(Layout.paneLengths([.rest, .rest, .rest], in: 12) == [4, 3, 3])

        let drawn = frame(.panes(.horizontal, [Pane(.cells(8), .text("Side")), Pane(.rest, .text("Detail"))]))
        #expect(drawn[1].hasPrefix("  Side  │") && drawn[1].contains("Detail"), "\(drawn)")
        #expect(drawn[1...10].allSatisfy { $0.dropFirst(8).hasPrefix("│") }, "the rule runs down the window: \(drawn)")
    }

    @Test func aListInAPaneScrollsWithinIt() throws {
        let rows = (1...50).map { "Row \($0)" }
        let (session, tree) = driven(
            .panes(.vertical, [Pane(.cells(1), .title("Header")), Pane(.rest, .list(id: "rows", rows: rows))]))
        var selected: [Int] = []
        let subscription = tree.view.selections("rows").subscribe { selected.append($0) }
        defer { subscription.dispose() }

        let text = session.frame.text
        #expect(text.contains("Header") && text.contains("Row 1") && !text.contains("Row 12"), "\(text)")
        #expect(text.contains("▼"), "the list says it goes on: \(text)")
        session.update(.key(.end))
        #expect(session.frame.text.contains("Row 50"))
        session.update(.key(.enter))
        #expect(selected == [49])
    }

    @Test func aSpacerPushesWhatFollowsItToTheEndOfItsRow() {
        let drawn = frame(.vstack([.hstack([.text("Left"), .spacer, .text("Right")]), .text("Below")]))
        #expect(drawn[1].hasPrefix("Left") && drawn[1].hasSuffix("Right"), "\(drawn[1])")
        #expect(drawn[1].count == 40)
        #expect(frame(.hstack([.text("A"), .spacer, .text("B")]))[1] == "A" + String(repeating: " ", count: 38) + "B")
        #expect(frame(.grid(columns: 2, cells: [.spacer, .text("cell")]))[1].contains("cell"), "elsewhere: no room")
    }

    @Test func aScrollViewShowsItsLinesFromWhereItIsScrolledAndFollowsTheFocus() throws {
        let text = (1...30).map { "Line \($0)" }.joined(separator: "\n")
        let (session, _) = driven(.vstack([.scroll(id: "log", height: 4, .text(text)), .button("Done")]), height: 14)
        var shown = session.frame.text
        #expect(shown.contains("Line 1") && shown.contains("Line 4") && !shown.contains("Line 5"))
        #expect(shown.contains("▼") && !shown.contains("▲"))

        _ = try session.update(.command(.focus("log"))).get()
        session.update(.key(.down))
        session.update(.key(.pageDown))
        shown = session.frame.text
        #expect(shown.contains("Line 5") && !shown.contains("Line 4\n"), "a line, then a page of three: \(shown)")
        #expect(shown.contains("▲") && shown.contains("▼"))
        session.update(.key(.end))
        shown = session.frame.text
        #expect(shown.contains("Line 30") && !shown.contains("▼"), "\(shown)")

        let lines = session.frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(lines.firstIndex { $0.contains("Line 28") })
        let column = try #require(lines[row].range(of: "Line 28")).lowerBound.utf16Offset(in: lines[row])
        session.update(.key(.wheel(up: true, column: column, row: row)))
        #expect(session.frame.text.contains("Line 24") && !session.frame.text.contains("Line 30"))

        let buttons = ViewNode.vstack((1...12).map { ViewNode.button("B\($0)") })
        let (buttonSession, _) = driven(.scroll(id: "many", height: 5, buttons), height: 10)
        _ = try buttonSession.update(.command(.focus("B9"))).get()
        #expect(buttonSession.frame.text.contains("[ B9 ]"), "the view scrolled to the focused button")
        _ = try buttonSession.update(.command(.tap("B12"))).get()
        #expect(buttonSession.frame.text.contains("[ B12 ]"))
    }

    @Test func nestedScrollViewsAndBadSizesAreDrawnSensibly() {
        let inner = ViewNode.scroll(id: "inner", height: 2, .text("a\nb\nc\nd"))
        let drawn = frame(.scroll(id: "outer", height: 3, .vstack([inner, .text("after")])))
        #expect(drawn.joined().contains("a") && drawn.joined().contains("▼"), "\(drawn)")
        #expect(frame(.scroll(id: "x", height: -5, .text("one\ntwo"))).joined().contains("one"), "at least a line")
        #expect(frame(.scroll(id: "x", height: 1_000_000, .text("one"))).joined().contains("one"))
        #expect(frame(.scroll(id: "empty", .empty)).count == 12)

        #expect(Layout.paneLengths([.cells(-3), .fraction(.nan), .fraction(1e300), .rest], in: 20) == [0, 0, 17, 0])
        #expect(Layout.paneLengths([.cells(Int.max), .cells(5)], in: 10) == [9, 0])
        #expect(Layout.paneLengths([], in: 10) == [])
        #expect(frame(.panes(.horizontal, [])).count == 12)
    }

    @Test func aSortableTableSortsByItsHeaderWithKeysAndClicks() throws {
        let table = Table(
            id: "cities",
            columns: [TableColumn("City", width: .fraction(0.5)), TableColumn("Code", width: 4)],
            rows: [["Seoul", "ICN"], ["Busan", "PUS"]], sorting: TableSorting(column: 0), allowsSorting: true)
        let (session, tree) = driven(.table(table))
        var sorts: [TableSorting] = []
        let subscription = tree.view.sorts("cities").subscribe { sorts.append($0) }
        defer { subscription.dispose() }

        let header = try #require(session.frame.controls.first { $0.id == .header("cities") })
        #expect(session.frame.text.contains("City ▲"))
        #expect(
            header.stops == [0, 21], "half of the 38 columns left after the gap: 19, then two apart: \(header.stops)")
        _ = try session.update(.command(.focus("sort cities"))).get()
        session.update(.key(.right))
        session.update(.key(.enter))
        #expect(sorts == [TableSorting(column: 1), TableSorting(column: 0, ascending: false)])

        session.update(.key(.click(column: header.x + 1, row: header.y)))
        session.update(.key(.click(column: header.x + 22, row: header.y)))
        #expect(sorts.suffix(2) == [TableSorting(column: 0, ascending: false), TableSorting(column: 1)])

        let unsortable = Table(id: "plain", columns: table.columns, rows: table.rows)
        let (plain, _) = driven(.table(unsortable))
        #expect(
            !plain.frame.controls.contains { $0.id == .header("plain") }, "a header is a control only when sortable")
    }

    @Test func slashFiltersAListInAPaneAndATableFromItsHeader() throws {
        let planets = ["Mercury", "Venus", "Earth", "Mars"]
        let table = Table(
            id: "sizes", columns: [TableColumn("Planet", width: .fraction(0.5)), TableColumn("Moons")],
            rows: [["Earth", "1"], ["Mars", "2"], ["Venus", "0"]], allowsSorting: true)
        let (session, _) = driven(
            .panes(
                .horizontal,
                [Pane(.cells(12), .list(id: "side", rows: planets)), Pane(.rest, .table(table))]),
            width: 60)
        _ = try session.update(.command(.focus("Mars"))).get()
        session.update(.key(.character("/")))
        for character in "ar" { session.update(.key(.character(character))) }
        func sides(_ text: String) -> (sidebar: String, table: String) {
            let lines = text.split(separator: "\n").filter { $0.contains("│") }
            return (
                lines.map { String($0.split(separator: "│", omittingEmptySubsequences: false)[0]) }.joined(),
                lines.map { String($0.split(separator: "│", omittingEmptySubsequences: false).last ?? "") }.joined()
            )
        }
        var shown = session.frame.text
        #expect(sides(shown).sidebar.contains("Mars") && !sides(shown).sidebar.contains("Venus"), "\(shown)")
        #expect(shown.contains("2 of 4"))
        session.update(.key(.escape))

        _ = try session.update(.command(.focus("sort sizes"))).get()
        session.update(.key(.character("/")))
        for character in "en" { session.update(.key(.character(character))) }
        shown = session.frame.text
        #expect(
            sides(shown).table.contains("Venus") && !sides(shown).table.contains("Mars"),
            "the table's rows narrowed: \(shown)")
        #expect(shown.contains("1 of 3"))
    }

    @Test func aFocusedScrollViewShowsItsBarInTheFocusStyle() throws {
        let (session, _) = driven(.scroll(id: "log", height: 3, .text("a\nb\nc\nd\ne")))
        _ = try session.update(.command(.focus("log"))).get()
        let frame = session.frame
        let viewport = try #require(frame.controls.first { $0.id == .scroll("log") })
        let bar = viewport.x + viewport.width - 1
        #expect((0..<3).allSatisfy { frame.canvas[bar, viewport.y + $0].style == .focused })
    }

    @Test func aTaskUnderWayTurnsItsSpinnerOnlyWhileShown() {
        let (session, tree) = driven(.progress(nil, label: "Syncing"))
        #expect(session.frame.animates)
        #expect(session.frame.text.contains("⠋ Syncing"))
        for _ in 0..<3 { session.update(.animationStep) }
        #expect(session.frame.text.contains("⠸ Syncing"))
        tree.view.content = .progress(0.5, label: "Syncing")
        session.update(.viewsChanged)
        #expect(!session.frame.animates, "a bar that does not move asks for no frames")
        #expect(FrameDiff.asciiStandIn(for: "⠸", columns: 1) == "\\")
    }
}
