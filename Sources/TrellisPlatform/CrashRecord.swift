import CTerminal
import Glibc

/// What a supervised app process tells its supervisor, written into memory the
/// two share (mapped before the fork), so it survives the app's crash: what the
/// host is calling into, the route path on screen, the plugins' files, and the
/// crashing thread's frames.
///
/// Writes are plain copies into fixed slots: cheap enough for every key and
/// every build, and readable after the writer died mid-way.
public enum CrashRecord {
    /// The slots of the shared page and their sizes.
    package enum Slot: Int, CaseIterable {
        case activity, routePath, plugins, frames, hostExit, heartbeat, served, fault

        package var range: Range<Int> {
            switch self {
            case .activity: 0..<1024
            case .routePath: 1024..<2048
            case .plugins: 2048..<12288
            case .frames: 12288..<28672
            case .hostExit: 28672..<28704
            case .heartbeat: 28704..<28752
            case .served: 28752..<29008
            case .fault: 29008..<29040
            }
        }
    }

    package static let size = 29040

    /// The words of ``Slot/heartbeat``, each 8 bytes and aligned, so one store
    /// is read whole by the other process.
    package enum Beat: Int {
        /// When the app's main thread began its current turn of work, in
        /// nanoseconds of `CLOCK_MONOTONIC` (the same clock in both processes);
        /// 0 while it waits in the event loop.
        case busySince = 0
        /// How long a turn may last before the app is not responding, in ns.
        case hangLimit = 8
        /// A signal to end that the app was sent while busy (its loop acts on it
        /// only when it next waits), and when: `signal << 48 | milliseconds`.
        case pendingEnd = 16
        /// 1 while the supervisor waits without a time limit (the app was idle): the
        /// app's next turn wakes it, through ``wakeDescriptor``.
        case supervisorAsleep = 24
        /// When the user last pressed Ctrl-C, in ns of `CLOCK_MONOTONIC`: the
        /// app's key reader reads every key, so a stuck app's supervisor learns
        /// of Ctrl-C here rather than from the terminal.
        case controlC = 32
        /// 1 while the host does bounded work of its own (reading a config): the
        /// watchdog neither ends the app for it nor blames a screen.
        case hostWork = 40
    }

    /// The supervisor's pid and a descriptor readable once it has ended (-1 for
    /// none), in the app process; pid 0 when unsupervised.
    public package(set) static var supervisor: (pid: pid_t, descriptor: Int32) {
        get { SignalShared.current.supervisor }
        set { SignalShared.current.supervisor = newValue }
    }

    /// Whether the app's supervisor has ended: its process descriptor was
    /// readable. A descriptor a plugin closed is readable too, and the app's
    /// parent then tells; it is not watched again.
    public static func supervisorHasEnded() -> Bool {
        guard supervisor.pid > 0 else { return false }
        if getppid() != supervisor.pid { return true }
        supervisor.descriptor = -1
        return false
    }

    /// The app's end of the socket it hands its supervisor a descriptor down; -1
    /// when unsupervised.
    package static var listenerChannel: Int32 {
        get { SignalShared.current.listenerChannel }
        set { SignalShared.current.listenerChannel = newValue }
    }

    /// The app's end of the pipe that wakes its supervisor; -1 when unsupervised.
    package static var wakeDescriptor: Int32 {
        get { SignalShared.current.wakeDescriptor }
        set { SignalShared.current.wakeDescriptor = newValue }
    }

    /// Wakes the supervisor (one byte down the pipe; a full pipe has woken it).
    private static func wakeSupervisor() {
        guard wakeDescriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeDescriptor, &byte, 1)
    }

    private static var page: UnsafeMutableRawPointer? {
        get { SignalShared.current.crashPage }
        set { SignalShared.current.crashPage = newValue }
    }

    /// Whether this process is an app run under a supervisor.
    public static var isSupervised: Bool { page != nil && !isSupervisor }
    package static var isSupervisor: Bool {
        get { SignalShared.current.isSupervisor }
        set { SignalShared.current.isSupervisor = newValue }
    }

    /// Maps the shared page; the supervisor calls this once, before it forks.
    package static func createShared() -> Bool {
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return false }
        page = mapped
        return true
    }

    /// Notes what the host is calling into now, for example
    /// `building route next (plugin NextScreen)`; empty when it is back in its own code.
    /// The text is made only when a supervisor will read it: this runs for every
    /// build and every key.
    public static func noteActivity(_ text: @autoclosure () -> String) {
        guard isSupervised else { return }
        write(text(), to: .activity)
    }

    /// Notes that the host does bounded work of its own, `what` (`reading the
    /// config app.json`), until ``endHostWork()``: its time is no screen's, and the
    /// watchdog does not end the app for it (Ctrl-C and signals still do).
    ///
    /// - Returns: What the host was calling into before, for ``endHostWork(restoring:)``.
    @discardableResult
    public static func noteHostWork(_ what: String) -> String {
        guard isSupervised else { return "" }
        let before = read(.activity)
        write("trellis is \(what)", to: .activity)
        store(1, at: .hostWork)
        return before
    }

    /// Ends ``noteHostWork(_:)``: the host is calling into `activity` again (a
    /// screen's key handling that asked for a frame), or nothing.
    public static func endHostWork(restoring activity: String = "") {
        guard isSupervised else { return }
        store(0, at: .hostWork)
        write(activity, to: .activity)
    }

    /// Notes that the main thread begins a turn of work (the event loop's wait
    /// returned): the supervisor's watchdog times each turn. Two stores, no call.
    package static func noteBusy() {
        guard let page, !isSupervisor else { return }
        store(monotonicNanoseconds(), at: .busySince, in: page)
        // The store is seen before the flag is read, and the supervisor sets its
        // flag before it reads ours: one of the two sees the other.
        trellis_full_fence()
        if (page + Slot.heartbeat.range.lowerBound + Beat.supervisorAsleep.rawValue).load(as: UInt64.self) != 0 {
            store(0, at: .supervisorAsleep, in: page)
            wakeSupervisor()
        }
    }

    /// Notes that the main thread waits in the event loop: not busy.
    package static func noteIdle() {
        guard let page, !isSupervisor else { return }
        store(0, at: .busySince, in: page)
    }

    /// How long one turn of the app's work may last before the supervisor says
    /// it is not responding (in the terminal) or ends it (headless).
    public static func noteHangLimit(_ limit: Duration) {
        guard let page, !isSupervisor else { return }
        store(limit.clampedNanoseconds, at: .hangLimit, in: page)
    }

    /// Notes, from a signal handler, that a signal to end arrived: if the main
    /// thread is stuck in a plugin, the supervisor acts on it instead.
    static func notePendingEnd(_ signal: Int32) {
        guard let page, !isSupervisor else { return }
        let milliseconds = monotonicNanoseconds() / 1_000_000
        store(
            UInt64(UInt8(truncatingIfNeeded: signal)) << 48 | milliseconds & 0xFFFF_FFFF_FFFF, at: .pendingEnd, in: page
        )
        wakeSupervisor()
    }

    /// Notes, from the key reader's thread, that the user pressed Ctrl-C: if the
    /// main thread is stuck, the supervisor ends the app. A busy app's supervisor
    /// is woken to check at once; an idle app's main thread reads the key itself.
    package static func noteControlC() {
        guard let page, !isSupervisor else { return }
        store(monotonicNanoseconds(), at: .controlC, in: page)
        if load(.busySince) != 0 { wakeSupervisor() }
    }

    package static func load(_ beat: Beat) -> UInt64 {
        guard let page else { return 0 }
        return (page + Slot.heartbeat.range.lowerBound + beat.rawValue).load(as: UInt64.self)
    }

    package static func store(_ value: UInt64, at beat: Beat) {
        guard let page else { return }
        store(value, at: beat, in: page)
    }

    private static func store(_ value: UInt64, at beat: Beat, in page: UnsafeMutableRawPointer) {
        (page + Slot.heartbeat.range.lowerBound + beat.rawValue).storeBytes(of: value, as: UInt64.self)
    }

    /// `CLOCK_MONOTONIC` in nanoseconds: async-signal-safe, and one clock for the
    /// app and its supervisor.
    package static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Ends the app process from the watchdog's signal handler: its frames are
    /// recorded, the note says it was ended as not responding.
    static func exitAsHung() -> Never {
        write("hung", to: .hostExit)
        _exit(ExitStatus.crashed.rawValue)
    }

    /// Whether the app process ended as not responding (``exitAsHung()``).
    static var endedAsHung: Bool { read(.hostExit) == "hung" }

    /// Notes where `trellis serve` listens and its token (`PORT TOKEN`), so an app
    /// the supervisor starts again after a crash serves at the same address.
    public static func noteServed(port: Int, token: String) {
        write("\(port) \(token)", to: .served)
    }

    /// Notes the route path on screen.
    public static func noteRoutePath(_ text: String) {
        write(text, to: .routePath)
    }

    /// Ends the process with `status`, noting first that the host chose to: an end
    /// the supervisor finds no note of was a plugin's `exit` or `_exit`, which it
    /// reports as a crash. Every end the host means goes through here.
    public static func exitAsHost(_ status: Int32) -> Never {
        write("exit \(status)", to: .hostExit)
        exit(status)
    }

    /// ``exitAsHost(_:)`` for a child process that must not run `atexit` handlers.
    package static func exitChildAsHost(_ status: Int32) -> Never {
        write("exit \(status)", to: .hostExit)
        _exit(status)
    }

    /// Whether the app process that just ended with `status` said it would.
    package static func hostExited(with status: Int32) -> Bool {
        read(.hostExit) == "exit \(status)"
    }

    /// Notes the plugins loaded so far, one `file<TAB>name<TAB>routes<TAB>image names` a
    /// line (routes and image names separated by spaces).
    package static func notePlugins(_ text: String) {
        write(text, to: .plugins)
    }

    /// What the crash signal handler learnt of a crash signal, beyond its frames.
    package enum Fault: String {
        /// Another process sent it (`kill`): not a crash.
        case sent
        /// A fault at the edge of the thread's stack: the stack ran out.
        case stackExhausted = "stack"
    }

    /// Notes what the crash signal handler learnt; called from the handler.
    static func noteFault(_ fault: Fault) {
        write(fault.rawValue, to: .fault)
    }

    /// What the handler noted of the crash signal; `nil` if it noted nothing
    /// (a real crash, or one whose handler could not run).
    package static var fault: Fault? { Fault(rawValue: read(.fault)) }

    /// Writes the crashing thread's frames; called from the crash signal handler.
    static func recordFrames() {
        guard let page else { return }
        let range = Slot.frames.range
        _ = trellis_write_frames((page + range.lowerBound).assumingMemoryBound(to: CChar.self), range.count, 2)
    }

    /// Stops writing to the shared page: in a copy of the app that a plugin's
    /// `fork` made, whose notes would be taken for the app's.
    package static func forgetShared() {
        page = nil
        wakeDescriptor = -1
    }

    /// Empties every slot, for a new app process, which is busy from its start.
    package static func clear() {
        guard let page else { return }
        memset(page, 0, size)
        store(monotonicNanoseconds(), at: .busySince, in: page)
    }

    /// The text in `slot`.
    package static func read(_ slot: Slot) -> String {
        guard let page else { return "" }
        let range = slot.range
        let bytes = UnsafeRawBufferPointer(start: page + range.lowerBound, count: range.count)
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func write(_ text: String, to slot: Slot) {
        guard let page, !isSupervisor else { return }
        let range = slot.range
        var text = text
        text.withUTF8 { bytes in
            let count = min(bytes.count, range.count - 1)
            if let base = bytes.baseAddress { memcpy(page + range.lowerBound, base, count) }
            (page + range.lowerBound + count).storeBytes(of: 0, as: UInt8.self)
        }
    }
}
