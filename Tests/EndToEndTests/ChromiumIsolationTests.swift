import Foundation
import Testing
import TrellisTestSupport

/// The sandboxed Notes demo under `trellis serve`, in a real browser: the
/// question its plugin's asks raise is answered in the page, and the plugin's
/// screen, drawn from its own process, is played there.
@Suite(.enabled(if: ChromiumPage.browser != nil, "Debian's chromium is not installed here; Scripts/test installs it"))
struct ChromiumIsolationTests {
    @Test func theSandboxedNotesAskInThePageAndArePlayedThereOnceAllowed() throws {
        let folder = try TemporaryFolder()
        let app = try ServedApp(
            config: "Examples/notes-isolated.json",
            environment: [
                "XDG_CONFIG_HOME": folder.url.path + "/config", "XDG_DATA_HOME": folder.url.path + "/data",
            ])
        let page = try ChromiumPage(app.address)

        try page.waitForText("Notes asks, for route notes, to:")
        #expect(try page.screenshot("serve-notes-isolated-asks") > 5000)
        try page.click("button", text: "Allow")
        try page.waitForText("Welcome to Notes")
        try page.evaluate("0")

        #expect(page.exceptions.isEmpty, "the page's script threw: \(page.exceptions)")
        #expect(FileManager.default.fileExists(atPath: folder.url.path + "/config/trellis/permissions.json"))
        #expect(FileManager.default.fileExists(atPath: folder.url.path + "/data/trellis/notes"), "made once granted")
    }
}
