import Glibc
import TrellisCore
@_spi(TrellisHost) import TrellisSDK

/// Keys typed ahead of the screen they are meant for, held until it can take
/// them, so that a person's keys act on the screen they will see:
/// - a screen that has just come on top with nothing to focus yet (it is
///   loading): keys wait until it has a control, for ``loadingLimit`` at most;
/// - a list a text field filters off the main actor, after an edit: keys that are
///   not edits wait while work the plugin runs with `offMainActor` is under way
///   (the search the edit started, however long it takes: ``workLimit`` only
///   guards against work that never ends), then for the screen's next change
///   if it has not reacted to the edit yet, for ``filterLimit`` at most (a form
///   that does not react costs that much once).
///
/// Then the held keys are pressed in order; Esc, the help and Ctrl keys are
/// never held behind them (a person leaving a screen does not wait for it).
/// Time and screen changes come from the front end, so the terminal and
/// headless runs hold keys alike.
@MainActor
package struct TypeAhead {
    /// How long keys wait for a loading screen.
    var loadingLimit: Duration = .seconds(1)
    /// How long keys wait for a screen to react to an edit.
    var filterLimit: Duration = .milliseconds(250)
    /// How long keys wait for work under way after an edit: a guard against work
    /// that never ends, not a measure of speed (a search of a large list on a
    /// loaded machine takes seconds). None when `TRELLIS_TYPEAHEAD_SECONDS` is 0.
    var workLimit: Duration = Self.defaultWorkLimit
    static let defaultWorkLimit: Duration = .seconds(30)
    /// The most keys held: more are pressed at once.
    package static let capacity = 256

    package private(set) var held: [Key] = []
    private var top: (screen: ObjectIdentifier?, since: ContinuousClock.Instant)?
    /// After an edit: the screen change count it left, and when.
    private var edit: (changes: Int, at: ContinuousClock.Instant)?

    /// The limits from `TRELLIS_TYPEAHEAD_SECONDS` (both), when it is a number of
    /// seconds from 0 to 3600 (`trellis run` refuses another value); the defaults otherwise.
    package init() {
        if let limit = Self.configuredLimit {
            (loadingLimit, filterLimit) = (limit, limit)
            if limit == .zero { workLimit = .zero }
        }
    }

    /// `TRELLIS_TYPEAHEAD_SECONDS`, read once: a headless run makes a runner per step.
    private nonisolated static let configuredLimit: Duration? = {
        guard let value = getenv("TRELLIS_TYPEAHEAD_SECONDS"), let seconds = Double(String(cString: value)),
            seconds.isFinite, (0...3600).contains(seconds)
        else { return nil }
        return .milliseconds(Int(seconds * 1000))
    }()

    /// Whether the last frame's top screen had nothing to focus (it is loading).
    private var topIsLoading = false

    /// Notes what the last frame showed.
    package mutating func noteFrame(of session: ScreenSession, now: ContinuousClock.Instant) {
        if top?.screen != session.topScreen { top = (session.topScreen, now) }
        topIsLoading = !session.topHasControls
    }

    /// Notes that `key` was pressed, leaving `changes` screen changes.
    ///
    /// - Parameter changesBefore: The count before it was pressed.
    package mutating func notePressed(
        by session: ScreenSession, changesBefore: Int, changes: Int, now: ContinuousClock.Instant
    ) {
        // Only the field's own text changed: the screen has yet to react.
        edit = session.lastKeyEdited && changes - changesBefore <= 1 ? (changes, now) : nil
    }

    /// Whether the screen is not ready for `key` yet.
    package func isNotReady(for key: Key, session: ScreenSession, changes: Int, now: ContinuousClock.Instant) -> Bool {
        guard Self.mayWait(key) else { return false }
        if let top, !session.topHasControls, now - top.since < loadingLimit { return true }
        guard let edit, !Self.edits(key) else { return false }
        if HostHooks.offMainWorkUnderWay > 0, now - edit.at < workLimit { return true }
        return changes == edit.changes && now - edit.at < filterLimit
    }

    /// Whether `key` is one that waits for the screen, ahead of it or behind
    /// keys held: not Esc, the help, Ctrl keys, a paste or the mouse.
    package static func mayWait(_ key: Key) -> Bool {
        switch key {
        case .escape, .help, .control, .paste, .pasteTooLarge, .click, .wheel: false
        default: true
        }
    }

    /// Whether `key` edits a focused field (typing goes on while a filter catches up).
    private static func edits(_ key: Key) -> Bool {
        switch key {
        case .character, .backspace, .delete, .left, .right, .home, .end, .alt, .altBackspace, .wordLeft, .wordRight:
            true
        default: false
        }
    }

    /// Keeps `key` to press later.
    package mutating func hold(_ key: Key) {
        held.append(key)
    }

    /// Takes the keys held, to press them now.
    package mutating func takeHeld() -> [Key] {
        defer { held = [] }
        return held
    }

    /// When the keys held are pressed anyway, if any are held.
    package var deadline: ContinuousClock.Instant? {
        held.isEmpty ? nil : limit
    }

    /// When a key that waits now is pressed anyway: the latest limit of the
    /// reasons it may be waiting for. (The earliest let Enter typed right after
    /// a search go at the limit of a screen that had finished loading long before,
    /// acting on the results of an earlier query.)
    package var limit: ContinuousClock.Instant? {
        let loading = topIsLoading ? top.map { $0.since + loadingLimit } : nil
        let filter = edit.map { $0.at + (HostHooks.offMainWorkUnderWay > 0 ? workLimit : filterLimit) }
        return [loading, filter].compactMap { $0 }.max()
    }
}
