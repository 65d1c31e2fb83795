internal import TrellisCore
@_spi(TrellisHost) import TrellisSDK

/// A plugin's screen built from its builder in the test's own process, attached
/// as the host attaches a route, and driven as the headless commands drive the
/// app: tap, type, back, expect, the screen as text, the router tree.
///
/// ```swift
/// @MainActor
/// struct CounterTests {
///     @Test func detailsIsBuiltWithTheCount() async throws {
///         let screen = try ScreenTester(CounterBuilder(dependency: EmptyComponent()), parameters: ["start": 3])
///         try screen.tap("Add")
///         try screen.tap("Details")
///         #expect(screen.slots.builds.map(\.parameters["count"]) == [4])
///         try await screen.expect("details slot")
///         try screen.back()
///         try await screen.expectDeallocatedAfterDetach()
///     }
/// }
/// ```
///
/// (The guide's Counter, `Examples/Guide`.)
///
/// The screen is drawn, and driven, by the host's own session: ``text`` is what
/// `trellis run --headless` prints for the screen in an 80x24 window, and a label
/// finds a control by the rule of the headless `tap`: its label exactly, else its
/// id exactly (`choose("Fun", in: "category")` for a picker of id `category` and
/// no label; a field by its id, whatever its placeholder), else the one label
/// that contains it.
///
/// Children come from ``FakeSlots``, which record what was built with which
/// parameters and listener, and show a stand-in screen; the parent's listener is
/// a ``RecordingListener`` unless the test gives its own. Every call runs on the
/// main actor, as the host runs screens.
@MainActor
public final class ScreenTester {
    /// The screen's router. After ``expectDeallocatedAfterDetach(within:)``, an
    /// empty router: the tester no longer holds the screen.
    public private(set) var router: Routing
    /// The slots the builder was given.
    public let slots: FakeSlots
    /// What the screen told its parent, when the test gave no listener of its own.
    public let listener: RecordingListener
    /// The view a viewless RIB shows its children in, when the test gave one.
    public let hostView: ViewControllable?
    private let parentListener: ScreenListener
    /// The route id the context names, and the slot's name a child's back gives.
    private let route: String
    /// The host's session over this screen: it draws ``text`` and turns taps,
    /// typing and back into what the screen receives.
    private var session: ScreenSession!

    /// Builds the screen with `builder` and attaches it: its interactor active,
    /// the router loaded.
    ///
    /// - Parameters:
    ///   - builder: The screen's builder, as its plugin's `makeBuilder()` returns it.
    ///   - route: The route id the context names (messages use it).
    ///   - parameters: The route's parameters, as a config gives them.
    ///   - listener: The parent's listener; a ``RecordingListener`` if `nil`.
    ///   - dependencies: What the routes above would provide.
    ///   - hostView: The view a viewless RIB shows its children in.
    ///   - preservedState: What a build before a live swap saved
    ///     (`StatePreserving`), for `ScreenContext.preservedState(as:)`.
    ///   - slots: The slots; fresh ``FakeSlots`` if `nil`.
    /// - Throws: What the builder throws.
    public init(
        _ builder: ScreenBuildable, route: String = "screen", parameters: JSONValue = .object([:]),
        listener: ScreenListener? = nil, dependencies: DependencyScope = DependencyScope(),
        hostView: ViewControllable? = nil, preservedState: Any? = nil, slots: FakeSlots? = nil
    ) throws {
        let recording = RecordingListener()
        let slots = slots ?? FakeSlots()
        self.listener = recording
        self.slots = slots
        self.hostView = hostView
        self.route = route
        parentListener = listener ?? recording
        let context = ScreenContext(
            routeID: route, parameters: parameters, listener: parentListener,
            dependencies: dependencies, hostView: hostView, slot: slots.slot(named:))
        if let preservedState { context.decodeState = { _ in preservedState } }
        context.builderProvider = { [slots] name in
            guard let builder = slots.builders[name] else {
                throw ScreenTestFailure(
                    "the screen asked for typed slot \"\(name)\"; give it a builder in `slots.builders[\"\(name)\"]`",
                    screen: nil)
            }
            return builder
        }
        router = try builder.build(with: context)
        router.interactable.activate()
        router.load()
        session = ScreenSession(
            tree: TestedTree(tester: self, route: route), window: Window(width: Self.columns, height: Self.rows))
    }

    /// The window the screen is drawn in: the headless default.
    private static let columns = 80
    private static let rows = 24

    // MARK: - What is on screen

    /// The screen's own view, or for a viewless RIB the view it was lent.
    public var view: ViewController? {
        router.viewableRouting?.viewControllable.viewController ?? hostView?.viewController
    }

    /// The views on screen, bottom first: for each layer (the screen, then each
    /// modal over it), the view shown, through embedded views and navigation stacks.
    public var shownViews: [ViewController] { layers.compactMap(\.last) }

    /// Each layer's views, from the one that starts it to the one shown, as the
    /// host draws them.
    private var layers: [[ViewController]] { view?.layers ?? [] }

    /// The screen as text, as `trellis run --headless` prints it in an 80x24
    /// window: every layer as the host draws it (a field as `[text________]`, a
    /// modal in its frame), the focus settled, and the status line at the bottom
    /// with the route path and the keys that apply. Lines end without spaces.
    public var text: String {
        // Tasks and timers may have changed the views since the last step.
        session.update(.viewsChanged)
        return session.frame.text
    }

    /// The lines of ``text`` that show something, without the spaces that centre
    /// them and without the status line: what a test compares a whole screen
    /// with, `["[Your name___________]", "[ Details ]"]`.
    public var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { String($0.drop(while: { $0 == " " })) }
            .filter { !$0.isEmpty }
    }

    /// The router tree, one router a line, indented by depth: each by its type, a
    /// stand-in by its slot (`slot details`).
    public var tree: String {
        var lines: [String] = []
        var pending: [(Routing, Int)] = [(router, 0)]
        while let (router, depth) = pending.popLast() {
            let name = slots.slotName(of: router).map { "slot \($0)" } ?? "\(Swift.type(of: router))"
            lines.append(String(repeating: "  ", count: depth) + name)
            pending += router.children.reversed().map { ($0, depth + 1) }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Driving

    /// Activates the button or list row `label` on the top view (its label exactly,
    /// else its id exactly, else the one control whose label contains it), as the
    /// user would.
    ///
    /// - Throws: ``ScreenTestFailure`` naming what there is, if none or several match.
    public func tap(_ label: String) throws(ScreenTestFailure) {
        try run { (session) throws(SessionFailure) in _ = try session.update(.command(.tap(label))).get() }
    }

    /// Types `text` at the end of the text field `label` names (its label or
    /// placeholder, else its id: see the rule above).
    public func type(_ text: String, into label: String) throws(ScreenTestFailure) {
        try run { (session) throws(SessionFailure) in
            _ = try session.update(.focusField(named: label)).get()
            _ = try session.update(.command(.type(text))).get()
        }
    }

    /// Submits the text field `label` names (Enter in the field).
    public func submit(_ label: String) throws(ScreenTestFailure) {
        try run { (session) throws(SessionFailure) in
            _ = try session.update(.focusField(named: label)).get()
            _ = try session.update(.key(.enter)).get()
        }
    }

    /// Replaces the text of the field `label` names with `text`, as
    /// a user clearing it and typing does (the screen hears each edit). SDK 1.1.
    public func replaceText(in label: String, with text: String) throws(ScreenTestFailure) {
        try run { (session) throws(SessionFailure) in
            _ = try session.update(.focusField(named: label)).get()
            _ = try session.update(.key(.control("u"))).get()
            if !text.isEmpty { _ = try session.update(.command(.type(text))).get() }
        }
    }

    /// Chooses `option` in the picker or tab bar that `label` names (a picker's
    /// label or id; a tab bar's titles or id), as a click on the option does. SDK 1.1.
    ///
    /// - Throws: ``ScreenTestFailure`` naming what there is, if no picker matches
    ///   `label` or it has no such option.
    public func choose(_ option: String, in label: String) throws(ScreenTestFailure) {
        try run { (session) throws(SessionFailure) in _ = try session.update(.choose(option: option, in: label)).get() }
    }

    /// Presses the key a headless script names with `key NAME`: one character,
    /// or `enter`, `esc`, `tab`, `backtab`, `up`, `down`, `left`, `right`,
    /// `home`, `end`, `backspace`, `delete`, `pageup`, `pagedown`, `space`,
    /// `f1` or `ctrl-` with a letter. It acts on the focused control, as in the
    /// host: Space flips a focused switch, Enter presses a button. SDK 1.1.
    ///
    /// - Throws: ``ScreenTestFailure`` for a name no key has.
    public func press(_ key: String) throws(ScreenTestFailure) {
        guard let pressed = Key.named(key) else {
            throw ScreenTestFailure(
                "unknown key \"\(key)\"; keys are a character, ctrl- with a letter, or "
                    + Key.scriptNames.map(\.key).joined(separator: ", "), screen: nil)
        }
        try run { (session) throws(SessionFailure) in _ = try session.update(.key(pressed)).get() }
    }

    /// Goes back from the top view (Esc): what the nearest view that can go back
    /// does, as in the host. Where nothing else goes back, the screen goes back as
    /// a child screen does in the host: after its `backConfirmation`, if it has
    /// one, its parent's listener is asked to dismiss it
    /// (`screenDidRequestDismiss(slot:)`, the route id as the slot's name).
    ///
    /// - Throws: ``ScreenTestFailure`` if nothing on screen goes back (a viewless
    ///   RIB whose lent view has nothing to go back to).
    public func back() throws(ScreenTestFailure) {
        session.update(.viewsChanged)
        if !session.topGoesBack, let own = (router as? ViewableRouting)?.viewControllable.viewController,
            own.backAction == nil
        {
            let slot = route
            own.backAction = { [weak parentListener] in parentListener?.screenDidRequestDismiss(slot: slot) }
        }
        guard session.topGoesBack else { throw ScreenTestFailure("nothing on screen goes back", screen: text) }
        try run { (session) throws(SessionFailure) in _ = try session.update(.key(.escape)).get() }
    }

    /// Waits until the screen shows `text`, letting the screen's tasks and timers
    /// run meanwhile, as the headless `expect` does.
    ///
    /// - Throws: ``ScreenTestFailure`` with the screen, if it does not within `timeout`.
    public func expect(_ text: String, within timeout: Duration = .seconds(5)) async throws {
        try await waitUntil(timeout, "expected the screen to show \"\(text)\"") { self.text.contains(text) }
    }

    /// Waits until the screen no longer shows `text`.
    public func expectNot(_ text: String, within timeout: Duration = .seconds(5)) async throws {
        try await waitUntil(timeout, "expected the screen not to show \"\(text)\"") { !self.text.contains(text) }
    }

    /// Detaches the screen, as its parent would, and waits until its router,
    /// interactor and view are deallocated, as the host's leak detector checks.
    ///
    /// - Throws: ``ScreenTestFailure`` naming what is still alive after `timeout`:
    ///   something (a global, a closure, a task) keeps it.
    public func expectDeallocatedAfterDetach(within timeout: Duration = .seconds(1)) async throws {
        let objects = detach()
        let alive = { objects.filter { $0.object.value != nil }.map(\.name) }
        try await waitUntil(timeout, "") {
            alive().isEmpty
        } failure: {
            ScreenTestFailure(
                "after the detach, \(alive().joined(separator: ", ")) \(alive().count == 1 ? "is" : "are") still alive: "
                    + "something (a global, a closure, a task, or a reference back that is not weak, such as `var router`) keeps \(alive().count == 1 ? "it" : "them")",
                screen: nil)
        }
    }

    // MARK: - Private

    /// Deactivates the screen and lets go of it: what is left are weak references.
    private func detach() -> [(name: String, object: WeakObject)] {
        let detached = router
        let objects: [(name: String, object: WeakObject)] =
            [
                ("\(Swift.type(of: detached))", WeakObject(detached)),
                ("\(Swift.type(of: detached.interactable))", WeakObject(detached.interactable)),
            ]
            + (detached.viewableRouting.map {
                [("\(Swift.type(of: $0.viewControllable))", WeakObject($0.viewControllable))]
            } ?? [])
        detached.interactable.deactivate()
        router = Router(interactor: Interactor())
        return objects
    }

    /// Runs steps of the host's session, a failed one as a ``ScreenTestFailure``
    /// with the screen.
    private func run(_ steps: (ScreenSession) throws(SessionFailure) -> Void) throws(ScreenTestFailure) {
        do {
            try steps(session)
        } catch {
            throw ScreenTestFailure(error.errorDescription ?? "\(error)", screen: text)
        }
    }

    private func waitUntil(
        _ timeout: Duration, _ message: String, _ condition: () -> Bool,
        failure: (() -> ScreenTestFailure)? = nil
    ) async throws {
        // The time is this wait's own: a pause another test stretched, holding the
        // main actor, counts as at most 50 ms, so a wait never fails for what other
        // tests did meanwhile.
        var waited = Duration.zero
        while !condition() {
            guard waited < timeout else { throw failure?() ?? ScreenTestFailure(message, screen: text) }
            let start = ContinuousClock.now
            // Not Task.sleep: other tests blocking the cooperative pool would hold it.
            await pauseOffTheCooperativePool(milliseconds: 5)
            waited += min(ContinuousClock.now - start, .milliseconds(50))
        }
    }
}

/// Why a step of a ``ScreenTester`` did not hold, with the screen it saw.
public struct ScreenTestFailure: Error, CustomStringConvertible {
    /// What did not hold.
    public let message: String
    /// The screen as text when it failed, if it matters.
    public let screen: String?

    init(_ message: String, screen: String?) {
        self.message = message
        self.screen = screen
    }

    /// The message, then the screen it saw.
    public var description: String {
        message + (screen.map { "\n--- screen ---\n\($0)\n---" } ?? "")
    }
}

private struct WeakObject {
    weak var value: AnyObject?

    init(_ value: AnyObject) {
        self.value = value
    }
}

/// The screen under test as the host's session sees a route tree: the screen is
/// its route, each stand-in a route named by its slot.
@MainActor
private final class TestedTree: RouterTree {
    private unowned let tester: ScreenTester
    private let routeID: String

    init(tester: ScreenTester, route: String) {
        self.tester = tester
        routeID = route
    }

    var rootRouter: Routing? { tester.router }

    var rootView: ViewController? { tester.view }

    func route(of router: Routing) -> (id: String, plugin: String)? {
        if router === tester.router { return (routeID, "the screen under test") }
        return tester.slots.slotName(of: router).map { ($0, "a stand-in") }
    }

    func openLink(_ url: String) throws {
        throw ScreenTestFailure("the testing kit opens no links; test the screen's Workflow steps instead", screen: nil)
    }
}
