import Foundation
import Testing
import TrellisTestSupport

/// A list's keys in a real terminal, as lazygit's and vi's users expect them: a
/// list is one Tab stop, and a count moves that many rows.
struct ListKeysTests {
    private let trellis = Products.trellis.path

    /// Leaving the Airports list by Tab took up to 16,877 presses, one a row.
    @Test func aCountMovesInTheAirportsListAndTabLeavesItAtOnce() throws {
        let tmux = try TmuxSession(columns: 120, rows: 30)
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("type to narrow")

        try tmux.send(["Tab"])
        try tmux.waitForText("1 of 16,877")
        try tmux.send(["-l", "5j"])
        try tmux.waitForText("6 of 16,877")
        // The next Tab leaves the list for the search field, where letters are text.
        try tmux.send(["Tab"])
        try tmux.waitForScreen { !$0.contains(" of 16,877") }
        try tmux.send(["-l", "seoul"])
        let searched = try tmux.waitForText("Seoul (KR)")

        #expect(searched.contains("seoul"), "typed into the field: \(searched)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    /// `/` reads fzf's syntax: `'york` as it is, `^new` at the start, the
    /// best and shortest first.
    @Test func slashReadsFzfsSyntaxInTheAirportsList() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("Aachen (DE)")
        try tmux.send(["Tab", "/"])
        try tmux.send(["-l", "'york"])
        let york = try tmux.waitForText("/'york  10 of 16,877")
        try tmux.send(["C-u"])
        try tmux.send(["-l", "^new"])
        let new = try tmux.waitForText("/^new  96 of 16,877")

        let rows = york.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(rows.firstIndex { $0.hasPrefix("York (") })
        let little = try #require(rows.firstIndex { $0.hasPrefix("Little York") })
        #expect(first < little, "a whole word, shorter, before a longer row: \(york)")
        // Every city row shown (a name, then its country in brackets) starts with New.
        let cities = new.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.range(of: #"^[^\[/].* \([A-Z]{2}\)"#, options: .regularExpression) != nil }
        #expect(cities.count > 3 && cities.allSatisfy { $0.hasPrefix("New") }, "\(new)")
        // n: every row again, the focus on the next match in the list's order.
        try tmux.send(["Enter", "n"])
        let searched = try tmux.waitForText("/^new  match")
        let shown = searched.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.range(of: #"^[^\[/].* \([A-Z]{2}\)"#, options: .regularExpression) != nil }
        #expect(searched.contains(" of 96"), "\(searched)")
        #expect(shown.contains { !$0.hasPrefix("New") }, "the rows around the match are kept: \(searched)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }
}
