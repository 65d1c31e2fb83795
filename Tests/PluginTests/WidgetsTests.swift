import Testing
import TrellisSDK
import TrellisTesting

@testable import Widgets

/// The widget gallery driven with the testing kit: its switches, buttons and bar
/// as the host draws them.
@MainActor
struct WidgetsTests {
    @Test func switchesAndButtonsChangeWhatTheGalleryShows() async throws {
        let screen = try ScreenTester(WidgetsBuilder(dependency: EmptyComponent()), route: "widgets")
        try await screen.expect("[x] Wi-Fi")
        #expect(screen.lines.contains("[████████░░░░░░░░░░░░]  40% Download"))

        try screen.tap("Bluetooth")
        try screen.tap("More")
        try screen.tap("Sync")

        try await screen.expect("⠋ Syncing your notes every day")
        #expect(screen.lines.contains("Wi-Fi on · Bluetooth on"))
        #expect(screen.lines.contains("[██████████░░░░░░░░░░]  50% Download"))
        #expect(screen.lines.contains("[x] Sync"))

        try screen.press("tab")
        try screen.press("space")
        #expect(
            screen.lines.contains("Every  hour   day  [week]"),
            "Tab went on from Sync to the picker, Space chose the next")
        #expect(screen.lines.contains("⠋ Syncing your notes every week"))
        try screen.type("s3cret", into: "Password")
        #expect(screen.lines.contains("Password  [••••••______]"), "a bullet a character, 12 columns wide")
        #expect(screen.lines.contains("6 characters") && screen.lines.contains("8 characters or more"), "under it")
        #expect(!screen.text.contains("s3cret"))

        try screen.choose("Note", in: "Controls")
        try screen.type("Dear Ann,\nthe garden", into: "Write a note")
        #expect(screen.lines.contains("2 lines, 20 characters"))
        #expect(screen.lines.contains { $0.hasPrefix("│the garden") })
        #expect(screen.lines.contains("2  the garden                          10"), "the note's lines in a table")
        try screen.press("backtab")
        try screen.press("right")
        #expect(screen.lines.contains { $0.hasPrefix("Mercury    │Mercury") && $0.hasSuffix("0 moons") })
        try screen.tap("sort sizes")
        #expect(screen.lines.contains { $0.contains("Planet ▼") }, "the header's Enter: the other way")
        try screen.tap("Saturn")
        #expect(screen.lines.contains { $0.contains("│Saturn") && $0.hasSuffix("146 moons") })
        try screen.choose("About", in: "Controls, Note")
        #expect(screen.lines.contains("[image: The gallery's Controls tab]"))
        #expect(screen.lines.contains("Rows, labels, images  About                 1.1"))
        for _ in 0..<3 { try screen.press("left") }

        try screen.tap("Delete…")
        try await screen.expect("Delete the download?")
        try screen.tap("Delete")
        try await screen.expect("  0% Download")
        #expect(!screen.text.contains("Delete the download?"), "answered, the dialog is gone")
        try screen.choose("hour", in: "Every")
        #expect(screen.lines.contains("Every [hour]  day   week"))
        #expect(throws: ScreenTestFailure.self) { try screen.choose("fortnight", in: "Every") }
        try await screen.expectDeallocatedAfterDetach()
    }
}
