import Foundation
import Testing
import TrellisTestSupport

/// The token of `trellis serve` in a real browser: kept in the page's own
/// storage, never a cookie (which every server on 127.0.0.1 would be sent), and a
/// deep link that comes without it, as another local server's page could send a
/// tab, opens nothing.
@Suite(.enabled(if: ChromiumPage.browser != nil, "Debian's chromium is not installed here; Scripts/test installs it"))
struct ChromiumTokenTests {
    @Test func theTokenIsNoCookieAndALinkWithoutItOpensNothing() throws {
        let tutorial = try ServedApp(config: "Examples/tictactoe.json")
        let page = try ChromiumPage(tutorial.address)
        try page.waitForText("Login")
        try page.waitUntil("location.search === ''", "the token left the address")
        let cookies = try page.call("Storage.getCookies", [:], inSession: false)["cookies"] as? [Any]

        // As a page of another server on this machine may: the tab sent here with a link.
        try page.evaluate(
            "window.beforeLink = true; location.href = '/?open=' + encodeURIComponent('trellis://launchGame?gameId=ticTacToe')"
        )
        try page.waitUntil(
            "window.beforeLink === undefined && document.body.innerText.includes('was not opened')",
            "the page saying the link was not opened")
        let stored = try page.evaluate("localStorage.getItem('trellis-token')") as? String

        #expect(cookies?.isEmpty == true, "no cookie: \(cookies ?? [])")
        #expect(stored == tutorial.token, "kept in the page's own storage, apart by port")
        #expect(try page.evaluate("document.body.innerText.includes('Login')") as? Bool == true, "still the app")
    }
}
