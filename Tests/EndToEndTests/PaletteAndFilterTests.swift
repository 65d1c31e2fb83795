import Foundation
import Testing
import TrellisTestSupport

/// `/` filters a list and `:` opens the command palette, headless and in a
/// terminal, as lazygit, tig and k9s users expect.
struct ListFilterTests {
    private func walk(_ script: String) throws -> ProcessResult {
        try TrellisProcess.run(["run", "config.json", "--headless", "--size", "80x16"], input: script)
    }

    @Test func slashFiltersTheListAndEnterSelectsAMatchByItsPlaceInTheWholeList() throws {
        let result = try walk(
            """
            key /
            type can
            expect /can
            expect 2 of 7
            expect VIPER: Candy Store
            expect Clean Swift: Repositories
            expect-not Coordinator: Airports
            key enter
            expect /can (2 of 7)
            key enter
            expect Sweet Candy Store
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func escClearsTheFilterBeforeItGoesBackAndTheFocusStaysOnTheRow() throws {
        let result = try walk(
            """
            tap Clean Swift: Repositories
            expect uber/RIBs
            key esc
            key /
            type coord
            key enter
            key esc
            expect RIBs: Main → Next
            expect-not /coord
            print
            key enter
            expect Airports by city
            """)

        #expect(result.status == 0, "\(result.stderr)")
        // Still on the launcher after Esc: it cleared the filter, and did not go back.
        #expect(result.stdout.contains("launcher "), "\(result.stdout)")
    }

    /// A kept filter was lost on coming back from a row (Airports): it waits
    /// while the row's screen is on top, the focus on the match selected.
    @Test func aKeptFilterIsThereAgainOnComingBackFromARow() throws {
        let result = try walk(
            """
            key /
            type can
            key enter
            key enter
            expect Sweet Candy Store
            key esc
            expect /can (2 of 7)
            expect-not Coordinator: Airports
            key enter
            expect Sweet Candy Store
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aFilterThatMatchesNothingSaysSoAndBackspaceWidensIt() throws {
        let result = try walk(
            """
            key /
            type zzz
            expect 0 of 7
            key backspace
            key backspace
            key backspace
            expect 7 of 7
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aLongFilterShowsItsEndWhereTheTypingIs() throws {
        let result = try walk("key /\ntype \(String(repeating: "abcdefghij", count: 12))xyz\nprint\n")

        let status = result.stdout.split(separator: "\n").last ?? ""
        #expect(status.contains("/…") && status.contains("hijxyz") && status.contains("0 of 7"), "\(status)")
    }

    @Test func aScreenWithoutAListSaysThereIsNothingToFilter() throws {
        let result = try walk(
            """
            tap RIBs: Main → Next
            key /
            expect no list on this screen to filter
            """)

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func theMatchIsHighlightedInATerminal() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(Products.trellis.path) run config.json; echo EXITED=$?")
        try tmux.waitForText("VIPER: Candy Store")
        try tmux.send(["-l", "/cand"])
        try tmux.waitForText("/cand")
        let styled = try tmux.waitForScreen { _ in true }
        let raw = tmux.screenWithAttributes()
        // Esc then q at once would be Alt-q: one, then the other.
        try tmux.send(["Escape"])
        try tmux.waitForScreen { !$0.contains("/cand") }
        try tmux.send(["q"])
        try tmux.waitForText("EXITED=0")

        #expect(styled.contains("1 of 7"), "\(styled)")
        // The matched part of the focused row is drawn bold and underlined over its reverse video.
        #expect(raw.contains("Cand"), "\(raw)")
        #expect(raw.range(of: "\u{1B}\\[[0-9;]*4[0-9;]*mCand", options: .regularExpression) != nil, "\(raw)")
    }
}

struct CommandPaletteTests {
    private func walk(_ script: String) throws -> ProcessResult {
        try TrellisProcess.run(["run", "config.json", "--headless", "--size", "80x20"], input: script)
    }

    @Test func colonListsTheScreensActionsWithTheirKeysAndTypingNarrowsThem() throws {
        let result = try walk(
            """
            key :
            expect Open “VIPER: Candy Store”
            expect Filter the list
            expect Help: the keys of this screen
            expect Quit
            type air
            print
            """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Open “Coordinator: Airports”"), "\(result.stdout)")
        #expect(!result.stdout.contains("Quit"), "\(result.stdout)")
    }

    @Test func helpIsFoundByItsName() throws {
        let result = try walk("key :\ntype help\nkey enter\nexpect Keys on this screen\n")

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func enterRunsTheChosenActionAndBackIsAnAction() throws {
        let result = try walk(
            """
            key :
            type air
            key enter
            expect Airports by city
            key esc
            key :
            type candy
            key enter
            expect Sweet Candy Store
            key :
            type back
            key enter
            expect Trellis pattern gallery
            key :
            type quit
            key enter
            expect this line is never reached
            """)

        #expect(result.status == 0, "quit from the palette ends the run as `quit` does: \(result.stderr)")
    }

    @Test func ctrlPOpensThePaletteInAFieldWhereColonIsTyped() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(Products.trellis.path) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("Search a city")
        try tmux.send(["-l", "a:b"])
        let typed = try tmux.waitForText("[a:b")
        try tmux.send(["C-p"])
        let palette = try tmux.waitForText("Help: the keys of this screen")
        try tmux.send(["Escape"])
        try tmux.waitForScreen { !$0.contains("Help: the keys of this screen") }
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        #expect(typed.contains("[a:b"))
        #expect(palette.contains("F1"), "in a field, help is F1: \(palette)")
    }

    @Test func aClickOnAnEntryRunsIt() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(Products.trellis.path) run config.json; echo EXITED=$?")
        try tmux.waitForText("VIPER: Candy Store")
        try tmux.send(["-l", ":"])
        try tmux.click("Open “VIPER")
        try tmux.waitForText("Sweet Candy Store")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }
}
