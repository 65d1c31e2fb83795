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
    enum Slot: Int, CaseIterable {
        case activity, routePath, plugins, frames, hostExit

        var range: Range<Int> {
            switch self {
            case .activity: 0..<1024
            case .routePath: 1024..<2048
            case .plugins: 2048..<12288
            case .frames: 12288..<28672
            case .hostExit: 28672..<28704
            }
        }
    }

    static let size = 28704

    nonisolated(unsafe) private static var page: UnsafeMutableRawPointer?

    /// Whether this process is an app run under a supervisor.
    public static var isSupervised: Bool { page != nil && !isSupervisor }
    nonisolated(unsafe) static var isSupervisor = false

    /// Maps the shared page; the supervisor calls this once, before it forks.
    static func createShared() -> Bool {
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
    static func exitChildAsHost(_ status: Int32) -> Never {
        write("exit \(status)", to: .hostExit)
        _exit(status)
    }

    /// Whether the app process that just ended with `status` said it would.
    static func hostExited(with status: Int32) -> Bool {
        read(.hostExit) == "exit \(status)"
    }

    /// Notes the plugins loaded so far, one `file<TAB>name<TAB>routes` a line.
    static func notePlugins(_ text: String) {
        write(text, to: .plugins)
    }

    /// Writes the crashing thread's frames; called from the crash signal handler.
    static func recordFrames() {
        guard let page else { return }
        let range = Slot.frames.range
        _ = trellis_write_frames((page + range.lowerBound).assumingMemoryBound(to: CChar.self), range.count, 2)
    }

    /// Empties every slot, for a new app process.
    static func clear() {
        guard let page else { return }
        memset(page, 0, size)
    }

    /// The text in `slot`.
    static func read(_ slot: Slot) -> String {
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
