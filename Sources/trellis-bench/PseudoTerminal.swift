import CTerminal
import Glibc
import TrellisHost

/// A program run on a pseudo-terminal, as a person runs `trellis run`: the bench
/// writes keys to it and times the frames it draws.
final class PseudoTerminal {
    private let master: Int32
    let pid: pid_t

    /// Starts `arguments` with a new pseudo-terminal of the given size as its
    /// standard input, output and error.
    init?(_ arguments: [String], columns: Int = 80, rows: Int = 24) {
        var path = [CChar](repeating: 0, count: 256)
        master = trellis_open_pseudo_terminal(&path, path.count)
        guard master >= 0 else { return nil }
        let name = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, trellis_spawn_new_session_flag())
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, arguments[0], &actions, &attributes, argv, environ) == 0 else {
            close(master)
            return nil
        }
        pid = child
    }

    /// Writes `text` as typed keys.
    func type(_ text: String) {
        _ = text.withCString { Glibc.write(master, $0, strlen($0)) }
    }

    /// Waits for output and returns the time its first byte arrived, reading
    /// everything that comes within `gap` seconds after it; `nil` after `timeout`.
    @discardableResult
    func nextOutput(timeout: Double, gap: Double = 0.005) -> (time: Double, text: String)? {
        guard waitReadable(timeout) else { return nil }
        let time = now()
        var bytes: [UInt8] = []
        repeat {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        } while waitReadable(gap)
        return (time, String(decoding: bytes, as: UTF8.self))
    }

    /// Reads until nothing has come for `quiet` seconds.
    func drain(quiet: Double) {
        while nextOutput(timeout: quiet) != nil {}
    }

    /// Reads (and drops) output for `seconds`, so the program never blocks writing.
    func discardOutput(for seconds: Double) {
        let end = now() + seconds
        while now() < end { nextOutput(timeout: end - now()) }
    }

    /// CPU seconds the program has used (user and system), from `/proc`.
    var cpuSeconds: Double {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return .nan }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return .nan }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Fields after the command's closing parenthesis; utime and stime are 14th and 15th.
        guard let close = text.lastIndex(of: ")") else { return .nan }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Sends Ctrl-C, waits for the program to end (ending it with SIGTERM if
    /// Ctrl-C did not: a raw-mode program may take it as a byte), and closes the
    /// terminal.
    func end() {
        type("\u{03}")
        discardOutput(for: 0.05)
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGTERM)
            discardOutput(for: 0.02)
        }
        _ = SystemCall.retrying { waitpid(pid, &status, 0) }
        close(master)
    }

    private func waitReadable(_ timeout: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(max(timeout, 0) * 1000)) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }
}
