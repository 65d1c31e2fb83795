import TrellisSDK

/// Drives a live route tree the way a person would, without a terminal.
///
/// It keeps the focus, draws frames with the shared layout, and turns script
/// commands into the view actions a screen receives.
@MainActor
public final class HeadlessSession {
    /// The tree being driven.
    public let tree: RouteTree
    /// The size frames are drawn at.
    public var window: Window

    private var focus: Control.ID?
    private weak var focusOwner: ViewController?

    /// Creates a session over a launched tree.
    public init(tree: RouteTree, window: Window) {
        self.tree = tree
        self.window = window
    }

    /// Runs `command`.
    ///
    /// - Returns: What the command writes to standard output, if anything.
    /// - Throws: ``HeadlessFailure`` when a step does not hold.
    public func execute(_ command: ScriptCommand) throws(HeadlessFailure) -> String? {
        switch command {
        case let .tap(label):
            try activate(try control(matching: label, in: frame().controls.filter { !$0.isField }))
        case let .focus(label):
            focus = try control(matching: label, in: frame().controls).id
        case let .type(text):
            try editFocusedField { $0 + text }
        case let .key(key):
            try press(key)
        case let .expect(text):
            guard frame().text.contains(text) else { throw .expectationFailed(text: text) }
        case let .expectNot(text):
            guard !frame().text.contains(text) else { throw .unexpectedText(text: text) }
        case .print:
            return frame().text
        case .tree:
            return treeText()
        case .quit:
            break
        }
        return nil
    }

    /// The current frame, with the focus on the first control of a screen that
    /// has just appeared.
    public func frame() -> Frame {
        guard let root = tree.root?.viewControllable.viewController else {
            return window.draw(root: ViewController(), status: "", focus: nil)
        }
        let top = Window.layers(from: root).last!.last!
        var frame = window.draw(root: root, status: routePath().joined(separator: " › "), focus: focus)
        let focusIsValid = focusOwner === top && frame.controls.contains { $0.id == focus }
        if !focusIsValid {
            focusOwner = top
            focus = frame.controls.first?.id
            frame = window.draw(root: root, status: routePath().joined(separator: " › "), focus: focus)
        }
        return frame
    }

    /// The live router tree, one router a line, indented by depth, with the route
    /// and plugin it was built for.
    public func treeText() -> String {
        guard let root = tree.root else { return "" }
        var lines: [String] = []
        func visit(_ router: Routing, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            if let route = tree.route(of: router) {
                lines.append("\(indent)\(route.id) (\(route.plugin))")
            } else {
                lines.append("\(indent)- (\(type(of: router)))")
            }
            router.children.forEach { visit($0, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// The route ids from the root to the screen on top.
    public func routePath() -> [String] {
        guard let root = tree.root else { return [] }
        let onScreen = Window.layers(from: root.viewControllable.viewController).flatMap { $0 }
        func path(from router: Routing) -> [String] {
            let own = tree.route(of: router).map { [$0.id] } ?? []
            for child in router.children.reversed() {
                let below = path(from: child)
                if !below.isEmpty { return own + below }
            }
            let isShown = (router as? ViewableRouting).map { viewable in
                onScreen.contains { $0 === viewable.viewControllable.viewController }
            } ?? false
            return isShown ? own : []
        }
        return path(from: root)
    }

    private var topViewController: ViewController? {
        tree.root.map { Window.layers(from: $0.viewControllable.viewController).last!.last! }
    }

    private func control(matching label: String, in controls: [Control]) throws(HeadlessFailure) -> Control {
        if let exact = controls.first(where: { $0.label == label }) { return exact }
        let matches = controls.filter { $0.label.contains(label) }
        guard matches.count <= 1 else { throw .ambiguousControl(label: label, matches: matches.map(\.label)) }
        guard let match = matches.first else { throw .noControl(label: label, available: controls.map(\.label)) }
        return match
    }

    private func activate(_ control: Control) throws(HeadlessFailure) {
        focus = control.id
        switch control.id {
        case let .button(id): topViewController?.send(.tap(id))
        case let .row(list, index): topViewController?.send(.select(list: list, row: index))
        case .field: break
        }
    }

    private func press(_ key: ScriptCommand.Key) throws(HeadlessFailure) {
        let controls = frame().controls
        let index = controls.firstIndex { $0.id == focus }
        switch key {
        case .enter:
            if let index { try activate(controls[index]) }
        case .tab, .down, .right:
            if !controls.isEmpty { focus = controls[((index ?? -1) + 1) % controls.count].id }
        case .backtab, .up, .left:
            if !controls.isEmpty { focus = controls[((index ?? 0) - 1 + controls.count) % controls.count].id }
        case .esc:
            goBack()
        case .backspace:
            try editFocusedField { String($0.dropLast()) }
        }
    }

    /// Goes back from the top screen through the router that attached it, which
    /// detaches it; the root has nowhere to go back to.
    private func goBack() {
        guard let root = tree.root else { return }
        let chain = Window.layers(from: root.viewControllable.viewController).last!
        chain.reversed().first { $0.backAction != nil }?.backAction?()
    }

    private func editFocusedField(_ edit: (String) -> String) throws(HeadlessFailure) {
        _ = frame()
        guard case let .field(id)? = focus, let view = topViewController, let text = view.content.text(ofField: id)
        else { throw .noFocusedField }
        view.send(.edit(field: id, text: edit(text)))
    }
}

extension Control {
    var isField: Bool {
        if case .field = id { return true }
        return false
    }
}

extension ViewNode {
    /// The text of the field `field`, if this tree has it.
    func text(ofField field: String) -> String? {
        switch self {
        case let .textField(id, text, _) where id == field:
            return text
        case let .stack(_, _, children), let .grid(_, children):
            for child in children {
                if let text = child.text(ofField: field) { return text }
            }
            return nil
        default:
            return nil
        }
    }
}
