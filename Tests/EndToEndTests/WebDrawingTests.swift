import Foundation
import Testing
import TrellisTestSupport

/// The browser draws each view as the terminal does: the widget gallery, drawn
/// headless by `trellis run` and served to Chromium by `trellis serve`, compared
/// where a newcomer found them apart (table columns, a field's width, progress,
/// rich rows' subtitles, quick picker changes).
@Suite(.enabled(if: ChromiumPage.browser != nil, "Debian's chromium is not installed here; Scripts/test installs it"))
struct WebDrawingTests {
    /// The gallery's screen in the terminal after `steps` (script commands), as
    /// lines.
    private func terminal(_ steps: String) throws -> [String] {
        let script = "tap Widgets\nexpect Bluetooth\n" + steps + "\nprint\n"
        let result = try TrellisProcess.run(["run", "config.json", "--headless", "--size", "120x40"], input: script)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.components(separatedBy: "\n")
    }

    /// The gallery served, open in Chromium.
    private func browser() throws -> (ServedApp, ChromiumPage) {
        let app = try ServedApp()
        let page = try ChromiumPage(app.address)
        try page.waitForText("Trellis pattern gallery")
        try page.click(".row", text: "Widgets: switches")
        try page.waitForText("Bluetooth")
        return (app, page)
    }

    /// The column, in characters from the start of `line`, where `text` ends.
    private func end(of text: String, in lines: [String]) throws -> Int {
        let line = try #require(lines.first { $0.contains(text) }, "no line with \(text)")
        return line.distance(from: line.startIndex, to: try #require(line.range(of: text)).upperBound)
    }

    /// How many characters of the element `selector` (with `text`) wide `pixels` is,
    /// in the element's own font.
    private func characters(_ pixels: String, of selector: String, text: String, on page: ChromiumPage) throws -> Int {
        let script = """
            (() => {
              const e = [...document.querySelectorAll(\(ChromiumPage.quoted(selector)))]
                .find(e => e.textContent.includes(\(ChromiumPage.quoted(text))));
              const probe = document.createElement("span");
              probe.style.font = getComputedStyle(e).font;
              probe.style.position = "absolute";
              probe.textContent = "0".repeat(100);
              document.body.append(probe);
              const ch = probe.getBoundingClientRect().width / 100;
              probe.remove();
              const r = e.getBoundingClientRect();
              return Math.round((\(pixels)) / ch);
            })()
            """
        return try #require(try page.evaluate(script) as? Int)
    }

    /// A table's flexible columns used to split the width equally: each is now as
    /// wide as its title or widest cell, and a fixed column as its cells, as in
    /// the terminal (two characters between columns in both).
    @Test func tableColumnsAreAsWideAsInTheTerminal() throws {
        let layout = try terminal("tap Layout\nexpect Moons")
        let note = try terminal("tap Note\nexpect Length")
        let (app, page) = try browser()
        try page.click("button.tab", text: "Layout")
        try page.waitForText("Moons")
        let moonsEnd = try characters("r.right", of: ".table-header .cell", text: "Moons", on: page)
        let dayEnd = try characters("r.right", of: ".table-header .cell", text: "Day (h)", on: page)
        try page.click("button.tab", text: "Note")
        try page.waitForText("Length")
        let textStart = try characters("r.left", of: ".table-header .cell", text: "Text", on: page)
        let lengthStart = try characters("r.left", of: ".table-header .cell", text: "Length", on: page)

        // Moons and Day (h) are flexible and aligned to their ends.
        let terminalDay = try end(of: "Day (h)", in: layout) - end(of: "Moons", in: layout)
        #expect(terminalDay == "Day (h)".count + 2 + 2, "a sortable column keeps room for its mark")
        #expect(dayEnd - moonsEnd == terminalDay)
        // Text is 30 wide, and Length starts after it.
        let terminalText = try end(of: "Length", in: note) - "Length".count - (end(of: "Text", in: note) - "Text".count)
        #expect(terminalText == 32)
        #expect(lengthStart - textStart == terminalText)
        withExtendedLifetime(app) {}
    }

    /// A field of a width used to take whatever the browser gave it: it shows as
    /// many characters as the terminal does.
    @Test func aFieldIsAsManyCharactersWideAsInTheTerminal() throws {
        let controls = try terminal("")
        let line = try #require(controls.first { $0.contains("[8 or more") })
        let inner = try #require(line.range(of: "\\[8 or more_*\\]", options: .regularExpression))
        let terminalWidth = line[inner].count - 2
        let (app, page) = try browser()
        let pixels =
            "r.width - parseFloat(getComputedStyle(e).paddingLeft) - parseFloat(getComputedStyle(e).paddingRight)"
            + " - parseFloat(getComputedStyle(e).borderLeftWidth) - parseFloat(getComputedStyle(e).borderRightWidth)"
        let browserWidth = try characters(pixels, of: "input.field", text: "", on: page)

        #expect(terminalWidth == 12)
        #expect(browserWidth == terminalWidth)
        withExtendedLifetime(app) {}
    }

    /// A progress bar showed no percentage in the browser.
    @Test func progressShowsItsPercentageAsInTheTerminal() throws {
        let controls = try terminal("")
        let (app, page) = try browser()
        let shown = try page.evaluate("document.querySelector('.progress').innerText") as? String ?? ""

        #expect(controls.contains { $0.contains("40% Download") }, "\(controls)")
        #expect(shown.contains("40%") && shown.contains("Download"), "\(shown)")
        withExtendedLifetime(app) {}
    }

    /// Rich rows were drawn a list row high, their subtitles cut off below.
    @Test func richRowsShowTheirSubtitlesAsInTheTerminal() throws {
        let about = try terminal("tap About\nexpect Pickers").joined(separator: "\n")
        let (app, page) = try browser()
        try page.click("button.tab", text: "About")
        try page.waitForText("Pickers, tabs")
        let cut =
            try page.evaluate(
                """
                [...document.querySelectorAll('.rows .row')].filter(row => {
                  const element = row.querySelector('.row-subtitle');
                  const subtitle = element.getBoundingClientRect();
                  const box = row.getBoundingClientRect();
                  // A line of it shown whole, inside its row.
                  return subtitle.height < parseFloat(getComputedStyle(element).fontSize)
                    || subtitle.bottom > box.bottom + 0.5;
                }).length
                """) as? Int

        #expect(about.contains("Controls") && about.contains("Note"), "\(about)")
        #expect(cut == 0, "rows whose subtitle is cut")
        #expect(try page.evaluate("document.querySelector('.rows').innerText.includes('Controls')") as? Bool == true)
        withExtendedLifetime(app) {}
    }

    /// Two quick changes of a picker used to lose one: the picker went back to
    /// the app's choice until the app answered, so the second change started from
    /// there. Up, Up from "week" now ends at "hour".
    @Test func twoQuickPickerChangesAreBothTaken() throws {
        let (app, page) = try browser()
        let picker = "document.querySelector('label.picker')"
        try page.evaluate("\(picker).lastChild.focus()")
        try page.press("ArrowDown")
        try page.waitUntil("\(picker)._node.selected === 2", "the app choosing week")
        try page.press("ArrowUp")
        try page.press("ArrowUp")
        try page.waitUntil("\(picker)._node.selected === 0", "the app choosing hour")

        #expect(try page.evaluate("\(picker).lastChild.value") as? String == "hour")
        withExtendedLifetime(app) {}
    }
}
