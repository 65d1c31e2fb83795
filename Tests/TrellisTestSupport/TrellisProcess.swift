import Foundation

/// What a finished `trellis` process wrote and how it ended.
public struct ProcessResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the built `trellis` binary, as a user would.
public enum TrellisProcess {
    /// Runs `trellis` with `arguments`, feeding `input` on standard input, and waits.
    ///
    /// - Parameters:
    ///   - arguments: The command line after `trellis`.
    ///   - input: Written to standard input, which is then closed.
    ///   - directory: The working folder; the repository unless given.
    ///   - executable: The binary; the built `trellis` unless given.
    public static func run(
        _ arguments: [String],
        input: String = "",
        in directory: URL = Products.repository,
        executable: URL = Products.trellis
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let watchdog = Watchdog(process)
        defer { watchdog.cancel() }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let errorData = OutputCollector(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: outputData, as: UTF8.self),
                             stderr: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// Ends a process that outlives any reasonable run, so a hang fails a test instead
/// of stalling the suite.
final class Watchdog: @unchecked Sendable {
    static let limit: TimeInterval = 60
    private let item: DispatchWorkItem

    init(_ process: Process) {
        item = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + Watchdog.limit, execute: item)
    }

    func cancel() {
        item.cancel()
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
