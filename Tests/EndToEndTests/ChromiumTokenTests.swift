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

    /// A page left open while serve was stopped and started again (a new
    /// token) tried the old token for ever and never said why: it says serve
    /// was started again and to open the address it printed.
    @Test func aPageOfAServeStartedAgainSaysSoAndAsksForTheNewAddress() throws {
        let first = try ServedApp(config: "Examples/main-next.json")
        let page = try ChromiumPage(first.address)
        try page.waitForText("Click Button")
        first.stop()
        try page.waitUntil("document.body.innerText.includes('connection to trellis was lost')", "the page noticing")
        let again = try ServedApp(config: "Examples/main-next.json", port: first.port)
        try page.waitUntil(
            "document.body.innerText.includes('started again, with a new token')", "the page saying serve started again"
        )

        withExtendedLifetime(again) {}
        #expect(
            try page.evaluate("document.getElementById('ended').hidden") as? Bool == false,
            "said where the page shows it")
    }

    /// A page whose protocol version is not the server's (a page kept open
    /// across an update of trellis) stops and asks to be reloaded, and draws
    /// nothing the server sends after.
    @Test func aServerOfAnotherProtocolVersionStopsThePage() throws {
        let app = try ServedApp(config: "Examples/main-next.json")
        let page = try ChromiumPage(app.address)
        try page.waitForText("Click Button")

        try page.evaluate(#"apply({"t":"hello","v":999,"session":"other"})"#)
        try page.evaluate(
            #"apply({"t":"all","screens":{"k":"screens","c":[{"k":"screen","sid":"9","c":[{"k":"text","s":"Drawn after"}]}]}})"#
        )

        #expect(
            try page.evaluate("document.getElementById('ended').textContent") as? String
                == "trellis serve speaks another version of this page's messages: reload the page.")
        #expect(!page.text().contains("Drawn after"), "nothing drawn after")
    }
}
