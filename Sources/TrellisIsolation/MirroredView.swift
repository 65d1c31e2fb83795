@_spi(TrellisHost) import TrellisSDK

/// A view of a route run in a process of its own, and the views over it, as
/// data: what that process sends, and what the app draws in the route's place
/// with views of its own (``MirrorViewController``). Everything the host reads
/// from a view to draw it and go back from it crosses; closures do not: a view
/// that goes back says so, and back crosses as a message.
package struct MirroredView: Codable, Equatable {
    /// What it shows: its failure, when its work failed, else its content.
    package var content: ViewNode
    package var title: String?
    package var backTitle: String?
    package var backConfirmation: Alert?
    package var rowStyles: [String: [Int: TextStyle]] = [:]
    package var listsForReading: [String] = []
    /// Whether it has a back action of its own.
    package var goesBack = false
    /// The view shown in its place (none or one).
    package var embedded: [MirroredView] = []
    /// The views pushed over it, oldest first.
    package var pushed: [MirroredView] = []
    /// The modal it presents (none or one).
    package var presented: [MirroredView] = []
    /// For the route's own view: the route path its process shows below the
    /// route (the routes inside it, then titles), for the app's path to go on with.
    package var routePath: [String]?

    /// Where a view is below the route's own: each step is ``Step/embedded``,
    /// ``Step/presented`` or the index of a pushed view.
    package typealias Path = [Int]

    package enum Step {
        package static let embedded = -1
        package static let presented = -2
    }

    /// How many views deep a mirror goes: deeper views are not sent.
    static let deepestPath = 32
}

extension MirroredView {
    /// `view` and what it embeds, pushes and presents, each view once (a plugin
    /// could present a view already on screen), no deeper than ``deepestPath``.
    @MainActor
    package init(_ view: ViewController) {
        var seen: Set<ObjectIdentifier> = []
        self.init(view, depth: 0, seen: &seen)
    }

    @MainActor
    private init(_ view: ViewController, depth: Int, seen: inout Set<ObjectIdentifier>) {
        seen.insert(ObjectIdentifier(view))
        content = view.displayedContent
        title = view.title
        backTitle = view.backTitle
        backConfirmation = view.backConfirmation
        rowStyles = view.rowStyles
        listsForReading = view.listsForReading.sorted()
        goesBack = view.backAction != nil
        // A failed view stands for the whole screen, as the host draws it.
        guard view.failure == nil, depth < Self.deepestPath else { return }
        func mirror(_ child: ViewController?) -> [MirroredView] {
            guard let child, seen.insert(ObjectIdentifier(child)).inserted else { return [] }
            return [MirroredView(child, depth: depth + 1, seen: &seen)]
        }
        embedded = mirror(view.embeddedViewController)
        pushed = view.navigationStack.flatMap(mirror)
        presented = mirror(view.presentedViewController)
    }
}

extension ViewController {
    /// The view at `path` below this one, if it is still there.
    package func descendant(at path: MirroredView.Path) -> ViewController? {
        var view: ViewController? = self
        for step in path {
            switch step {
            case MirroredView.Step.embedded: view = view?.embeddedViewController
            case MirroredView.Step.presented: view = view?.presentedViewController
            default: view = view.flatMap { $0.navigationStack.indices.contains(step) ? $0.navigationStack[step] : nil }
            }
        }
        return view
    }
}

/// A view in the app standing for one of an isolated route's: it shows what
/// the route's process sent, and sends back what the user does to it.
final class MirrorViewController: ViewController {
    package let path: MirroredView.Path
    private var subscription: Disposable?

    package init(path: MirroredView.Path, send: @escaping (IsolationMessage) -> Void) {
        self.path = path
        super.init()
        // The view owns the relay the subscription is on: both go together.
        subscription = actions.subscribe { [path] action in send(.action(path: path, action)) }
    }
}

extension ViewController {
    /// Shows `mirror` in this view and in mirrors of the views over it, made or
    /// reused by place; `send` takes what the user does to them.
    package func show(_ mirror: MirroredView, at path: MirroredView.Path, send: @escaping (IsolationMessage) -> Void) {
        if content != mirror.content { content = mirror.content }
        if title != mirror.title { title = mirror.title }
        if backTitle != mirror.backTitle { backTitle = mirror.backTitle }
        if backConfirmation != mirror.backConfirmation { backConfirmation = mirror.backConfirmation }
        if rowStyles != mirror.rowStyles { rowStyles = mirror.rowStyles }
        listsForReading = Set(mirror.listsForReading)
        // The route's own view goes back through its slot, in the app.
        if !path.isEmpty || mirror.goesBack {
            backAction = mirror.goesBack ? { send(.back(path: path)) } : nil
        }
        func reused(_ view: ViewController?, at path: MirroredView.Path) -> MirrorViewController {
            (view as? MirrorViewController).flatMap { $0.path == path ? $0 : nil }
                ?? MirrorViewController(path: path, send: send)
        }
        if let next = mirror.embedded.first {
            let view = reused(embeddedViewController, at: path + [MirroredView.Step.embedded])
            view.show(next, at: view.path, send: send)
            if embeddedViewController !== view { embed(view) }
        } else if embeddedViewController is MirrorViewController {
            embed(nil)
        }
        for (index, next) in mirror.pushed.enumerated() {
            let shown = navigationStack.indices.contains(index) ? navigationStack[index] : nil
            let view = reused(shown, at: path + [index])
            view.show(next, at: view.path, send: send)
            if shown !== view {
                if let shown { pop(shown) }
                push(view)
            }
        }
        if navigationStack.count > mirror.pushed.count { pop(navigationStack[mirror.pushed.count]) }
        if let next = mirror.presented.first {
            let view = reused(presentedViewController, at: path + [MirroredView.Step.presented])
            view.show(next, at: view.path, send: send)
            if presentedViewController !== view { present(view) }
        } else if let shown = presentedViewController as? MirrorViewController {
            // A dialog the app put over it (a back confirmation) stays.
            dismiss(shown)
        }
    }
}

extension MirroredView {
    /// A screen that shows `content`, with `pushed` over it.
    package static func showing(_ content: ViewNode, pushed: [MirroredView] = []) -> MirroredView {
        MirroredView(content: content, pushed: pushed)
    }
}
