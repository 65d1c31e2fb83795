import TrellisCore
import TrellisLoop
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK
import TrellisTree

/// Runs headless commands against a session on the event loop, waiting for the
/// screen the way a person would.
///
/// Before each command the main actor's queued work runs. A step that looks for
/// something on screen (`expect`, `expect-not`, `tap`, `focus`, `type`) and does
/// not find it waits for the screen to change and tries again, until ``timeout``;
/// so a script never needs a fixed sleep to see the result of asynchronous work,
/// and a step that holds at once answers at once.
@MainActor
public final class HeadlessRunner {
    /// How long a step waits for the screen by default.
    public static let defaultTimeout: Duration = .seconds(5)

    /// The session the commands drive.
    public let session: ScreenSession
    /// How long a step waits for the screen before it fails.
    public var timeout: Duration

    private let loop: EventLoop

    /// Creates a runner over `session`, waiting on `loop`.
    public init(session: ScreenSession, loop: EventLoop, timeout: Duration = HeadlessRunner.defaultTimeout) {
        self.session = session
        self.loop = loop
        self.timeout = timeout
        session.noteHostWorkForCrashReport()
    }

    /// Runs one command, waiting for the screen as described above.
    ///
    /// - Returns: What the command writes to standard output, if anything.
    /// - Throws: ``SessionFailure`` when a step does not hold within the time-out.
    @discardableResult
    public func execute(_ command: ScriptCommand) throws(SessionFailure) -> String? {
        loop.drain()
        if case let .wait(duration) = command {
            pause(for: duration)
            return nil
        }
        if case let .key(key) = command { waitUntilReady(for: key) }
        // Counted at the attempt that acts: a `type` that waited for its field
        // (a screen still loading) must not count the loading's changes as its own.
        var changesBefore = loop.screenChanges
        defer {
            switch command {
            case .key, .type:
                typeAhead.notePressed(
                    by: session, changesBefore: changesBefore, changes: loop.screenChanges, now: loop.now)
            default: break
            }
        }
        let deadline = loop.now + timeout
        while true {
            // What the step sees is consumed here; a change after it wakes the wait.
            loop.didDrawFrame()
            changesBefore = loop.screenChanges
            do {
                session.noteKeyForCrashReport()
                defer { CrashRecord.noteActivity("") }
                return try session.update(.command(command)).get()
            } catch {
                guard error.mayHoldLater, loop.now < deadline else { throw error }
                waitForChange(until: deadline)
            }
        }
    }

    /// Keys wait for the screen they are meant for, as in the terminal
    /// (``TypeAhead``): a key right after `type` acts on the results of the text
    /// typed, not on those of the text before.
    private var typeAhead = TypeAhead()

    private func waitUntilReady(for key: Key) {
        while true {
            session.update(.viewsChanged)
            typeAhead.noteFrame(of: session, now: loop.now)
            guard typeAhead.isNotReady(for: key, session: session, changes: loop.screenChanges, now: loop.now),
                let limit = typeAhead.limit
            else { return }
            loop.didDrawFrame()
            waitForChange(until: limit)
        }
    }

    /// Runs the app's work until the screen has not changed for `quiet` and no
    /// work a plugin runs with `offMainActor` is under way: what a person typing
    /// commands is shown after each is the screen it led to, its asynchronous
    /// result included, however long the work takes. Changes with no work under
    /// way go on for `limit` at most after the last work was seen (a clock ticks
    /// for ever), and work for the type-ahead's work limit in all (30 s; none
    /// when `TRELLIS_TYPEAHEAD_SECONDS` is 0).
    ///
    /// The limit counts from the last work, not from the start: a screen whose
    /// data took longer than `limit` to read starts its search (another piece of
    /// work, in a task not yet begun) after it, and used to be printed before.
    ///
    /// - Returns: Whether the work is done: `false` when some was still under
    ///   way at the limit (``isWorking`` says when it ends).
    @discardableResult
    public func settle(quiet: Duration = .milliseconds(200), limit: Duration = .seconds(2)) -> Bool {
        let start = loop.now
        var lastWork = start
        loop.drain()
        while true {
            loop.didDrawFrame()
            let working = isWorking
            if working { lastWork = loop.now }
            let end = working ? start + typeAhead.workLimit : lastWork + limit
            guard loop.now < end else { return !isWorking }
            waitForChange(until: min(loop.now + quiet, end))
            if !loop.needsFrame, !isWorking { return true }
        }
    }

    /// The screen as text now: the views may have changed since the last step
    /// (a task, a timer), so the focus settles on them first.
    public func screenText() -> String {
        session.update(.viewsChanged)
        return session.frame.text
    }

    /// Whether work a plugin runs with `offMainActor` is under way, or a route's
    /// own process is starting.
    public var isWorking: Bool {
        HostHooks.offMainWorkUnderWay > 0 || (session.tree as? RouteTree)?.context.pluginHosts.starting ?? 0 > 0
    }

    /// Runs the main actor's work for `duration`, as a person waits and watches.
    private func pause(for duration: Duration) {
        let deadline = loop.now + duration
        while loop.now < deadline {
            loop.wait(for: [], until: deadline)
        }
    }

    private func waitForChange(until deadline: ContinuousClock.Instant) {
        while !loop.needsFrame, loop.now < deadline {
            loop.wait(for: [], until: deadline)
        }
    }
}

extension SessionFailure {
    /// Whether the step looked for something the screen may still come to show.
    public var mayHoldLater: Bool {
        switch self {
        case .expectationFailed, .unexpectedText, .noControl, .ambiguousControl, .noFocusedField: true
        case .linkRefused, .reloadRefused: false
        }
    }
}
