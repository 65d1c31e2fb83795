import Foundation
import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// SDK 1.1's tables: columns sized and aligned under their headers, rows
/// selected and windowed as a list's, and bad shapes drawn sensibly.
@MainActor
struct TableTests {
    private let columns = [
        TableColumn("City"), TableColumn("Code", width: 4, alignment: .center),
        TableColumn("Flights", alignment: .trailing),
    ]

    private func lines(_ node: ViewNode, height: Int = 10) -> [String] {
        Window(width: 60, height: height).draw(root: ViewController(content: node), status: StatusLine(), focus: nil)
            .text.split(separator: "\n").map { String($0) }.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    @Test func columnsAreSizedAndAlignedUnderTheirHeaders() {
        let drawn = lines(
            .table(Table(id: "airports", columns: columns, rows: [["Seoul", "ICN", "812"], ["Busan", "PUS", "95"]])))
        let indent = drawn.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        #expect(
            drawn.map { String($0.dropFirst(indent)) } == [
                "City   Code  Flights", "Seoul  ICN       812", "Busan  PUS        95",
            ])
    }

    @Test func aRowIsSelectedByItsIndexAndRaggedRowsAreBlankOrCut() throws {
        let tree = SingleScreenTree(
            .table(Table(id: "airports", columns: columns, rows: [["Seoul"], ["Busan", "PUSAN", "95", "extra"]])))
        let session = ScreenSession(tree: tree, window: Window(width: 60, height: 10))
        var selected: [Int] = []
        let subscription = tree.view.selections("airports").subscribe { selected.append($0) }
        defer { subscription.dispose() }

        let text = session.frame.text
        #expect(text.contains("PUS…") && !text.contains("extra"), "a long cell is cut; an extra one is not shown")
        _ = try session.update(.command(.tap("Busan"))).get()
        #expect(selected == [1])
    }

    @Test func manyRowsAreWindowedAndTooManyColumnsOrNoneAreSaid() {
        let many = (0..<28_000).map { ["City \($0)", "C\($0 % 100)", "\($0)"] }
        let drawn = lines(.table(Table(id: "big", columns: columns, rows: many)), height: 12)
        #expect(
            drawn.count == 10 && drawn.last?.contains("▼") == true,
            "the header, the rows in sight and the bar: \(drawn)")

        let wide = (0..<10_000).map { TableColumn("c\($0)", width: 1) }
        #expect(lines(.table(Table(id: "wide", columns: wide, rows: []))).joined().contains("9900 more columns"))
        #expect(
            lines(.table(Table(id: "none", columns: [], rows: [["a"]]))) == [
                "                  [table none: no columns]"
            ])
    }
}
