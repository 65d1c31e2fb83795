import CTerminal
import Dispatch
import Foundation

/// A started `trellis plugin-host`: its pid, the app's end of its channel, and
/// the pipe its standard error goes to. ``PluginHosts`` starts them.
package struct PluginHostProcess {
    package let pid: pid_t
    package let channel: Int32
    package let errors: Int32

    /// What a spare reads on its channel: its arguments, each ended by a zero
    /// byte, after their length in four bytes.
    func send(launch arguments: [String]) -> Bool {
        let bytes = Array(arguments.map { Array($0.utf8) + [0] }.joined())
        return IsolationChannel(descriptor: channel).send(bytes: IsolationChannel.framed(bytes))
    }

    /// Ends a process that will not be used, and waits for it.
    func end() {
        close(channel)
        close(errors)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    package struct SpawnError: Error {
        package let message: String
    }

    /// Starts `trellis plugin-host arguments…` with one end of a new socket pair
    /// as descriptor 3, in a session of its own, with no terminal and no other
    /// descriptor of the app's.
    static func spawn(_ arguments: [String]) -> Result<PluginHostProcess, SpawnError> {
        if let problem = IsolatedLaunch.executableProblem { return .failure(SpawnError(message: problem)) }
        var pair: [Int32] = [-1, -1]
        var pipe: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return .failure(SpawnError(message: String(cString: strerror(errno))))
        }
        guard Glibc.pipe(&pipe) == 0 else {
            let reason = String(cString: strerror(errno))
            pair.forEach { close($0) }
            return .failure(SpawnError(message: reason))
        }
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
        // Its socket and nothing else the app has open.
        _ = trellis_spawn_close_from(&actions, 4)
        let command = [IsolatedLaunch.executable, "plugin-host"] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The runtime's backtrace of a crash there would fill the route's place
        // with addresses: the signal is said, and what the plugin wrote last.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // A session of its own: no terminal to read, write or signal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, trellis_spawn_new_session_flag())
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, IsolatedLaunch.executable, &actions, &attributes, argv, envp)
        close(pair[1])
        close(pipe[1])
        guard spawned == 0 else {
            close(pair[0])
            close(pipe[0])
            return .failure(SpawnError(message: String(cString: strerror(spawned))))
        }
        _ = fcntl(pipe[0], F_SETFL, fcntl(pipe[0], F_GETFL) | O_NONBLOCK)
        return .success(PluginHostProcess(pid: pid, channel: pair[0], errors: pipe[0]))
    }
}
