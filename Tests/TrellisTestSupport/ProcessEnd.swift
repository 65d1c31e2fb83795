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

/// The files process `pid` has mapped (`/proc/PID/maps`, read to its end: a
/// `/proc` file says it is empty, and a read of its size stops early); empty
/// when it is gone.
public func mappedFiles(of pid: pid_t) -> String {
    guard let maps = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return "" }
    defer { try? maps.close() }
    return String(decoding: (try? maps.readToEnd()) ?? Data(), as: UTF8.self)
}

/// The processes `pid` started that are still its children.
public func childProcesses(of pid: pid_t) -> [pid_t] {
    guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/task/\(pid)/children") else { return [] }
    defer { try? file.close() }
    let text = String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
    return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}
