import Foundation

/// What a finished `trellis` process wrote and how it ended.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the built `trellis` binary, as a user would.
public enum TrellisProcess {
    /// The environment `trellis` runs in under the tests: the test's own, with
    /// leaks fatal (`TRELLIS_LEAKS=fatal`) unless the caller's environment says
    /// otherwise, so every end-to-end run also checks that detached routes go away.
    /// A headless step waits up to 60 s for the screen (`TRELLIS_TIMEOUT`): a
    /// guard against a real hang, never a measure of speed (Airports loading its
    /// cities took over the default 5 s on a machine running two suites and a build).
    public static var environment: [String: String] {
        // The Notes demo keeps its notes under XDG_DATA_HOME: the tests' own, never the user's.
        ProcessInfo.processInfo.environment.merging([
            "TRELLIS_LEAKS": "fatal",
            "TRELLIS_TIMEOUT": "60",
            "XDG_DATA_HOME": FileManager.default.temporaryDirectory.path + "/trellis-tests-data",
        ]) { own, _ in own }
    }

    /// Runs `trellis` with `arguments`, feeding `input` on standard input, and waits.
    ///
    /// - Parameters:
    ///   - arguments: The command line after `trellis`.
    ///   - input: Written to standard input, which is then closed.
    ///   - directory: The working folder; the repository unless given.
    ///   - executable: The binary; the built `trellis` unless given.
    ///   - timeLimit: How long it may run before it is ended and its result says
    ///     so: ``Watchdog/limit`` unless given (a build takes more: ``SwiftBuild/timeLimit``).
    public static func run(
        _ arguments: [String],
        input: String = "",
        in directory: URL = Products.repository,
        executable: URL = Products.trellis,
        timeLimit: TimeInterval = Watchdog.limit
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = TrellisProcess.environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let watchdog = Watchdog(process, limit: timeLimit)
        defer { watchdog.cancel() }
        // Written on another thread, so a large input and a full output pipe cannot
        // block each other; a child that stops reading early ends the write.
        let feeder = InputFeeder(input, to: stdin.fileHandleForWriting)
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let errorData = OutputCollector(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        feeder.wait()
        var errors = String(decoding: errorData.wait(), as: UTF8.self)
        if watchdog.fired {
            errors +=
                "\n[the tests ended `\(([executable.lastPathComponent] + arguments).joined(separator: " "))`: "
                + "it timed out after \(Int(timeLimit)) s]\n"
        }
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self), stderr: errors)
    }
}

extension TrellisProcess {
    /// ``run(_:input:in:executable:timeLimit:)``, waited for on a thread of its own
    /// (``blocking(_:)``): for tests that run builds or other long processes.
    public static func run(
        _ arguments: [String],
        input: String = "",
        in directory: URL = Products.repository,
        executable: URL = Products.trellis,
        timeLimit: TimeInterval = Watchdog.limit
    ) async throws -> ProcessResult {
        try await blocking {
            try run(arguments, input: input, in: directory, executable: executable, timeLimit: timeLimit)
        }
    }
}

/// Ends a process that outlives any reasonable run, so a hang fails a test instead
/// of stalling the suite.
public final class Watchdog: @unchecked Sendable {
    /// How long a `trellis` run may take by default: five minutes, a guard against
    /// a real hang only. A run the tests start takes seconds, but a two-core machine
    /// loaded by other builds has stretched one past a minute, and a test must not
    /// fail for the machine's speed.
    public static let limit: TimeInterval = 5 * 60
    private final class Flag: @unchecked Sendable {
        let lock = NSLock()
        var value = false
    }
    private let item: DispatchWorkItem
    private let flag: Flag

    init(_ process: Process, limit: TimeInterval = Watchdog.limit) {
        let flag = Flag()
        self.flag = flag
        item = DispatchWorkItem {
            guard process.isRunning else { return }
            flag.lock.withLock { flag.value = true }
            process.terminate()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: item)
    }

    /// Whether it ended the process.
    var fired: Bool { flag.lock.withLock { flag.value } }

    func cancel() {
        item.cancel()
    }
}

/// Writes a child's standard input on another thread, then closes it. SIGPIPE is
/// ignored in the test process: a child that exits before reading everything
/// (a script that fails on its first line) ends the write with EPIPE, not the tests.
final class InputFeeder: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(_ text: String, to handle: FileHandle) {
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread { [done] in
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    write(handle.fileDescriptor, $0.baseAddress! + offset, bytes.count - offset)
                }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            try? handle.close()
            done.signal()
        }
    }

    func wait() {
        done.wait()
    }
}

/// Reads a pipe to its end on another thread.
final class OutputCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Runs blocking `work` (a build, a process) on a thread of its own and waits for
/// it without holding one of Swift concurrency's few threads: the tests share them
/// with every in-process test's tasks, and a test blocked in a build for minutes
/// on each of a two-core machine's threads left those tasks no thread to run on.
public func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
