/// What a router needs of a view: the view controller behind it.
@MainActor
public protocol ViewControllable: AnyObject {
    /// The view controller that the host draws for this view.
    var viewController: ViewController { get }
}

extension ViewControllable {
    /// RIBs' name for ``viewController``, so routers ported from iOS read as they did.
    public var uiviewController: ViewController { viewController }
}

/// A screen's view: the content it shows and the navigation it does.
///
/// Subclasses, usually a RIB's presenter, set ``content`` from their state and read
/// what the user does from ``actions``. Navigation mirrors UIKit as the seeds use
/// it: a modal with ``present(_:)`` and ``dismiss(_:)``, a navigation stack with
/// ``push(_:)`` and ``pop(_:)``, and ``embed(_:)`` for a viewless parent that shows
/// its current child in this view's place.
@MainActor
open class ViewController: ViewControllable {
    // Main-actor state that no access overlaps (see Router.children): its
    // exclusivity is not checked at run time.
    /// Made when something first observes ``actions``: a view nobody reads actions
    /// from (a container, a plain screen) then allocates no relay.
    @exclusivity(unchecked) private var actionRelay: PublishRelay<ViewAction>?

    /// The host's ticket for this view once its RIB is detached, given back through
    /// ``HostHooks/onDeallocation`` when it goes away; 0 for none.
    @exclusivity(unchecked) @_spi(TrellisHost) public final var deallocationTicket = 0

    /// What the screen shows. Setting it, from a key or from asynchronous work,
    /// makes the host draw a new frame soon after.
    @exclusivity(unchecked) public final var content: ViewNode {
        didSet { HostHooks.screenDidChange() }
    }

    /// The modal this view presents, drawn over it.
    @exclusivity(unchecked) public final private(set) var presentedViewController: ViewController? {
        didSet { HostHooks.screenDidChange() }
    }

    /// The views pushed over this one, oldest first; the last is on screen.
    @exclusivity(unchecked) public final private(set) var navigationStack: [ViewController] = [] {
        didSet { HostHooks.screenDidChange() }
    }

    /// The view shown in this one's place, set by ``embed(_:)``.
    @exclusivity(unchecked) public final private(set) var embeddedViewController: ViewController? {
        didSet { HostHooks.screenDidChange() }
    }

    /// What the host shows instead of ``content`` after the screen's work failed;
    /// the screen's own updates can no longer cover it.
    @exclusivity(unchecked) @_spi(TrellisHost) public final var failure: ViewNode? {
        didSet { HostHooks.screenDidChange() }
    }

    /// What the host draws: the failure, if there was one, else the content.
    @_spi(TrellisHost) public final var displayedContent: ViewNode { failure ?? content }

    /// The view's name in the status line's path, as UIKit's `title`: for a view
    /// pushed or presented without a route of its own (`launcher › candyStore ›
    /// Candies`). A route's own view is named by its route.
    @exclusivity(unchecked) public final var title: String? {
        didSet { HostHooks.screenDidChange() }
    }

    /// Styles for single rows of a list, by list and row (a pinned repository's
    /// row highlighted); a row not named is drawn plain.
    public final var rowStyles: [String: [Int: TextStyle]] = [:] {
        didSet { HostHooks.screenDidChange() }
    }

    /// The lists whose rows are for reading: selecting one does nothing, so the host
    /// does not offer Enter on them, and says so if it is pressed.
    public final var listsForReading: Set<String> = [] {
        didSet { HostHooks.screenDidChange() }
    }

    /// What the host calls when the user goes back from this view (Esc). The host
    /// sets it when it attaches the screen; a screen rarely needs to.
    @exclusivity(unchecked) public final var backAction: (() -> Void)?

    /// A dialog back (Esc) shows instead of going back, while it is set: for a
    /// screen with unsaved edits, as UIKit's `isModalInPresentation` with its
    /// delegate's confirmation. Its `.destructive` button goes back; any other
    /// answer stays. Either is also sent as ``ViewAction/tap(_:)``. SDK 1.1.
    public final var backConfirmation: Alert? {
        didSet { HostHooks.screenDidChange() }
    }

    /// What going back from this view does, in a few words ("log out", "leave
    /// the game"), for the status line (`Esc log out`) and the help; `nil` says
    /// "back". UIKit's `navigationItem.backButtonTitle`: the router that attaches
    /// the screen, which decides what back does, usually sets it.
    public final var backTitle: String? {
        didSet { HostHooks.screenDidChange() }
    }

    /// Creates a view showing `content`.
    public init(content: ViewNode = .empty) {
        self.content = content
    }

    /// The view itself: a `ViewController` is its own ``ViewControllable``.
    public final var viewController: ViewController { self }

    /// What the user does to this view, as the host reports it.
    public final var actions: Observable<ViewAction> {
        let relay = actionRelay ?? PublishRelay<ViewAction>()
        actionRelay = relay
        return relay.asObservable()
    }

    /// The taps on the button with identifier `id`.
    public final func taps(_ id: String) -> Observable<Void> {
        actions.filter { $0 == .tap(id) }.map { _ in () }
    }

    /// The text of the field with identifier `field`, each time the user edits it.
    /// SDK 1.1.
    public final func edits(_ field: String) -> Observable<String> {
        actions.compactMap { if case let .edit(id, text) = $0, id == field { text } else { nil } }
    }

    /// Enter in the field with identifier `field`. SDK 1.1.
    public final func submits(_ field: String) -> Observable<Void> {
        actions.filter { $0 == .submit(field: field) }.map { _ in () }
    }

    /// The index of each row the user selects in list `list`. SDK 1.1.
    public final func selections(_ list: String) -> Observable<Int> {
        actions.compactMap { if case let .select(id, row) = $0, id == list { row } else { nil } }
    }

    /// The state the switch with identifier `id` is flipped to, each time. SDK 1.1.
    public final func toggles(_ id: String) -> Observable<Bool> {
        actions.compactMap { if case let .toggle(toggle, isOn) = $0, toggle == id { isOn } else { nil } }
    }

    /// The index of each option chosen in the picker or tabs with identifier `id`.
    /// SDK 1.1.
    public final func choices(_ id: String) -> Observable<Int> {
        actions.compactMap { if case let .choose(chooser, index) = $0, chooser == id { index } else { nil } }
    }

    /// Each order the user asked the table with identifier `id` to be sorted in.
    /// SDK 1.1.
    public final func sorts(_ id: String) -> Observable<TableSorting> {
        actions.compactMap { if case let .sort(table, sorting) = $0, table == id { sorting } else { nil } }
    }

    /// Reports `action` as done by the user. The host calls this; tests may too.
    ///
    /// An edit also updates the field's text in ``content``, and a flip the
    /// switch's state, so a view shows what the user did whether or not the
    /// screen listens.
    public final func send(_ action: ViewAction) {
        if case let .edit(field, text) = action {
            content = content.replacingText(ofField: field, with: text)
        } else if case let .toggle(id, isOn) = action {
            content = content.replacingToggle(id, isOn: isOn)
        } else if case let .choose(id, index) = action {
            content = content.replacingChoice(id, with: index)
        }
        actionRelay?.accept(action)
    }

    deinit {
        if deallocationTicket != 0 { HostHooks.onDeallocation?(deallocationTicket) }
    }

    /// Shows `viewController` as a modal over this view.
    public final func present(_ viewController: ViewControllable) {
        presentedViewController = viewController.viewController
    }

    /// UIKit's spelling of ``present(_:)``, as RIBs routers call it. A terminal does
    /// not animate; `completion` runs once the modal is shown.
    public final func present(_ viewController: ViewControllable, animated: Bool, completion: (() -> Void)? = nil) {
        present(viewController)
        completion?()
    }

    /// UIKit's `dismiss(animated:completion:)`: removes the modal this view
    /// presents, whichever it is. `completion` runs once it is gone.
    public final func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = nil
        completion?()
    }

    /// Removes the modal `viewController` if this view presents it.
    public final func dismiss(_ viewController: ViewControllable) {
        guard presentedViewController === viewController.viewController else { return }
        presentedViewController = nil
    }

    /// Pushes `viewController` on this view's navigation stack.
    public final func push(_ viewController: ViewControllable) {
        navigationStack.append(viewController.viewController)
    }

    /// Pops `viewController`, and every view pushed after it, from the stack.
    public final func pop(_ viewController: ViewControllable) {
        guard let index = navigationStack.firstIndex(where: { $0 === viewController.viewController })
        else { return }
        navigationStack.removeSubrange(index...)
    }

    /// Shows `viewController` in this view's place, replacing the one shown before;
    /// `nil` shows this view's own content again.
    public final func embed(_ viewController: ViewControllable?) {
        embeddedViewController = viewController?.viewController
    }
}

extension ViewNode {
    /// The tree with each node that `change` gives a replacement for replaced by
    /// it; through stacks, grids, styles, the shown tab, scroll views and panes.
    func replacingNodes(_ change: (ViewNode) -> ViewNode?) -> ViewNode {
        if let replacement = change(self) { return replacement }
        switch self {
        case let .stack(axis, spacing, children):
            return .stack(axis: axis, spacing: spacing, children: children.map { $0.replacingNodes(change) })
        case let .grid(columns, cells):
            return .grid(columns: columns, cells: cells.map { $0.replacingNodes(change) })
        case let .styled(style, child):
            return .styled(style, child.replacingNodes(change))
        case var .tabs(tabs):
            tabs.content = tabs.content.replacingNodes(change)
            return .tabs(tabs)
        case var .scroll(scroll):
            scroll.content = scroll.content.replacingNodes(change)
            return .scroll(scroll)
        case var .panes(panes):
            for index in panes.panes.indices {
                panes.panes[index].content = panes.panes[index].content.replacingNodes(change)
            }
            return .panes(panes)
        default:
            return self
        }
    }

    /// The tree with the text of the field `field` (one line, or an area) set.
    func replacingText(ofField field: String, with newText: String) -> ViewNode {
        replacingNodes { node in
            switch node {
            case let .textField(id, _, placeholder) where id == field:
                return .textField(id: id, text: newText, placeholder: placeholder)
            case var .field(textField) where textField.id == field:
                textField.text = newText
                return .field(textField)
            case var .textArea(area) where area.id == field:
                area.text = newText
                return .textArea(area)
            default:
                return nil
            }
        }
    }

    /// The tree with the picker or tabs `id` showing the option `index` chosen.
    func replacingChoice(_ id: String, with index: Int) -> ViewNode {
        replacingNodes { node in
            switch node {
            case var .picker(picker) where picker.id == id:
                picker.selected = index
                return .picker(picker)
            case var .tabs(tabs) where tabs.id == id:
                tabs.selected = index
                return .tabs(tabs)
            default:
                return nil
            }
        }
    }

    /// The tree with the switch `id` set to `isOn`.
    func replacingToggle(_ id: String, isOn: Bool) -> ViewNode {
        replacingNodes { node in
            guard case var .toggle(toggle) = node, toggle.id == id else { return nil }
            toggle.isOn = isOn
            return .toggle(toggle)
        }
    }
}
