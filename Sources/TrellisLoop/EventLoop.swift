import Glibc
import TrellisCore
import TrellisLoader
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK

/// The one loop of `trellis run`: it waits in `poll` on the caller's descriptors
/// (keys, the signal pipe, script lines) and on the main queue, runs the main
/// actor's queued work when it arrives, and paces frames.
///
/// Screens report changes through the SDK; the loop only notes them, and the
/// caller draws at most one frame per ``frameInterval``.
@MainActor
public final class EventLoop {
    /// The shortest time between two frames: one display tick.
    public static let frameInterval: Duration = .milliseconds(16)

    /// The longest a wait lasts when libdispatch offers no descriptor to wait on.
    private static let fallbackPollInterval: Duration = .milliseconds(10)

    private let clock = ContinuousClock()
    private var lastFrame: ContinuousClock.Instant?

    /// Descriptors watched on every wait, whoever waits (a file watcher), with
    /// what to do when one can be read.
    private var sources: [(descriptor: Int32, onReadable: () -> Void)] = []

    /// Whether a screen changed, or a key was handled, since the last frame.
    public private(set) var needsFrame: Bool {
        get { frameRequest.isNeeded }
        set { frameRequest.isNeeded = newValue }
    }

    /// The flag the SDK's hook sets: an object of its own, which the hook holds
    /// strongly, so a change costs no weak reference's load.
    private final class FrameRequest {
        @exclusivity(unchecked) var isNeeded = false
        @exclusivity(unchecked) var changes = 0
    }

    /// How many times a screen changed so far (each content or layer change the
    /// SDK reported), to tell whether a screen reacted since a moment.
    public var screenChanges: Int { frameRequest.changes }

    private let frameRequest = FrameRequest()

    /// Creates the loop and starts listening for screen changes.
    public init() {
        let request = frameRequest
        HostKey.changeHooks { hooks in
            hooks.onScreenChange = {
                request.isNeeded = true
                request.changes &+= 1
            }
        }
        Self.watchForForks()
        StandardStreams.keepCopies()
    }

    /// Set in the child of a `fork` a plugin made: a child that comes back to the
    /// loop instead of calling `exec` or `_exit` would run every later key and
    /// command a second time.
    private static var isForkedCopy: sig_atomic_t {
        get { SignalShared.current.isForkedCopy }
        set { SignalShared.current.isForkedCopy = newValue }
    }
    private static var watchesForks: Bool {
        get { SignalShared.current.watchesForks }
        set { SignalShared.current.watchesForks = newValue }
    }

    private static func watchForForks() {
        guard !watchesForks else { return }
        watchesForks = true
        pthread_atfork(nil, nil) { EventLoop.isForkedCopy = 1 }
    }

    /// Ends the copy of the app a plugin's `fork` made, which came back to the loop.
    private static func endForkedCopy() -> Never {
        CrashRecord.forgetShared()
        let message =
            "trellis: a plugin forked the app (process \(getpid())) and the copy came back to trellis's loop; "
            + "it was ended, so that nothing runs twice. In the child of a fork, a plugin must call exec or _exit.\n"
        message.withCString { _ = Glibc.write(STDERR_FILENO, $0, strlen($0)) }
        _exit(ExitStatus.failure.rawValue)
    }

    /// Notes that the screen must be drawn again (a key moved the focus, say).
    public func setNeedsFrame() {
        needsFrame = true
    }

    /// Notes that a frame was drawn now.
    public func didDrawFrame() {
        needsFrame = false
        lastFrame = clock.now
    }

    /// When the next frame may be drawn, or `nil` if none is needed.
    public var nextFrameTime: ContinuousClock.Instant? {
        guard needsFrame else { return nil }
        return lastFrame.map { $0 + Self.frameInterval } ?? clock.now
    }

    /// Whether a needed frame may be drawn now.
    public var isFrameDue: Bool {
        nextFrameTime.map { $0 <= clock.now } ?? false
    }

    /// Now, on the loop's clock.
    public var now: ContinuousClock.Instant { clock.now }

    /// Watches `descriptor` on every wait from now on, and calls `onReadable`
    /// (on the main actor, inside the wait) whenever it can be read.
    public func addSource(_ descriptor: Int32, onReadable: @escaping () -> Void) {
        sources.append((descriptor, onReadable))
    }

    /// Descriptors the app cannot go on without (the terminal's signal pipe, its
    /// key reader's): the main queue's is one too.
    private var vital: Set<Int32> = []

    /// Ends the app if `descriptors` are ever closed under the loop.
    public func watchVital(_ descriptors: [Int32]) {
        vital.formUnion(descriptors)
    }

    private func isVital(_ descriptor: Int32, queue: Int32?) -> Bool {
        descriptor == queue || vital.contains(descriptor)
    }

    /// Ends the app when a plugin closed a descriptor the loop waits on
    /// (`close_range(3, ~0)`): polling it again would spin, and the signal pipe
    /// gone, no SIGTERM would be heard. The terminal is given back first.
    private static func endForClosedDescriptor(_ descriptor: Int32) -> Never {
        TerminalState.restore()
        let screen = CrashRecord.read(.routePath)
        let message =
            "trellis: a plugin closed descriptor \(descriptor), which the app's loop waits on"
            + (screen.isEmpty ? "" : " (on screen \(screen.escapingControlCharacters))")
            + "; the app cannot go on and ends. A plugin must close only the descriptors it opened.\n"
        message.withCString { _ = Glibc.write(STDERR_FILENO, $0, strlen($0)) }
        CrashRecord.exitChildAsHost(ExitStatus.crashed.rawValue)
    }

    /// Runs the main actor's queued work without waiting.
    public func drain() {
        _ = wait(for: [], until: clock.now)
    }

    /// Waits until one of `descriptors` can be read, main-actor work arrives (which
    /// it runs), or `deadline` passes, whichever comes first.
    ///
    /// - Parameters:
    ///   - descriptors: The descriptors to watch for input.
    ///   - deadline: When to stop waiting; `nil` waits for input or work.
    /// - Returns: The descriptors of `descriptors` that can be read (or are closed).
    @discardableResult
    public func wait(for descriptors: [Int32], until deadline: ContinuousClock.Instant?) -> [Int32] {
        wait(reading: descriptors, writing: [], until: deadline).readable
    }

    /// Waits as ``wait(for:until:)`` does, and also until one of `writing` can be
    /// written (a connection with output waiting).
    ///
    /// - Returns: The descriptors of `reading` that can be read (or are closed), and
    ///   those of `writing` that can be written (or are closed).
    public func wait(reading descriptors: [Int32], writing: [Int32], until deadline: ContinuousClock.Instant?) -> (
        readable: [Int32], writable: [Int32]
    ) {
        var polled = (descriptors + sources.map(\.descriptor)).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        polled += writing.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        let queue = MainQueue.descriptor
        if let queue { polled.append(pollfd(fd: queue, events: Int16(POLLIN), revents: 0)) }
        var timeout = deadline.map { Self.milliseconds(until: $0, from: clock.now) } ?? -1
        if queue == nil {
            let cap = Self.milliseconds(Self.fallbackPollInterval)
            timeout = timeout < 0 ? cap : min(timeout, cap)
        }
        if Self.isForkedCopy != 0 { Self.endForkedCopy() }
        let closed = StandardStreams.closed()
        if !closed.isEmpty { StandardStreams.endForClosed(closed) }
        // The supervisor's watchdog times each turn of work between two waits.
        CrashRecord.noteIdle()
        let count = poll(&polled, nfds_t(polled.count), timeout)
        CrashRecord.noteBusy()
        guard count >= 0 else { return ([], []) }
        for entry in polled where entry.revents & Int16(POLLNVAL) != 0 && isVital(entry.fd, queue: queue) {
            Self.endForClosedDescriptor(entry.fd)
        }
        if queue == nil || polled.last!.revents != 0 {
            CrashRecord.noteActivity("running tasks and timers")
            MainQueue.drain()
            CrashRecord.noteActivity("")
        }
        // Every state a read must see: a descriptor closed under the loop (a
        // plugin that closed standard input) is POLLNVAL, and its read fails, which
        // ends the input instead of polling it again at once, forever.
        let ready = Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL)
        for (index, source) in sources.enumerated() where polled[descriptors.count + index].revents & ready != 0 {
            source.onReadable()
        }
        let writableStart = descriptors.count + sources.count
        let writable = polled[writableStart..<(writableStart + writing.count)]
            .filter { $0.revents & Int16(POLLOUT | POLLHUP | POLLERR | POLLNVAL) != 0 }.map(\.fd)
        return (polled.prefix(descriptors.count).filter { $0.revents & ready != 0 }.map(\.fd), writable)
    }

    /// Milliseconds from `now` to `deadline`, rounded up so a wait never ends early,
    /// and bounded to what `poll` takes.
    nonisolated package static func milliseconds(
        until deadline: ContinuousClock.Instant, from now: ContinuousClock.Instant
    )
        -> Int32
    {
        guard deadline > now else { return 0 }
        return milliseconds(now.duration(to: deadline))
    }

    nonisolated package static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds < 86_400 else { return 86_400_000 }
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(millis, 0))
    }
}
