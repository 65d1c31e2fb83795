import Foundation
import Testing
import TrellisTestSupport

/// `trellis serve` in a real browser: Debian's Chromium, headless, driven
/// through its DevTools protocol with the browser's own mouse and keyboard
/// events. Every demo of the default config is played as in the terminal, and a
/// screenshot of each is kept in `.build/test-artifacts`. Skipped where Chromium
/// is not installed (`Scripts/test` installs it, as it installs tmux).
@Suite(.enabled(if: ChromiumPage.browser != nil, "Debian's chromium is not installed here; Scripts/test installs it"))
struct ChromiumTests {
    /// Goes back with Esc until `gone` has left the screen.
    private func escape(_ page: ChromiumPage, until gone: String) throws {
        try page.press("Escape")
        try page.waitUntil("!document.getElementById('screens').innerText.includes(\(quoted(gone)))", "“\(gone)” gone")
    }

    private func quoted(_ text: String) -> String { ChromiumPage.quoted(text) }

    /// Opens the Candy Store's list of candies: two screens pushed on the launcher.
    private func openTheCandies(_ page: ChromiumPage) throws {
        try open("VIPER: Candy Store", page)
        try page.click(".row, button", text: "Sweet Candy Store")
        try page.waitForText("Chocolate Bar")
    }

    /// Expects the page's script to have thrown nothing so far.
    private func expectNothingThrown(by page: ChromiumPage) throws {
        // A call reads the browser's events that came meanwhile.
        try page.evaluate("0")
        #expect(page.exceptions.isEmpty, "the page's script threw: \(page.exceptions)")
    }

    private func open(_ demo: String, _ page: ChromiumPage) throws {
        try page.waitForText("Trellis pattern gallery")
        try page.click(".row", text: demo)
    }

    /// y copies the focused row to the clipboard, as the terminal's y puts it on
    /// the terminal's (OSC 52), and the page says what was copied.
    @Test func yCopiesTheFocusedRowToTheClipboard() throws {
        let app = try ServedApp()
        let page = try ChromiumPage(app.address)
        try page.waitForText("Trellis pattern gallery")
        try page.call(
            "Browser.grantPermissions",
            [
                "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
                "origin": "http://127.0.0.1:\(app.port)",
            ],
            inSession: false)
        try page.press("ArrowDown")
        try page.press("y")
        // The notice is on the status line, below the screens.
        try page.waitUntil(
            "document.body.innerText.includes(\(quoted("copied “RIBs tutorial: TicTacToe” (to the clipboard)")))",
            "the notice of the copy")
        let copied = try page.evaluate("navigator.clipboard.readText()", awaitingPromise: true) as? String

        #expect(copied == "RIBs tutorial: TicTacToe")
        try expectNothingThrown(by: page)
    }

    /// theme.json's styles are the page's too: the status bar in the user's
    /// white on red, as the terminal draws its status line.
    @Test func theUsersColoursFromThemeJSONDrawThePage() throws {
        let config = try TemporaryFolder()
        let folder = config.url.appendingPathComponent("trellis")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{ "styles": { "status": "white on red", "highlight": "bold blue" } }"#.utf8).write(
            to: folder.appendingPathComponent("theme.json"))
        let app = try ServedApp(environment: ["XDG_CONFIG_HOME": config.url.path])
        let page = try ChromiumPage(app.address)
        try page.waitForText("Trellis pattern gallery")
        let footer = try page.evaluate("getComputedStyle(document.querySelector('footer')).backgroundColor") as? String
        let text = try page.evaluate("getComputedStyle(document.querySelector('footer')).color") as? String

        #expect(footer == "rgb(205, 49, 49)", "red, as VS Code's terminal draws it")
        #expect(text == "rgb(229, 229, 229)")
        try expectNothingThrown(by: page)
    }

    /// keys.json's keys act in the page as in the terminal: Ctrl-B moves down
    /// the launcher's list, `x` opens the row, as Enter.
    @Test func theUsersKeysFromKeysJSONActInThePage() throws {
        let config = try TemporaryFolder()
        let folder = config.url.appendingPathComponent("trellis")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{ "keys": { "ctrl-b": "down", "x": "enter" } }"#.utf8).write(
            to: folder.appendingPathComponent("keys.json"))
        let app = try ServedApp(environment: ["XDG_CONFIG_HOME": config.url.path])
        let page = try ChromiumPage(app.address)
        try page.waitForText("Trellis pattern gallery")
        for type in ["keyDown", "keyUp"] {
            try page.call(
                "Input.dispatchKeyEvent",
                ["type": type, "key": "b", "code": "KeyB", "modifiers": 2, "windowsVirtualKeyCode": 66])
        }
        try page.press("x")
        try page.waitForText("Welcome! Who is playing?")
        try expectNothingThrown(by: page)
    }

    @Test func everyDemoPlaysInARealBrowser() throws {
        let app = try ServedApp()
        let page = try ChromiumPage(app.address)
        try page.waitForText("Trellis pattern gallery")
        try page.waitUntil("location.pathname === '/app/launcher' && location.search === ''", "the token gone")
        #expect(try page.evaluate("document.title") as? String == "trellis: launcher")
        #expect(try page.evaluate("document.activeElement.dataset.key") as? String == "list:demos", "focus on the list")
        #expect(try page.screenshot("serve-launcher") > 5000)

        // Main → Next: the clock ticks; the browser's back goes back.
        try open("RIBs: Main → Next", page)
        try page.click("button", text: "Click Button!")
        try page.waitForText("Now is")
        try page.waitUntil("location.pathname === '/app/launcher/main/next'", "the address following the route")
        let clock = page.text()
        try page.waitUntil("document.body.innerText !== \(quoted(clock))", "the clock ticking")
        try page.screenshot("serve-main-next")
        try page.click("button", text: "Close")
        try page.waitUntil("location.pathname === '/app/launcher/main'")
        try page.goBack()
        try page.waitUntil("location.pathname === '/app/launcher'", "browser back")
        try page.waitForText("Trellis pattern gallery")

        // TicTacToe to a win, typed and clicked.
        try open("RIBs tutorial: TicTacToe", page)
        try page.click("input[placeholder='Player 1 name']")
        try page.type("Alice")
        try page.click("input[placeholder='Player 2 name']")
        try page.type("Bob")
        try page.click("button", text: "Login")
        try page.click("button", text: "Start Game")
        for cell in [1, 4, 2, 5, 3] {
            try page.waitUntil("[...document.querySelectorAll('button')].some(b => b.textContent === '\(cell)')")
            try page.click("button", text: "\(cell)")
            try page.waitUntil("![...document.querySelectorAll('button')].some(b => b.textContent === '\(cell)')")
        }
        try page.waitForText("Alice won")
        try page.screenshot("serve-tictactoe")
        try page.click("button", text: "Close")
        try escape(page, until: "Alice (1) vs Bob (0)")
        try escape(page, until: "Player 1 name")

        // The Candy Store: pushed and popped.
        try openTheCandies(page)
        try page.screenshot("serve-candy-store")
        try escape(page, until: "Chocolate Bar")
        try escape(page, until: "Sweet Candy Store")

        // Airports: a search typed, a city opened.
        try open("Coordinator: Airports", page)
        try page.click("input[placeholder='Search a city']")
        try page.type("seoul")
        try page.click(".row", text: "Seoul (KR)")
        try page.waitForText("Incheon International Airport")
        try page.screenshot("serve-airports")
        try escape(page, until: "Incheon")
        try escape(page, until: "Search a city")

        // Repositories: a pin's round trip.
        try open("Clean Swift: Repositories", page)
        try page.click(".row", text: "uber/RIBs")
        try page.click("button", text: "Unpin")
        try page.waitUntil(
            "[...document.querySelectorAll('button')].some(b => b.textContent.trim() === 'Pin')", "the Pin button")
        try page.screenshot("serve-repositories")
        try page.click("button", text: "Pin")
        try page.click("button", text: "Unpin")
        try page.waitUntil(
            "[...document.querySelectorAll('button')].some(b => b.textContent.trim() === 'Pin')", "unpinned again")
        try escape(page, until: "Pin")
        try escape(page, until: "Repositories (fetched")

        // The widget gallery: a switch, a tab, a sortable table, and the dialog that asks.
        try open("Widgets: switches", page)
        try page.click("label.toggle", text: "Bluetooth")
        try page.waitUntil(
            "[...document.querySelectorAll('label.toggle')].find(l => l.textContent.includes('Bluetooth')).firstChild.checked",
            "Bluetooth on")
        try page.click("label.toggle", text: "Ask before leaving")
        try page.screenshot("serve-widgets")
        try page.click("button.tab", text: "Layout")
        try page.click(".table-header button", text: "Moons")
        try page.waitForText("Moons ▲")
        try page.click(".table-header button", text: "Moons")
        try page.waitForText("Moons ▼")
        try page.screenshot("serve-widgets-layout")
        // The gallery's picture, from the plugin's resources, as a picture.
        try page.click("button.tab", text: "About")
        try page.waitUntil(
            "(() => { const p = document.querySelector('img.picture-image'); return p && p.complete && p.naturalWidth > 100; })()",
            "the gallery's picture, loaded")
        try page.screenshot("serve-widgets-about")
        try page.press("Escape")
        try page.waitForText("Leave the gallery?")
        try page.click(".dialog button", text: "Leave")
        try page.waitForText("Trellis pattern gallery")
        #expect(try page.evaluate("location.pathname") as? String == "/app/launcher")

        // Notes (in the tests' own data folder): a note made, written in, saved, and shown in the list.
        try open("Notes: a list, an editor, files", page)
        try page.click("input[placeholder='Name of a new note']")
        // The form row's label is the field's accessible name, in its column.
        #expect(
            try page.evaluate("document.activeElement.getAttribute('aria-label')") as? String == "Name",
            "the field is named by its form row")
        #expect(
            try page.evaluate("document.querySelector('.grid.form > .form-label')?.textContent") as? String == "Name")
        try page.type("Groceries")
        try page.click("button", text: "New note")
        try page.click("textarea")
        try page.type("Apples and pears")
        try page.click("button", text: "Save")
        try page.waitForText("Saved")
        try page.screenshot("serve-notes")
        try escape(page, until: "Write here")
        try page.waitUntil(
            "[...document.querySelectorAll('.row')].some(r => r.textContent.includes('Groceries') && r.textContent.includes('Apples and pears'))",
            "the note in the list, with its first line")

        // Everything the page loaded came from the host.
        let outside = try page.evaluate(
            "performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))")
        #expect((outside as? [Any])?.isEmpty == true, "loaded from outside the host: \(outside ?? "")")
        try expectNothingThrown(by: page)
    }

    @Test func aReloadComesBackToTheSameSessionAndADeepLinkOpensThroughTheWorkflow() throws {
        let app = try ServedApp()
        let page = try ChromiumPage(app.address)
        try openTheCandies(page)
        let address = try page.evaluate("location.pathname") as? String
        #expect(address?.hasPrefix("/app/launcher/candyStore/") == true, "\(address ?? "")")
        // A mark the old document has: the check below waits for the new one.
        try page.evaluate("window.beforeReload = true; location.reload()")
        try page.waitUntil(
            "window.beforeReload === undefined && document.getElementById('screens').innerText.includes('Chocolate Bar')",
            "the reloaded page showing the candies")
        #expect(try page.evaluate("location.pathname") as? String == address)
        try page.press("Escape")
        try page.waitUntil("location.pathname !== \(quoted(address ?? ""))", "back from the reloaded screen")

        // As `trellis run --open`: the link waits for the login, then starts the game.
        let tutorial = try ServedApp(config: "Examples/tictactoe.json")
        let linked = try ChromiumPage(
            "http://127.0.0.1:\(tutorial.port)/?token=\(tutorial.token)&open="
                + "trellis%3A%2F%2FlaunchGame%3FgameId%3DticTacToe")
        try linked.click("button", text: "Login")
        try linked.waitForText("Player 1's turn (X)")
        try linked.waitUntil("location.search === ''", "the link left the address, so a reload does not open it again")
    }

    @Test func textFromAConfigIsShownAsTextAndNeverRunAsScript() throws {
        let folder = try TemporaryFolder()
        let config = folder.url.appendingPathComponent("config.json")
        let title = #"<img src=x onerror=\"document.title='owned'\"><script>document.title='owned'</script>"#
        try Data(
            #"{ "plugins": ["@host"], "root": "next", "routes": { "next": { "plugin": "NextScreen", "parameters": { "title": "\#(title)" } } } }"#
                .utf8
        ).write(to: config)
        let app = try ServedApp(config: config.path)
        let page = try ChromiumPage(app.address)
        try page.waitForText("<script>")
        #expect(try page.evaluate("document.title") as? String != "owned")
        #expect(try page.evaluate("document.querySelectorAll('#screens img, #screens script').length") as? Int == 0)
        #expect(page.exceptions.isEmpty, "\(page.exceptions)")
        // The other tests' check that the page threw nothing would see a throw.
        try page.evaluate("setTimeout(() => { window.thrown = true; throw new Error('a throw the check must see'); })")
        try page.waitUntil("window.thrown === true")
        try page.evaluate("0")
        #expect(page.exceptions.contains { $0.contains("a throw the check must see") }, "\(page.exceptions)")
    }

    @Test func theKeyboardAloneOpensScreensAndGoesBackToWhereItWas() throws {
        let app = try ServedApp()
        let page = try ChromiumPage(app.address)
        try page.waitForText("Trellis pattern gallery")
        try page.waitUntil(
            "document.activeElement.dataset.key === 'list:demos'", "the list focused, as in the terminal")
        for _ in 0..<3 { try page.press("ArrowDown") }
        try page.press("Enter")
        try page.waitForText("Airports by city")
        try page.waitUntil("document.activeElement.dataset.key === 'field:search'", "the field, the first control")
        try page.type("seoul")
        try page.waitForText("Seoul (KR)")
        try page.press("Tab")
        try page.waitUntil("document.activeElement.dataset.key === 'list:cities'", "Tab to the list")
        try page.press("Enter")
        try page.waitForText("Incheon International Airport")
        try page.press("Escape")
        try page.waitForText("Airports by city")
        #expect(
            try page.evaluate("document.activeElement.dataset.key") as? String == "list:cities", "back where it was")
        try page.press("Escape")
        try page.waitForText("Trellis pattern gallery")
        try page.waitUntil("document.activeElement.dataset.key === 'list:demos'")
        #expect(
            try page.evaluate("document.querySelector('.row.active').textContent") as? String == "Coordinator: Airports"
        )
        // ? shows the keys, as in the terminal; Esc closes it, going nowhere.
        try page.press("?")
        try page.waitUntil("!document.getElementById('help').hidden", "the help")
        try page.press("Escape")
        try page.waitUntil("document.getElementById('help').hidden", "the help closed")
        #expect(try page.evaluate("location.pathname") as? String == "/app/launcher")
        #expect(try page.evaluate("document.activeElement.dataset.key") as? String == "list:demos")
        try expectNothingThrown(by: page)
    }

    @Test func aListOfSixteenThousandCitiesIsDrawnVirtuallyAndScrolledToItsEnd() throws {
        let app = try ServedApp()
        let page = try ChromiumPage(app.address)
        try open("Coordinator: Airports", page)
        try page.waitForText("16877 cities")
        let drawn = try page.evaluate("document.querySelectorAll('.row').length") as? Int ?? 0
        #expect(drawn > 5 && drawn < 200, "only the rows in sight are elements: \(drawn)")
        try page.evaluate("document.querySelector('[data-key=\"list:cities\"]').focus()")
        try page.press("End")
        // The last rows are not on the page until it asks the host for them.
        try page.waitUntil(
            "[...document.querySelectorAll('.row')].some(r => r.dataset.index === '16876' && r.textContent !== '…')",
            "the last city, fetched")
        #expect(try page.evaluate("document.querySelectorAll('.row').length") as? Int ?? 0 < 200)
        try page.press("Enter")
        try page.waitUntil("location.pathname.split('/').length > 4", "the last city opened")
        try expectNothingThrown(by: page)
    }

    @Test func theBrowsersForwardIsUndoneAndBackGoesBackAScreenAtATime() throws {
        let app = try ServedApp()
        let page = try ChromiumPage(app.address)
        try openTheCandies(page)
        let deepest = try page.evaluate("location.pathname") as? String ?? ""
        try page.goBack()
        try page.waitUntil("location.pathname === '/app/launcher/candyStore'", "one screen back")
        try page.waitForText("Sweet Candy Store")
        // The app has no forward: the page stays where the app is.
        try page.evaluate("history.forward()")
        try page.waitUntil(
            "location.pathname === '/app/launcher/candyStore' && history.state.index === 1", "forward undone")
        #expect(!page.text().contains("Chocolate Bar"), "\(deepest) is not shown again")
        try page.goBack()
        try page.waitUntil("location.pathname === '/app/launcher'", "back to the launcher")
        try page.waitForText("Trellis pattern gallery")
        try expectNothingThrown(by: page)
    }
}
