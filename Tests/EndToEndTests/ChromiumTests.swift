import Foundation
import Testing
import TrellisTestSupport

/// `trellis serve` in a real browser: Debian's Chromium, headless, opening the
/// address `serve` prints. Skipped where Chromium is not installed
/// (`Scripts/test` installs it, as it installs tmux).
struct ChromiumTests {
    static let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Chromium's output for the app at `address`, after the page has had its
    /// first frames (virtual time, so a loaded machine waits no longer).
    private func chromium(_ arguments: [String], _ address: String) throws -> String {
        let profile = try TemporaryFolder()
        let result = try TrellisProcess.run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.url.path)",
                "--virtual-time-budget=5000", "--window-size=1000,700",
            ] + arguments + [address], executable: URL(fileURLWithPath: Self.browser ?? "/usr/bin/chromium"),
            timeLimit: 120)
        return result.stdout
    }

    @Test(.enabled(if: browser != nil, "Debian's chromium is not installed here; Scripts/test installs it"))
    func theLauncherIsDrawnInARealBrowserAndKeptAsAScreenshot() throws {
        let app = try ServedApp()
        let dom = try chromium(["--dump-dom"], app.address)
        #expect(
            dom.contains("<title>trellis: launcher</title>"), "the page's title follows the route: \(dom.prefix(400))")
        #expect(dom.contains("<span class=\"title\">Trellis pattern gallery</span>"))
        #expect(dom.contains("<span class=\"focused\">RIBs: Main → Next</span>"), "the focus, as in the terminal")
        #expect(dom.contains("Tab next · Enter select"), "the status line, with the keys that work")

        let artifacts = Products.repository.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("serve-launcher.png")
        try? FileManager.default.removeItem(at: screenshot)
        _ = try chromium(["--screenshot=\(screenshot.path)"], app.address)
        let size = try FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int ?? 0
        #expect(size > 5000, "a screenshot of the launcher, kept in .build/test-artifacts")
    }
}
