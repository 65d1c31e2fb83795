import Foundation
import Glibc
import TrellisHost

/// Seconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The seconds `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return now() - start
}

/// The median of `samples`.
func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs a program with standard input from `input` and output discarded, and
/// returns the wall time it took, in seconds (`nan` if it failed). Waits for it
/// without polling: the peak memory's polling would wake every 2 ms, round the
/// time up to the next wake and take a core from the program.
func timeProcess(_ arguments: [String], input: String) -> Double {
    measureProcess(arguments, input: input, samplingPeak: false).seconds
}

/// Runs a program as ``timeProcess(_:input:)`` does, and returns the wall time and
/// its peak resident set in KiB, both `nan` if it failed. The peak is read from
/// `/proc/PID/status` (`VmHWM`) while the program runs: `wait4`'s figure starts
/// from the spawning process's own, which `posix_spawn` shares until `exec`.
func measureProcess(
    _ arguments: [String], input: String, environment: [String] = [],
    samplingPeak: Bool = true
) -> (seconds: Double, peakKiB: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    var inherited: [String] = []
    var entry = environ
    while let variable = entry.pointee {
        inherited.append(String(cString: variable))
        entry += 1
    }
    let envp: [UnsafeMutablePointer<CChar>?] = (inherited + environment).map { strdup($0) } + [nil]
    defer { envp.forEach { free($0) } }
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return (.nan, .nan) }
    var status: Int32 = 0
    var peak = Double.nan
    while true {
        let done = waitpid(pid, &status, samplingPeak ? WNOHANG : 0)
        if done == pid || (done < 0 && errno != EINTR) { break }
        if let high = highWaterKiB(of: pid) { peak = high }
        usleep(2000)
    }
    let elapsed = now() - start
    return status == 0 ? (elapsed, peak) : (.nan, .nan)
}

/// `VmHWM` of a running process, in KiB.
func highWaterKiB(of pid: pid_t) -> Double? {
    statusKiB("VmHWM", of: "\(pid)")
}

/// This process's resident set (`VmRSS`), in KiB, `nan` if it cannot be read.
func residentKiB() -> Double {
    statusKiB("VmRSS", of: "self") ?? .nan
}

/// A `field: N kB` line of `/proc/PROCESS/status`, in KiB.
private func statusKiB(_ field: String, of process: String) -> Double? {
    guard let file = fopen("/proc/\(process)/status", "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, file) > 0, let line {
        let text = String(cString: line)
        guard text.hasPrefix(field + ":") else { continue }
        return Double(
            text.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
    return nil
}

/// Runs `arguments` and waits; `false` if it failed.
func run(_ arguments: [String]) -> Bool {
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], nil, nil, argv, environ) == 0 else { return false }
    var status: Int32 = 0
    _ = SystemCall.retrying { waitpid(pid, &status, 0) }
    return status == 0
}
