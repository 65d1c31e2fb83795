import Foundation

/// Waits for the process `pid` to end (gone, or a zombie its parent has not
/// reaped), polling every 50 ms for at most `seconds`: a guard against a real
/// hang, not a timing claim.
///
/// - Returns: Whether it ended; one that did not is killed, so no test leaves it
///   running.
public func waitForProcessEnd(_ pid: pid_t, seconds: Int) -> Bool {
    var alive = true
    for _ in 0..<(seconds * 20) where alive {
        usleep(50_000)
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        alive = kill(pid, 0) == 0 && !state.contains(") Z ")
    }
    if alive { kill(pid, SIGKILL) }
    return !alive
}
