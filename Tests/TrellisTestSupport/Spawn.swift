import Glibc

/// Runs a program with `posix_spawn` and waits for it with `waitpid`.
///
/// Foundation's `Process` waits for a descriptor that a daemon the program forks
/// (a tmux server) inherits and never closes, so it waits forever; this does not.
enum Spawn {
    /// Runs `arguments` (looked up on the PATH) with standard input and error on
    /// `/dev/null`.
    ///
    /// - Returns: The exit status and what the program wrote to standard output,
    ///   or nothing when `capturingOutput` is false (output goes to `/dev/null`).
    static func run(_ arguments: [String], capturingOutput: Bool) -> (status: Int32, output: String) {
        var output: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&output) == 0 else { return (-1, "") }
            // Only the child's standard output may hold the write end.
            output.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturingOutput {
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Test threads may block signals, and a spawned child inherits the mask:
        // start it with none blocked and default handlers, as a shell would.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ) == 0 else { return (-1, "") }
        var text: [UInt8] = []
        if capturingOutput {
            close(output[1])
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(output[0], &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                text += buffer.prefix(count)
            }
            close(output[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: text, as: UTF8.self))
    }
}
