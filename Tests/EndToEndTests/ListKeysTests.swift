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
}
