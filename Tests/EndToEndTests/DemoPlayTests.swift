import Foundation
import Testing
import TrellisTestSupport

/// Every demo of the default config played in a terminal twice: by the keyboard
/// alone (a demo found with `/`), and by the mouse alone (back is the status
/// line's `Esc` hint, clicked).
struct DemoPlayTests {
    private let trellis = Products.trellis.path

    private func launch() throws -> TmuxSession {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\(trellis) run config.json; echo EXITED=$?")
        try tmux.waitForText("Clean Swift: Repositories")
        return tmux
    }

    /// Sends Esc and waits until `gone` has left the screen: a key sent right
    /// after Esc would be read as Alt with that key.
    private func escape(_ tmux: TmuxSession, until gone: String) throws {
        try tmux.send(["Escape"])
        try tmux.waitForScreen { !$0.contains(gone) }
    }

    /// Opens a demo from the launcher by filtering its list and selecting the
    /// match: the word as it is (`'`, fzf's exact match), typed over the filter
    /// kept from the demo before (`/` types into a kept filter, Ctrl-U empties it).
    private func open(_ query: String, _ tmux: TmuxSession) throws {
        try tmux.waitForText("Trellis pattern gallery")
        try tmux.send(["-l", "/"])
        try tmux.send(["C-u"])
        try tmux.send(["-l", "'\(query)"])
        try tmux.waitForText("1 of 7")
        try tmux.send(["Enter"])
        try tmux.waitForText("(1 of 7)")
        try tmux.send(["Enter"])
    }

    @Test func everyDemoPlaysByTheKeyboardAlone() throws {
        let tmux = try launch()

        try open("main", tmux)
        try tmux.waitForText("Click Button!")
        try tmux.send(["Enter"])
        try tmux.waitForText("[ Close ]")
        try tmux.send(["Enter"])
        try tmux.waitForScreen { !$0.contains("[ Close ]") }
        try escape(tmux, until: "Click Button!")

        try open("candy", tmux)
        try tmux.waitForText("Sweet Candy Store")
        try tmux.send(["Enter"])
        try tmux.waitForText("Chocolate Bar")
        try escape(tmux, until: "Chocolate Bar")
        try escape(tmux, until: "Sweet Candy Store")

        try open("airp", tmux)
        try tmux.waitForText("Search a city")
        try tmux.send(["-l", "seoul"])
        try tmux.waitForText("Seoul (KR)")
        try tmux.send(["Enter"])
        try tmux.waitForText("ICN  Incheon International Airport")
        try escape(tmux, until: "Incheon")
        try escape(tmux, until: "Search a city")

        try open("repo", tmux)
        try tmux.waitForText("uber/RIBs")
        try tmux.send(["Enter"])
        try tmux.waitForText("[ Unpin ]")
        try escape(tmux, until: "[ Unpin ]")
        try escape(tmux, until: "Repositories (fetched")

        try open("widg", tmux)
        try tmux.waitForText("[x] Wi-Fi")
        // From the tab bar, the first control, to Bluetooth.
        try tmux.send(["Tab", "Tab", "Space"])
        try tmux.waitForText("[x] Bluetooth")
        try tmux.send(["Tab", "Space"])
        try tmux.waitForText("[x] Ask before leaving")
        try tmux.send(["Tab"])
        try tmux.send(["-l", "pw"])
        try tmux.waitForScreen { $0.contains("Password  [••__________]") && $0.contains("2 characters") }
        try tmux.send(["Tab", "Tab", "Enter"])
        try tmux.waitForText("50% Download")
        try tmux.send(["Tab", "Tab", "Enter"])
        try tmux.waitForText("Syncing your notes every day")
        try tmux.send(["Tab", "Right"])
        let syncing = try tmux.waitForText("Syncing your notes every week")
        // Round to the tab bar, on to Layout, then Tab through the planets to the table's header.
        try tmux.send(["Tab", "Right", "Right"])
        try tmux.waitForText("Planet ▲")
        // The planets' rows, one Tab stop, then the header.
        try tmux.send(["Tab", "Tab"])
        try tmux.waitForText("←→ sort by")
        try tmux.send(["Right"])
        try tmux.waitForText("Moons ▲")
        try tmux.send(["Enter"])
        let byMoons = try tmux.waitForText("Moons ▼")
        // The table's rows, one Tab stop, then the notes' scroll view.
        try tmux.send(["Tab", "Tab"])
        try tmux.waitForText("↑↓ scroll")
        try tmux.send(["End"])
        let scrolled = try tmux.waitForText("Its day is longer than its year.")
        // Back asks first; Tab goes from Stay to Leave.
        try tmux.send(["Escape"])
        try tmux.waitForText("Leave the gallery?")
        try tmux.send(["Tab", "Enter"])
        try tmux.waitForScreen { !$0.contains("Syncing your notes") }

        try open("tic", tmux)
        try tmux.playTutorialToAWinByKeyboard()
        // Esc logs out, then closes the tutorial.
        try escape(tmux, until: "Alice (1) vs Bob (0)")
        try escape(tmux, until: "Player 1 name")

        // The filter that opened the tutorial is kept; Esc clears it.
        try tmux.waitForText("/'tic (1 of 7)")
        try tmux.send(["Escape"])
        let launcher = try tmux.waitForText("RIBs: Main → Next")
        try tmux.send(["q"])
        try tmux.waitForText("EXITED=0")
        #expect(launcher.contains("Notes: a list"))
        #expect(syncing.contains("[x] Sync") && syncing.contains("Wi-Fi on · Bluetooth on"), "\(syncing)")
        #expect(byMoons.contains("←→ sort by"), "the header has the focus: \(byMoons)")
        #expect(!scrolled.contains("The smallest planet."), "End scrolled the notes to their last line: \(scrolled)")
    }

    @Test func everyDemoPlaysByTheMouseAlone() throws {
        let tmux = try launch()
        func back(until gone: String) throws {
            try tmux.click("Esc", fromBottom: true)
            try tmux.waitForScreen { !$0.contains(gone) }
        }

        try tmux.click("RIBs: Main → Next")
        try tmux.click("Click Button!")
        try tmux.click("[ Close ]")
        try tmux.waitForScreen { !$0.contains("[ Close ]") }
        try back(until: "Click Button!")

        try tmux.click("VIPER: Candy Store")
        try tmux.click("Sweet Candy Store")
        try tmux.waitForText("Chocolate Bar")
        try back(until: "Chocolate Bar")
        try back(until: "Sweet Candy Store")

        try tmux.click("Coordinator: Airports")
        try tmux.click("Aachen (DE)")
        try tmux.waitForText("AAH  Aachen-Merzbruck Airport")
        try back(until: "Aachen-Merzbruck")
        try back(until: "Search a city")

        try tmux.click("Clean Swift: Repositories")
        try tmux.click("uber/RIBs")
        try tmux.click("[ Unpin ]")
        try tmux.waitForText("Pin  ]")
        try back(until: "Pin  ]")
        let unpinned = try tmux.waitForText("Repositories (fetched")
        try back(until: "Repositories (fetched")

        try tmux.click("Widgets: switches")
        try tmux.click("[ ] Bluetooth")
        try tmux.waitForText("[x] Bluetooth")
        try tmux.click("[ More ]")
        try tmux.waitForText("50% Download")
        try tmux.click("[ ] Sync")
        // The sync lines widen as they change: click the picker once they are drawn.
        try tmux.waitForText("Syncing your notes every day")
        try tmux.click("hour")
        let syncing = try tmux.waitForText("Syncing your notes every hour")
        try tmux.click("Note")
        try tmux.click("Write a note")
        try tmux.send(["-l", "Dear Ann,"])
        try tmux.send(["Enter"])
        try tmux.send(["-l", "the garden"])
        let note = try tmux.waitForText("2 lines, 20 characters")
        try tmux.click("Layout")
        try tmux.waitForText("Planet ▲")
        try tmux.click("Mars")
        try tmux.waitForText("2 moons")
        try tmux.click("Moons")
        try tmux.waitForText("Moons ▲")
        try tmux.click("Moons ▲")
        let sorted = try tmux.waitForText("Moons ▼")
        // The wheel over the scroll view of Mars's notes brings its last line in.
        try tmux.wheel(over: "Red with iron oxide.", up: false)
        try tmux.waitForText("Dust storms that cover it.")
        try tmux.click("About")
        try tmux.waitForText("the view kinds of SDK 1.1")
        try tmux.click("Controls")
        try tmux.click("[ Delete… ]")
        try tmux.click("[ Delete ]")
        try tmux.waitForText("0% Download")
        try back(until: "Syncing your notes")

        try tmux.click("RIBs tutorial: TicTacToe")
        try tmux.click("[ Login ]")
        try tmux.click("[ Start Game ]")
        for cell in [1, 4, 2, 5, 3] { try tmux.click("[ \(cell) ]") }
        let won = try tmux.waitForText("Player 1 won")
        try tmux.click("[ Close ]")
        try back(until: "[ Start Game ]")
        try back(until: "Player 1 name")

        // Quit is the one hint a click does not press: a stray second click where
        // `Esc back` was must not end the app.
        try tmux.click("q/Ctrl-C", fromBottom: true)
        try tmux.send(["-l", "/main"])
        let stillRunning = try tmux.waitForText("1 of 7")
        try tmux.send(["C-c"])
        try tmux.waitForText("EXITED=0")
        #expect(stillRunning.contains("RIBs: Main → Next"))
        #expect(!unpinned.contains("★ uber/RIBs"), "the pin was taken off by a click: \(unpinned)")
        #expect(won.contains("X     X     X"), "\(won)")
        #expect(syncing.contains("Wi-Fi on · Bluetooth on"), "\(syncing)")
        #expect(note.contains("│Dear Ann,") && note.contains("│the garden") && note.contains(" 2:11 "), "\(note)")
        #expect(sorted.contains("Saturn") && sorted.contains("146"), "the table sorted by a click: \(sorted)")
    }
}
