import Foundation
import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost

/// The session's scene: a value of what is on show, which reading changes
/// nothing, and which the browser's page is drawn from.
@MainActor
struct SceneTests {
    private func session(_ content: ViewNode) -> (ScreenSession, SingleScreenTree) {
        let tree = SingleScreenTree(content)
        return (ScreenSession(tree: tree, window: Window(width: 60, height: 16)), tree)
    }

    @Test func readingTheSceneChangesNothing() {
        let (session, _) = session(.vstack([.textField(id: "q", text: "se", placeholder: "City"), .button("Go")]))
        session.update(.key(.tab))
        let canvas = session.frame.canvas
        let focus = session.focus

        let first = session.scene
        let second = session.scene

        #expect(first == second)
        #expect(session.frame.canvas == canvas)
        #expect(session.focus == focus)
        #expect(first.routePath == ["main"])
        #expect(first.layers.map(\.plugin) == ["Test"])
    }

    @Test func aListCarriesItsRowStylesAndWhetherItIsForReading() throws {
        let (session, tree) = session(.vstack([.list(id: "log", rows: ["one", "two"])]))
        tree.view.rowStyles = ["log": [1: .destructive]]
        tree.view.listsForReading = ["log"]
        session.update(.viewsChanged)

        let layer = try #require(session.scene.layers.first)
        guard case let .stack(_, _, children) = layer.content, case let .list(list, rows)? = children.first else {
            Issue.record("no list in \(layer.content)")
            return
        }
        #expect(rows == ["one", "two"])
        #expect(list.styles == [1: .destructive])
        #expect(list.isForReading)
    }

    @Test func aTablesColumnsAreAsWideAsTheTerminalDrawsThem() {
        let table = Table(
            id: "t", columns: [TableColumn("City"), TableColumn("Code", width: .fixed(6))],
            rows: [["Seoul", "ICN"], ["Saanen", "GST"]])
        let scene = SceneNode(.table(table))

        let list = SceneList(id: "t", styles: [:], isForReading: false)
        #expect(scene == .table(table, list: list, columnWidths: [6, 6]), "City is as wide as Saanen; Code is fixed")
    }

    @Test func aScreenKeepsItsNumberAndANewOneGetsANewNumber() throws {
        let (session, tree) = session(.vstack([.button("Open")]))
        let first = try #require(session.scene.layers.first?.screen)
        session.update(.viewsChanged)
        #expect(session.scene.layers.first?.screen == first)

        tree.view.present(ViewController(content: .text("A dialog")))
        session.update(.viewsChanged)
        let layers = session.scene.layers

        #expect(layers.map(\.isModal) == [false, true])
        #expect(layers.first?.screen == first)
        #expect(layers.last?.screen != first && layers.last?.screen != 0)
        #expect(layers.last?.content == .text("A dialog"))
    }

    @Test func aNoticeAndGoingBackAreInTheScene() {
        let (session, tree) = session(.text("Hello"))
        #expect(session.scene.notice == nil)
        #expect(!session.scene.canGoBack, "nothing to go back to from the root")

        session.update(.notice("Saved."))
        let details = ViewController(content: .text("Details"))
        details.backAction = { [weak details] in details.map(tree.view.pop) }
        tree.view.push(details)
        session.update(.viewsChanged)

        #expect(session.scene.notice == "Saved.")
        #expect(session.scene.canGoBack, "a pushed screen with a back action goes back")
        #expect(session.scene.layers.last?.content == .text("Details"))
    }

    @Test func viewsNestedDeeperThanTheSceneKeepsAreANote() {
        var view = ViewNode.text("bottom")
        for _ in 0..<(Scene.deepest + 5) { view = .vstack([view]) }

        var node = SceneNode(view)
        var depth = 0
        while case let .stack(_, _, children) = node, let child = children.first {
            node = child
            depth += 1
        }

        #expect(depth == Scene.deepest)
        #expect(node == .note("views nested more than \(Scene.deepest) deep: cut here"))
    }

    /// The terminal draws a scene, not views: one made by hand, with no view
    /// behind it, is drawn, its note in brackets.
    @Test func theTerminalDrawsASceneMadeByHand() {
        let layer = Scene.Layer(
            screen: 1, isModal: false, plugin: nil,
            content: .stack(axis: .vertical, spacing: 0, children: [.text("Hello"), .note("views cut here")]))

        let frame = Window(width: 40, height: 6).draw(
            [layer], status: StatusLine(), focus: nil, fieldCursor: nil, filter: nil)

        #expect(frame.text.contains("Hello"))
        #expect(frame.text.contains("[views cut here]"))
    }

    /// A session's frame is its scene drawn: the same scene drawn again, with the
    /// session's focus, shows the same screen (a list's row styles included).
    @Test func theFrameIsTheScenesDrawing() {
        let (session, tree) = session(
            .vstack([.text("Cities"), .list(id: "c", rows: ["Seoul", "Saanen"]), .button("Go")]))
        tree.view.rowStyles = ["c": [1: .destructive]]
        session.update(.viewsChanged)
        session.update(.key(.down))

        let drawn = session.window.draw(
            session.scene.layers, status: StatusLine(), focus: session.focus, fieldCursor: session.cursor, filter: nil)

        let rows = session.window.height - 1
        let styled = (0..<rows).flatMap { y in (0..<session.window.width).map { session.frame.canvas[$0, y] } }
        let again = (0..<rows).flatMap { y in (0..<session.window.width).map { drawn.canvas[$0, y] } }
        #expect(styled == again)
        #expect(session.frame.text.contains("Saanen"))
    }

    /// A scene is a value that survives encoding: kept or sent whole, it is the
    /// same scene (a list with its styles, a table with its widths, a form, a note).
    @Test func aSceneEncodedAndDecodedIsTheSameScene() throws {
        let table = Table(id: "t", columns: [TableColumn("City")], rows: [["Seoul"]])
        let (session, tree) = session(
            .vstack([
                .list(id: "c", rows: ["Seoul", "Saanen"]), .table(table),
                .form(Form([FormRow("Name", .field(TextField(id: "n", text: "Kim", placeholder: "")))])),
            ]))
        tree.view.rowStyles = ["c": [0: .title]]
        session.update(.viewsChanged)
        var scene = session.scene
        scene.layers[0].content = .stack(
            axis: .vertical, spacing: 0, children: [scene.layers[0].content, .note("cut")])

        let decoded = try JSONDecoder().decode(Scene.self, from: JSONEncoder().encode(scene))

        #expect(decoded == scene)
        #expect(decoded.layers.first?.plugin == "Test")
    }
}
