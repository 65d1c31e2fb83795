import Foundation
import Testing
import TrellisSDK
import TrellisTestSupport

/// Each view kind, drawn by the terminal (`trellis run --headless`) and by the
/// browser (`trellis serve` in Chromium), shows the same words: nothing the
/// terminal shows is missing from the page (a percentage, a subtitle, a
/// placeholder), and the page shows nothing the terminal does not. Where both
/// read in the same order (a column of views), the order is compared too. The
/// node the server sends is its golden file's (`Tests/Wire`, Docs/WireProtocol.md),
/// and the page draws the golden node as it draws the server's.
@Suite(
    .serialized,
    .enabled(if: ChromiumPage.browser != nil, "Debian's chromium is not installed here; Scripts/test installs it")
)
struct ViewKindDrawingTests {
    /// One view kind, as a screen of its own shows it.
    struct Kind: CustomTestStringConvertible, Sendable {
        let name: String
        let view: ViewNode
        /// Whether the words are compared in order (side by side, the terminal
        /// reads across the views, the page one view after another).
        var ordered = true
        var testDescription: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "text", view: .text("Seoul has 2 airports\nIncheon and Gimpo")),
        Kind(name: "button", view: .button("Start game")),
        Kind(name: "text field", view: .textField(id: "name", text: "", placeholder: "Player name")),
        Kind(
            name: "vertical stack",
            view: .vstack([.text("First line"), .button("Middle button"), .text("Last line")])),
        Kind(
            name: "horizontal stack", view: .hstack([.text("Left side"), .text("Right side")]), ordered: false),
        Kind(name: "list", view: .list(id: "cities", rows: ["Seoul", "Busan", "Incheon"])),
        Kind(
            name: "grid", view: .grid(columns: 3, cells: ["X", "O", "X", "4", "5", "6"].map(ViewNode.button)),
            ordered: false),
        Kind(name: "styled", view: .styled(.title, .text("A title"))),
        Kind(name: "toggle", view: .toggle("Bluetooth", isOn: true)),
        Kind(name: "progress", view: .progress(0.4, label: "Download")),
        Kind(name: "divider", view: .vstack([.text("Above"), .divider, .text("Below")])),
        Kind(name: "field", view: .textField(id: "port", text: "", placeholder: "Port number", width: 12)),
        Kind(
            name: "labelled field",
            view: .labelled("Port", .field(TextField(id: "port", text: "8080", placeholder: "")))),
        Kind(name: "picker", view: .picker("Every", options: ["hour", "day", "week"], selected: 1)),
        Kind(
            name: "tabs", view: .tabs(id: "tabs", titles: ["Controls", "Notes"], selected: 0, content: .text("Inside"))),
        Kind(name: "text area", view: .textArea(id: "body", text: "Dear reader\nSecond line", height: 4)),
        Kind(
            name: "rich rows",
            view: .rows(
                id: "airports",
                rows: [ListRow("Seoul", subtitle: "Incheon International", badge: "ICN"), ListRow("Busan")])),
        Kind(name: "label", view: .label(title: "Downloads", icon: "⬇")),
        Kind(name: "image", view: .image(Image(source: "missing.png", alternativeText: "A map of Seoul"))),
        Kind(
            name: "table",
            view: .table(
                Table(
                    id: "airports", columns: [TableColumn("Code", width: 4), TableColumn("City")],
                    rows: [["ICN", "Seoul"], ["PUS", "Busan"]]))),
        Kind(name: "spacer", view: .vstack([.text("Top"), .spacer, .text("Bottom")])),
        Kind(name: "scroll", view: .scroll(id: "log", height: 3, .text("One\nTwo\nThree"))),
        Kind(
            name: "panes",
            view: .panes(.horizontal, [Pane(.fraction(0.5), .text("Left pane")), Pane(.rest, .text("Right pane"))]),
            ordered: false),
        Kind(
            name: "form",
            view: .form([
                FormRow("Name", .textField(id: "name", text: "Alice", placeholder: "", width: 10), help: "As shown"),
                FormRow("Age", .textField(id: "age", text: "x", placeholder: "", width: 4), error: "Not a number"),
            ])),
        Kind(name: "empty", view: .vstack([.text("Before"), .empty, .text("After")])),
    ]

    /// The words of `text`: runs of letters and digits. Left out: the
    /// terminal's toggle marks (`[x]`, `[ ]`: the page's is a checkbox), a
    /// text area's cursor position in its frame (`─ 2:12 ─`: the page's is its
    /// caret), and the `image:` that stands for a picture it cannot draw.
    private static func words(_ text: String) -> [String] {
        let unmarked = text.replacingOccurrences(of: #"\[[x ]\]"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"─ \d+:\d+ ─"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: "[image: ", with: " ")
        return unmarked.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    @Test(arguments: kinds)
    func theBrowserShowsTheWordsTheTerminalShows(_ kind: Kind) throws {
        let folder = try TemporaryFolder()
        let view = String(decoding: try JSONEncoder().encode(kind.view), as: UTF8.self)
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "showView", "view": \(view) } } }
                """)
        let run = try TrellisProcess.run(["run", config.path, "--headless", "--size", "100x24"], input: "print\n")
        #expect(run.status == 0, "\(run.stderr)")
        // The screen's lines, without the status line (its last).
        let lines = run.stdout.components(separatedBy: "\n")
        let screen = lines.prefix(while: { $0 != "---" }).reversed().drop { $0.isEmpty }.dropFirst().reversed()
            .joined(separator: "\n")

        let app = try ServedApp(config: config.path)
        // What the server sends for it, against its golden file (Docs/WireProtocol.md).
        let (_, _, first, _) = try app.openPage()
        let sent = try #require(Self.screenNode(of: first), "no screen node in \(first.prefix(300))")
        let goldenFile = Products.repository.appendingPathComponent(
            "Tests/Wire/" + kind.name.replacingOccurrences(of: " ", with: "-") + ".json")
        if ProcessInfo.processInfo.environment["TRELLIS_WRITE_GOLDENS"] == "1" {
            let golden: [String: Any] = [
                "kind": kind.name, "view": try JSONSerialization.jsonObject(with: Data(view.utf8)), "node": sent,
            ]
            try JSONSerialization.data(
                withJSONObject: golden, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            )
            .write(to: goldenFile)
        }
        let golden = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: goldenFile)) as? [String: Any],
            "\(goldenFile.path): TRELLIS_WRITE_GOLDENS=1 writes it")
        let goldenNode = try #require(golden["node"])
        #expect(
            NSDictionary(dictionary: ["node": sent]) == NSDictionary(dictionary: ["node": goldenNode]), "sent: \(first)"
        )

        let page = try ChromiumPage(app.address)
        try page.waitUntil("document.querySelector('#screens .screen')", "the screen")
        let drawn = try Self.wordsShown(on: page)
        // The page given the golden message, as a front end written from the document would be.
        let goldenMessage = String(
            decoding: try JSONSerialization.data(withJSONObject: [
                "t": "all", "screens": ["k": "screens", "c": [["k": "screen", "sid": "golden", "c": [goldenNode]]]],
            ]), as: UTF8.self)
        try page.evaluate("document.getElementById('screens').replaceChildren(); apply(\(goldenMessage))")
        let drawnFromGolden = try Self.wordsShown(on: page)
        #expect(try page.evaluate("document.querySelector('#screens .screen').dataset.sid") as? String == "golden")

        let terminal = Self.words(screen)
        #expect(!terminal.isEmpty, "the terminal drew \(kind.name): \(screen)")
        for (browser, text) in [(Self.words(drawn), drawn), (Self.words(drawnFromGolden), drawnFromGolden)] {
            if kind.ordered {
                #expect(browser == terminal, "terminal:\n\(screen)\nbrowser: \(text)")
            } else {
                #expect(browser.sorted() == terminal.sorted(), "terminal:\n\(screen)\nbrowser: \(text)")
            }
        }
    }

    /// The node of the one view on the one screen of an `all` message.
    private static func screenNode(of message: String) -> Any? {
        guard let all = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any],
            let screens = all["screens"] as? [String: Any], let list = screens["c"] as? [[String: Any]],
            list.count == 1, let views = list[0]["c"] as? [Any], views.count == 1
        else { return nil }
        return views[0]
    }

    /// The page's text in the order of its elements, a field's text or, empty,
    /// its placeholder; a picture is no words (its caption is).
    private static func wordsShown(on page: ChromiumPage) throws -> String {
        try #require(
            try page.evaluate(
                """
                (() => {
                  const parts = [];
                  const walk = (node) => {
                    if (node.nodeType === Node.TEXT_NODE) { parts.push(node.textContent); return; }
                    if (node.nodeType !== Node.ELEMENT_NODE) return;
                    if (getComputedStyle(node).display === 'none') return;
                    if (node.matches('input[type=checkbox]')) return;
                    if (node.matches('input, textarea')) { parts.push(node.value || node.placeholder || ''); return; }
                    if (node.matches('img')) return;
                    node.childNodes.forEach(walk);
                  };
                  walk(document.getElementById('screens'));
                  return parts.join(' ');
                })()
                """) as? String)
    }
}
