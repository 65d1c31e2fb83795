import Foundation
import Testing
import TrellisCore
import TrellisHost
import TrellisTestSupport

/// What people expect of a terminal app beyond the keyboard: the mouse, pasting,
/// a window title, and a window too small said as such.
struct TerminalConventionTests {
    private let trellis = Products.trellis.path

    @Test func aClickOpensTheDemoUnderItAndTheTitleNamesTheScreen() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run config.json; echo EXITED=$?")
        let launcher = try tmux.waitForText("VIPER: Candy Store")
        let lines = launcher.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("VIPER: Candy Store") })
        let column = try #require(lines[row].firstIndex(of: "V"))
        let x = lines[row].distance(from: lines[row].startIndex, to: column)

        // A left press and release in SGR form, as a terminal reports them (1-based).
        try tmux.send(["-l", "\u{1B}[<0;\(x + 2);\(row + 1)M\u{1B}[<0;\(x + 2);\(row + 1)m"])
        try tmux.waitForText("launcher › candyStore")

        // The title follows the frame: polled, as the screen is.
        let deadline = Date().addingTimeInterval(10)
        while tmux.title() != "trellis: launcher › candyStore", Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(tmux.title() == "trellis: launcher › candyStore")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func aPasteGoesIntoTheFieldWithItsTabAsASpace() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("type to narrow")

        try tmux.paste("seo\tul")
        let screen = try tmux.waitForText("[seo ul")

        #expect(screen.contains(" airports "), "the focus stayed in the field: \(screen)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    /// Keys typed ahead used to be dropped or to act on stale results: "seoul"
    /// typed while Airports said "Loading cities…" was lost, and Down and Enter
    /// right after it opened the first city of the empty search. They act on the
    /// screen the person will see. (The limit is raised so a loaded machine's
    /// slow load is waited for.)
    @Test func keysTypedAheadActOnTheScreenTheyAreMeantFor() throws {
        let tmux = try TmuxSession()
        try tmux.run("TRELLIS_TYPEAHEAD_SECONDS=20 \(trellis) run; echo EXITED=$?")
        try tmux.waitForText("Coordinator: Airports")
        try tmux.send(["Down", "Down", "Down", "Enter"])
        try tmux.send(["-l", "seoul"])
        try tmux.send(["Down", "Enter"])
        let screen = try tmux.waitForText("Airports of Seoul")

        #expect(screen.contains("ICN"), "\(screen)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    /// A search and Enter typed in one burst (one write, as a fast typist or a
    /// paste of `seoul⏎` sends them) used to open "108 Mile", the top of the
    /// unfiltered list, every time: Enter waited for the screen at most 250 ms, or
    /// not at all once the screen had loaded long before. It waits for the search
    /// the text started, however long it takes.
    @Test func aSearchAndEnterTypedInOneBurstOpenTheResultOfTheWholeText() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("type to narrow")
        for _ in 1...5 {
            try tmux.send(["-l", "seoul\r"])
            let opened = try tmux.waitForText("Airports of ")
            #expect(opened.contains("Airports of Seoul (KR)"), "\(opened)")
            try tmux.send(["Escape"])
            try tmux.waitForText("[seoul")
            try tmux.send(["C-u"])
            try tmux.waitForText("type to narrow")
        }
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    /// With a long typeahead limit, `s`, a pause, then `eoul⏎` used to open the
    /// top result for `s` (Saanen): Enter went at the first change after the
    /// edit, the results of an earlier query.
    @Test func enterAfterAPauseMidWordActsOnTheWholeWord() throws {
        let tmux = try TmuxSession()
        try tmux.run("TRELLIS_TYPEAHEAD_SECONDS=3 \(trellis) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("type to narrow")
        try tmux.send(["-l", "s"])
        try tmux.waitForScreen { $0.contains("[s") && !$0.contains("type to narrow") }
        try tmux.send(["-l", "eoul\r"])
        let opened = try tmux.waitForText("Airports of ")

        #expect(opened.contains("Airports of Seoul (KR)"), "\(opened)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    /// Alt-b used to read as Esc then b: back to the launcher, the text lost.
    @Test func altKeysEditByWordInAFieldAndNeverGoBack() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run; echo EXITED=$?")
        try tmux.waitForText("Coordinator: Airports")
        try tmux.send(["Down", "Down", "Down", "Enter"])
        try tmux.waitForText("type to narrow")

        try tmux.send(["-l", "sao paulo"])
        try tmux.waitForText("[sao paulo")
        try tmux.send(["M-b", "M-b"])
        try tmux.send(["-l", "> "])
        let moved = try tmux.waitForText("[> sao paulo")
        try tmux.send(["M-f", "M-BSpace"])
        let deleted = try tmux.waitForText("[>  paulo")
        try tmux.send(["M-x", "C-Left"])
        try tmux.send(["-l", "<"])
        let screen = try tmux.waitForText("[<>  paulo")

        #expect(moved.contains("launcher › airports"), "still on Airports: \(moved)")
        #expect(deleted.contains("launcher › airports"))
        #expect(screen.contains("launcher › airports"), "Alt-x did nothing: \(screen)")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func aWindowTooSmallSaysSoAndALargerOneDrawsTheScreenAgain() throws {
        let tmux = try TmuxSession(columns: 24, rows: 6)
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        try tmux.waitForText("window too small:")

        tmux.resize(columns: 80, rows: 24)
        try tmux.waitForText("Airports by city")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func aLocaleThatIsNotUTF8GetsASCIIBoxesAndSymbols() throws {
        let tmux = try TmuxSession()
        try tmux.run("LANG=C LC_ALL= \(trellis) run Examples/main-next.json; echo EXITED=$?")
        try tmux.waitForText("[ Click Button! ]")

        try tmux.send(["Enter"])
        let screen = try tmux.waitForText("[ Close ]")

        #expect(screen.contains("+----") && screen.contains(" main > next "), "\(screen)")
        #expect(!screen.contains("─") && !screen.contains("›"))
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func aDumbTerminalGetsPlainTextAndCommands() throws {
        let tmux = try TmuxSession()
        try tmux.run("TERM=dumb \(trellis) run Examples/main-next.json; echo EXITED=$?")
        // The prompt (its trailing space is not captured).
        let first = try tmux.waitForScreen { $0.contains("\n>") }
        #expect(first.contains("[ Click Button! ]"))

        try tmux.run("tap Click Button")
        try tmux.waitForText("[ Close ]")
        try tmux.run("quit")
        try tmux.waitForText("EXITED=0")
    }

    /// A dumb terminal's line session swallowed errors (the supervisor held them
    /// as if the app owned the screen), printed the screen before a command's
    /// asynchronous result, and offered Tab, `?` and Ctrl-C, which it does not take.
    /// The screen a command led to used to be printed as soon as 2 s had passed
    /// since the command, though a second piece of work was about to begin (a
    /// screen that read its data for longer, then searched it).
    @Test func aDumbTerminalPrintsTheScreenAfterEveryPieceOfWorkItsCommandStarted() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "work" } },
                  "work": { "plugin": "TestScreens", "parameters": { "behaviour": "twoStepWork" } } }
                """)
        let tmux = try TmuxSession()
        try tmux.run("TERM=dumb \(trellis) run \(config.path); echo EXITED=$?")
        try tmux.waitForText("Click Button!")
        try tmux.run("tap Click Button!")
        let printed = try tmux.waitForScreen { $0.contains("Searching…") || $0.contains("Read in two steps") }

        #expect(printed.contains("Read in two steps") && !printed.contains("Searching…"), "\(printed)")
        try tmux.run("quit")
        try tmux.waitForText("EXITED=0")
    }

    /// Work that outlasts the wait for it (30 s; none with
    /// `TRELLIS_TYPEAHEAD_SECONDS=0`) left the line session's screen as it was when
    /// the wait ended, "Loading cities…" on a busy machine: it is said, and the
    /// screen is printed again, with the prompt, when the work is done.
    @Test func aDumbTerminalSaysWorkGoesOnAndPrintsTheScreenAgainWhenItIsDone() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "work" } },
                  "work": { "plugin": "TestScreens", "parameters": { "behaviour": "twoStepWork" } } }
                """)
        let output = folder.url.appendingPathComponent("output")
        let tmux = try TmuxSession()
        try tmux.run("TERM=dumb TRELLIS_TYPEAHEAD_SECONDS=0 \(trellis) run \(config.path); echo EXITED=$?")
        try tmux.waitForText("Click Button!")
        try tmux.recordOutput(to: output)
        try tmux.run("tap Click Button!")
        try tmux.waitForScreen {
            $0.contains("Read in two steps") && $0.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("\n>")
        }
        try tmux.run("quit")
        try tmux.waitForText("EXITED=0")
        let printed = try String(contentsOf: output, encoding: .utf8)
        let said = printed.components(separatedBy: "(still working: the screen is shown again when the work is done)")
        let afterLastNote = said.last ?? ""

        #expect(said.count > 1 && said[0].contains("Reading…"), "\(printed)")
        #expect(afterLastNote.contains("Read in two steps") && afterLastNote.contains("\r\n> "), "\(printed)")
    }

    /// There was no way to copy: `y` copies the focused row to the terminal's
    /// clipboard (OSC 52), as lazygit's `y` does, and says so.
    @Test func yCopiesTheFocusedRowToTheTerminalsClipboard() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("output")
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run; echo EXITED=$?")
        try tmux.waitForText("Trellis pattern gallery")
        try tmux.recordOutput(to: output)
        try tmux.send(["-l", "y"])
        let said = try tmux.waitForText("copied “")
        let written = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")

        let row = "RIBs: Main → Next"
        #expect(said.contains("copied “\(row)"), "\(said)")
        #expect(written.contains("\u{1B}]52;c;" + Data(row.utf8).base64EncodedString() + "\u{07}"))
    }

    @Test func aDumbTerminalSaysWhatIsWrongOffersCommandsAndShowsEachCommandsResult() throws {
        let tmux = try TmuxSession()
        try tmux.run("TERM=dumb \(trellis) run; echo EXITED=$?")
        let first = try tmux.waitForScreen { $0.contains("\n>") }
        let status = try #require(first.split(separator: "\n").last { $0.contains("launcher") }.map(String.init))
        #expect(status.contains("tap LABEL") && status.hasSuffix("help · quit"), "\(status)")
        #expect(!status.contains("Ctrl-C") && !status.contains("Tab") && !status.contains("?"), "\(status)")

        try tmux.run("foo")
        try tmux.waitForText("unknown command \"foo\"")
        try tmux.run("help")
        // Its last lines: the first have scrolled away in a 24-row terminal.
        try tmux.waitForText("quit            end the session")
        // Airports loads its cities after it is shown: the screen printed is the
        // loaded one (after a note that the work goes on, when the load outlasts
        // the wait for it on a busy machine, and the screen as it was then).
        try tmux.run("tap Coordinator: Airports")
        let loaded = try tmux.waitForText("108 Mile")
        let lastPrinted = loaded.components(separatedBy: "(still working").last ?? loaded
        #expect(!lastPrinted.contains("Loading cities"), "\(loaded)")
        try tmux.run("quit")
        try tmux.waitForText("EXITED=0")
    }

    @Test func aLongSearchScrollsInAFieldThatStaysPutWithTheCursorAtItsEnd() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        let before = try tmux.waitForText("type to narrow")
        let fieldRow = try #require(
            before.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("[Search a city") }
        )

        try tmux.send(["-l", "Abbeville (Buigny/Saint"])
        let after = try tmux.waitForText("Saint")
        let lines = after.split(separator: "\n", omittingEmptySubsequences: false)
        let field = String(lines[fieldRow])

        #expect(field.contains("Saint") && !field.contains("Abbeville"), "the field scrolled with the cursor: \(field)")
        let start = try #require(field.firstIndex(of: "["))
        let end = try #require(field.firstIndex(of: "]"))
        #expect(field.distance(from: start, to: end) == 21, "the field kept its 22 columns: \(field)")
        let cursor = try #require(tmux.cursor())
        #expect(cursor.y == fieldRow, "the cursor is in the field, which did not move")
        #expect(cursor.x == field.distance(from: field.startIndex, to: end) - 1, "the cursor is at the insertion point")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func backReturnsTheFocusAndTheStatusLineFollowsTheScreen() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run config.json; echo EXITED=$?")
        let launcher = try tmux.waitForText("Clean Swift: Repositories")
        #expect(
            launcher.contains("Enter select") && !launcher.contains("Esc back"), "the root has nowhere to go back to")

        try tmux.send(["Down", "Down", "Enter"])
        let candy = try tmux.waitForText("launcher › candyStore")
        #expect(candy.contains("Enter press") && candy.contains("Esc back") && !candy.contains("Tab next"), "\(candy)")
        try tmux.send(["Escape"])
        try tmux.waitForScreen { !$0.contains("candyStore") }
        try tmux.send(["Enter"])
        try tmux.waitForText("launcher › candyStore")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func aClickOnTheScrollBarPagesAndOneOnTheThumbDoesNothing() throws {
        let tmux = try TmuxSession(columns: 80, rows: 20)
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        let screen = try tmux.waitForText("▼")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("▼") })
        let column = lines[row].distance(from: lines[row].startIndex, to: try #require(lines[row].firstIndex(of: "▼")))
        let top = try #require(lines.firstIndex { $0.contains("108 Mile (CA)") })
        #expect(lines[top + 1].contains("┃") && !lines[top].contains("▲"), "the thumb is at the bar's top: \(screen)")

        func click(_ line: Int) throws {
            try tmux.send(["-l", "\u{1B}[<0;\(column + 1);\(line + 1)M\u{1B}[<0;\(column + 1);\(line + 1)m"])
        }

        // On the bar below the thumb, just above ▼: a page down (twelve rows shown,
        // the focus in the middle of the next page).
        try click(row - 1)
        let paged = try tmux.waitForText("17 of 16,877")
        // On the thumb, now at the bar's top: nothing moves; Down then goes on from 17.
        let thumb = try #require(
            paged.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("┃") })
        try click(thumb)
        try tmux.send(["j"])
        let next = try tmux.waitForText("18 of 16,877")

        #expect(paged.contains("▲") && !paged.contains("108 Mile (CA)"), "\(paged)")
        #expect(next.contains("18 of 16,877"))
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }

    @Test func theWheelScrollsTheFocusedList() throws {
        let tmux = try TmuxSession()
        try tmux.run("\(trellis) run Examples/airports.json; echo EXITED=$?")
        let first = try tmux.waitForText("type to narrow")
        #expect(!first.contains("▲"))

        try tmux.send(["Tab"])
        // Ten notches down, as a terminal reports the wheel (SGR, button 65).
        try tmux.send(["-l", String(repeating: "\u{1B}[<65;40;12M", count: 10)])
        let scrolled = try tmux.waitForText("▲")

        #expect(!scrolled.contains("108 Mile (CA)"), "the list scrolled past its first row")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
    }
}
