import CTerminal
import Glibc
import TrellisCore

/// Runs `trellis run` in a child process and survives the plugins it runs.
///
/// The supervisor forks at start, before any thread or plugin exists, and waits.
/// The app (the child) writes what it is doing into a ``CrashRecord`` and its
/// standard error into a pipe the supervisor reads. When the app ends normally,
/// from Ctrl-C or from a signal sent to it, the supervisor ends the same way. When
/// it dies of a crash signal, the supervisor restores the terminal, prints one
/// report (signal, route path, the route and plugin whose code was running, the
/// plugin's fatal message, its frames) and, in a terminal, offers to start the app
/// again with the crashed route shown as an error.
///
/// `TRELLIS_SUPERVISOR=off` runs the app in one process, for a debugger.
public enum Supervisor {

    /// Where a `serve` the supervisor starts again after a crash finds the port and
    /// token it served at, and the listening socket the supervisor kept
    /// (`PORT TOKEN DESCRIPTOR`, or `PORT TOKEN` when it has none).
    public static let servedAgainVariable = "TRELLIS_SERVED_AGAIN"
    /// Where that `serve` finds the crash report, for the pages that come back.
    public static let crashReportVariable = "TRELLIS_CRASH_REPORT"

    /// The app process being supervised, for the forwarding signal handlers.
    private static var child: pid_t {
        get { SignalShared.current.child }
        set { SignalShared.current.child = newValue }
    }

    /// Hands `serve`'s listening socket to the supervisor, which keeps it across a
    /// crash: the port is never free while the app starts again, so no other
    /// local process can bind it and take the pages that reconnect.
    public static func keepListening(_ descriptor: Int32) {
        guard CrashRecord.listenerChannel >= 0 else { return }
        _ = trellis_send_descriptor(CrashRecord.listenerChannel, descriptor)
    }

    /// Whether a run with `arguments` (after `trellis`) is supervised.
    public static func wants(_ arguments: [String]) -> Bool {
        guard ["run", "serve"].contains(arguments.first), !arguments.contains("-h"), !arguments.contains("--help")
        else { return false }
        guard let setting = getenv("TRELLIS_SUPERVISOR").map({ String(cString: $0) }) else { return true }
        return !["off", "0", "no"].contains(setting.lowercased())
    }

    /// Forks the app and supervises it. Returns only in the app process; the
    /// supervisor itself ends with the app's status and never returns.
    ///
    /// The app process must end through ``CrashRecord/exitAsHost(_:)`` (or a
    /// signal): any other end, falling off the end of `main` included, is taken
    /// for a plugin's `exit` and reported as a crash.
    ///
    /// - Parameter arguments: The command line after `trellis`: the app owns the
    ///   terminal (so the supervisor holds its messages and offers a restart) only
    ///   when it runs interactively, as `run` decides: no `--headless`, no
    ///   `--script`, and a terminal on standard input and output.
    /// - Returns: In the app process, what its trees need to know: the routes that
    ///   crashed an earlier app process, to show as errors.
    @discardableResult
    public static func start(arguments: [String]) -> HostContext {
        guard CrashRecord.createShared() else { return HostContext() }
        // Routes that crashed an app process, shown as errors in the next.
        var crashedRoutes: [String: String] = [:]
        let serves = arguments.first == "serve"
        let isHeadless =
            serves || arguments.contains { $0 == "--headless" || $0 == "--script" || $0.hasPrefix("--script=") }
        let isTerminal = !isHeadless && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        var saved = termios()
        let hasTerminalSettings = isTerminal && tcgetattr(STDIN_FILENO, &saved) == 0
        // `serve`'s listening socket, once the app handed it down.
        var listener: Int32 = -1
        while true {
            guard let (pid, errors, wake, appChannel) = forkApp(parentDeathSignal: isTerminal ? SIGHUP : SIGKILL)
            else {
                return HostContext(crashedRoutes: crashedRoutes)
            }
            // In the app process: go on to run it.
            if pid == 0 { return HostContext(crashedRoutes: crashedRoutes) }
            child = pid
            forwardSignals()
            // On a terminal it draws on, the app owns the screen: its messages wait
            // until it ends. A line session (TERM=dumb) shows them as they come.
            let holdsOutput = isTerminal && Terminal.drawsScreens
            var watchdog = Watchdog(pid: pid, isTerminal: holdsOutput)
            let (status, stderrText) = wait(
                for: pid, errors: errors, wake: wake, holdingOutput: holdsOutput, watchdog: &watchdog)
            close(errors)
            if wake >= 0 { close(wake) }
            if appChannel >= 0 {
                let handed = trellis_receive_descriptor(appChannel)
                if listener < 0 { listener = handed } else if handed >= 0 { close(handed) }
                close(appChannel)
            }
            // Held output is shown once the app has given the terminal back.
            let unshown = holdsOutput ? stderrText : ""
            if watchdog.reason != nil {
                // The watchdog ended a stuck app: the app cannot have restored the terminal.
                if hasTerminalSettings { restoreTerminal(saved) }
                writeError(unshown)
                let report = watchdog.report()
                writeError(report)
                // Under `serve`, one tab's stuck screen ended every tab's session: it
                // is served again, as after a crash, where serving used to stop.
                if serves, let route = CrashReport(signal: Watchdog.reportSignal, stderr: "").route,
                    !crashedRoutes.keys.contains(route)
                {
                    crashedRoutes[route] = "its screen stopped responding"
                    serveAgain(route: route, report: report, listener: listener)
                    continue
                }
                exit(ExitStatus.crashed.rawValue)
            }
            if WaitStatus.exited(status), CrashRecord.hostExited(with: WaitStatus.exitCode(status)) {
                writeError(unshown)
                // A run started again after a crash still ends with the crash's status.
                let code = WaitStatus.exitCode(status)
                exit(code == ExitStatus.success.rawValue && !crashedRoutes.isEmpty ? ExitStatus.crashed.rawValue : code)
            }
            if WaitStatus.exited(status) {
                // An end the host did not choose: a plugin called `exit` or `_exit`.
                if hasTerminalSettings { restoreTerminal(saved) }
                writeError(unshown)
                let activity = CrashRecord.read(.activity)
                writeError(
                    Self.pluginExitMessage(
                        status: WaitStatus.exitCode(status), activity: activity, screen: CrashRecord.read(.routePath)))
                // In a terminal, offered a new start as a crash is, the route shown as an error.
                guard isTerminal, !serves, let route = CrashReport.route(inActivity: activity),
                    !crashedRoutes.keys.contains(route), askToRestart(route: route)
                else { exit(ExitStatus.crashed.rawValue) }
                crashedRoutes[route] = "its plugin ended the app (exit status \(WaitStatus.exitCode(status)))"
                continue
            }
            let signal = WaitStatus.signal(status)
            // A crash signal sent with `kill` is noted so by the app's handler: the app
            // did not crash. One with neither frames nor a note is a crash whose handler
            // could not run (the plugin blocked the signal, or a thread's stack ran out).
            guard Signals.crashSignals.contains(signal), CrashRecord.fault != .sent else {
                // SIGKILL (another process, the out-of-memory killer) gives the app no
                // chance to give the terminal back: the supervisor does, and says so.
                if hasTerminalSettings { restoreTerminal(saved) }
                writeError(unshown)
                if signal == SIGKILL { writeError(Self.killedMessage(screen: CrashRecord.read(.routePath))) }
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
                exit(128 + signal)
            }
            if hasTerminalSettings { restoreTerminal(saved) }
            let report = CrashReport(signal: signal, stderr: stderrText)
            writeError(report.text)
            if serves, let route = report.route, !crashedRoutes.keys.contains(route) {
                crashedRoutes[route] = report.summary
                serveAgain(route: route, report: report.text, listener: listener)
                continue
            }
            guard isTerminal, let route = report.route, !crashedRoutes.keys.contains(route), askToRestart(route: route)
            else {
                exit(ExitStatus.crashed.rawValue)
            }
            crashedRoutes[route] = report.summary
        }
    }

    /// Sets the next app process up to serve again at once, at the same address
    /// and on the kept `listener`, with `route` shown as an error in its place;
    /// the pages that come back are shown `report`.
    private static func serveAgain(route: String, report: String, listener: Int32) {
        setenv(servedAgainVariable, CrashRecord.read(.served) + (listener >= 0 ? " \(listener)" : ""), 1)
        setenv(crashReportVariable, String(report.prefix(16_384)), 1)
        writeError("trellis: serving again, with route \(route) shown as an error\n")
    }

    /// What the supervisor says when a plugin ended the app itself.
    static func pluginExitMessage(status: Int32, activity: String, screen: String) -> String {
        "trellis: a plugin ended the app (exit status \(status))"
            + (activity.isEmpty ? "" : " while \(activity.escapingControlCharacters)")
            + (screen.isEmpty ? "" : ", on screen \(screen.escapingControlCharacters)")
            + ". A plugin must not call exit; the app ends with status \(ExitStatus.crashed.rawValue), as for a crash."
    }

    /// What the supervisor says when the app was killed with SIGKILL.
    static func killedMessage(screen: String) -> String {
        "trellis: the app was killed (SIGKILL, sent by another process or the out-of-memory killer)"
            + (screen.isEmpty ? "" : " on screen \(screen.escapingControlCharacters)")
            + "; the terminal was restored."
    }

    /// Forks an app process whose standard error goes to a pipe, with the crash
    /// record cleared for it. In the app, returns pid 0; in the supervisor, the
    /// app's pid and the pipe's reading end; `nil` if the fork failed.
    /// - Parameter parentDeathSignal: What the app gets if the supervisor is killed:
    ///   SIGHUP where it owns a terminal it must give back (its handler does), else
    ///   SIGKILL, since a headless app may inherit SIGHUP ignored (`nohup`, a test
    ///   runner) and would run on, orphaned.
    /// - Returns: In the supervisor, the app's pid, the read ends of its standard
    ///   error and of its wake pipe, and the supervisor's end of the socket the
    ///   app hands its listening socket down (``keepListening(_:)``), each -1 for
    ///   none; in the app, a pid of 0; `nil` if the app could not be started.
    static func forkApp(parentDeathSignal: Int32 = SIGKILL) -> (
        pid: pid_t, errors: Int32, wake: Int32, channel: Int32
    )? {
        CrashRecord.clear()
        var errors: [Int32] = [-1, -1]
        guard pipe(&errors) == 0 else { return nil }
        // What wakes the supervisor's watchdog when the app starts a turn after an
        // idle wait: without it, the supervisor would wake on a timer.
        var wake: [Int32] = [-1, -1]
        if !makeQuietPipe(&wake) { wake = [-1, -1] }
        var channel: [Int32] = [-1, -1]
        if socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &channel) != 0 {
            channel = [-1, -1]
        }
        fflush(nil)
        let forkingThread = trellis_thread_id()
        let supervisor = getpid()
        let pid = fork()
        if pid < 0 {
            for descriptor in errors + wake + channel where descriptor >= 0 { close(descriptor) }
            return nil
        }
        if pid == 0 {
            // Before any Swift runtime or Dispatch lock is taken in the app.
            _ = trellis_refresh_thread_ids_after_fork(forkingThread)
            // Killed with SIGKILL, the supervisor cannot end the app: the kernel
            // sends it `parentDeathSignal` instead.
            _ = trellis_end_with_parent(parentDeathSignal, supervisor)
            // And a way to see it end that no plugin can turn off (one that
            // ignores SIGHUP, as daemon-style code does, ignores the signal).
            CrashRecord.supervisor = (supervisor, trellis_open_process_descriptor(supervisor))
            dup2(errors[1], STDERR_FILENO)
            close(errors[0])
            close(errors[1])
            if wake[0] >= 0 { close(wake[0]) }
            if channel[0] >= 0 { close(channel[0]) }
            CrashRecord.listenerChannel = channel[1]
            CrashRecord.wakeDescriptor = wake[1]
            CrashRecord.isSupervisor = false
            return (0, -1, -1, -1)
        }
        CrashRecord.isSupervisor = true
        close(errors[1])
        if wake[1] >= 0 { close(wake[1]) }
        if channel[1] >= 0 { close(channel[1]) }
        watchChildren()
        return (pid, errors[0], wake[0], channel[0])
    }

    /// The pipe SIGCHLD writes to: the supervisor learns at once that the app
    /// stopped (Ctrl-Z) or ended, with no timer.
    private static var childSignal: [Int32] {
        get { SignalShared.current.childSignal }
        set { SignalShared.current.childSignal = newValue }
    }

    /// A pipe whose ends neither block nor pass to a program the app runs.
    private static func makeQuietPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return true
    }

    private static func watchChildren() {
        guard childSignal[0] < 0, makeQuietPipe(&childSignal) else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = Glibc.write(Supervisor.childSignal[1], &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGCHLD, &action, nil)
    }

    /// Reads the app's standard error until it ends, passing it on at once or
    /// holding it, and returns the app's wait status and what it wrote.
    /// `watchdog` looks at the app's turn of work at every wake.
    static func wait(
        for pid: pid_t, errors: Int32, wake: Int32, holdingOutput: Bool,
        watchdog: inout Watchdog
    ) -> (Int32, String) {
        var held: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var open = true
        // The app's end of its wake pipe closes as it ends (or when a plugin
        // closes it): a pipe with no writer is readable for ever, so it is not
        // waited on after that; SIGCHLD and the timer still wake the loop.
        var wakes = wake >= 0
        // Without the pipes (they could not be made), wake on a timer instead.
        let hasPipes = wake >= 0 && childSignal[0] >= 0
        while true {
            var descriptors = [
                pollfd(fd: open ? errors : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakes ? wake : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: childSignal[0], events: Int16(POLLIN), revents: 0),
            ]
            var timeout = hasPipes ? watchdog.timeout() : 50
            if !wakes, timeout < 0 || timeout > 50 { timeout = 50 }
            if poll(&descriptors, nfds_t(descriptors.count), timeout) > 0 {
                for index in 1...2 where descriptors[index].revents != 0 {
                    var count = 0
                    repeat { count = read(descriptors[index].fd, &buffer, buffer.count) } while count > 0
                    if index == 1, count == 0 { wakes = false }
                }
                if descriptors[0].revents != 0 {
                    let count = read(errors, &buffer, buffer.count)
                    if count > 0 {
                        pass(buffer.prefix(count), to: &held, writing: !holdingOutput)
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        open = false
                    }
                }
            }
            watchdog.check()
            var status: Int32 = 0
            // Without blocking: SIGCHLD wakes the wait when the app stops or ends.
            let ended = waitpid(pid, &status, WNOHANG | WUNTRACED)
            if ended == pid {
                if WaitStatus.stopped(status) {
                    // The app stopped itself (Ctrl-Z): stop too, so the shell takes over; go on together.
                    raise(SIGSTOP)
                    watchdog.appResumed()
                    kill(pid, SIGCONT)
                    continue
                }
                // Whatever the app wrote last is still in the pipe. Read without
                // waiting: a helper the app started may hold the pipe open for
                // as long as it lives, and the app's end must not wait for it.
                if open { _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK) }
                while open {
                    let count = SystemCall.retrying { read(errors, &buffer, buffer.count) }
                    guard count > 0 else { break }
                    pass(buffer.prefix(count), to: &held, writing: !holdingOutput)
                }
                ImageMapping.removeFolders(ofProcess: pid)
                return (status, String(decoding: held, as: UTF8.self))
            }
        }
    }

    /// Keeps `chunk` for the report (a bounded tail: the fatal message is at the
    /// end) and, unless the app owns the terminal, writes it on at once.
    private static func pass(_ chunk: ArraySlice<UInt8>, to held: inout [UInt8], writing: Bool) {
        if writing { chunk.withUnsafeBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) } }
        held += chunk
        if held.count > 1 << 20 { held.removeFirst(held.count - (1 << 19)) }
    }

    /// Signals meant for the app (SIGTERM from `kill`, SIGINT from a terminal's
    /// Ctrl-C in cooked mode) reach it; the supervisor ends as it does.
    /// A crash signal sent with `kill` is forwarded too; one the supervisor's own
    /// code raised ends it as usual.
    static func forwardSignals() {
        // SIGTSTP too: sent to the supervisor's pid (`kill -TSTP`), it would stop the
        // supervisor alone and leave the app on screen; the app suspends itself as
        // for Ctrl-Z, and the supervisor follows when it sees the app stopped.
        let forwarded = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGWINCH, SIGTSTP]
        for signal in forwarded + Signals.crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { received, info, _ in
                if Signals.crashSignals.contains(received), isOwnSignal(info) {
                    Glibc.signal(received, SIG_DFL)
                    return
                }
                if Supervisor.child > 0 { kill(Supervisor.child, received) }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART | SA_SIGINFO
            sigaction(signal, &action, nil)
        }
        // A parent (a test runner) may have started us with some blocked.
        Signals.unblock(forwarded + Signals.crashSignals)
    }
}

/// The parts of a `waitpid` status (the C macros are not imported).
enum WaitStatus {
    static func exited(_ status: Int32) -> Bool { status & 0x7F == 0 }
    static func exitCode(_ status: Int32) -> Int32 { (status >> 8) & 0xFF }
    static func signal(_ status: Int32) -> Int32 { status & 0x7F }
    static func stopped(_ status: Int32) -> Bool { status & 0xFF == 0x7F }
}
