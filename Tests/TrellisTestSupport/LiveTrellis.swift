import Foundation

/// A `trellis run` process driven one command at a time through standard input,
/// as a test drives a live host step by step.
public final class LiveTrellis {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let watchdog: Watchdog
    private var buffer = ""
    private var errorBuffer = ""

    /// Starts `trellis` with `arguments`.
    /// The pid of the `trellis` process (the supervisor, for `run`).
    public var processIdentifier: Int32 { process.processIdentifier }

    public init(_ arguments: [String], in directory: URL = Products.repository) throws {
        process.executableURL = Products.trellis
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = TrellisProcess.environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        watchdog = Watchdog(process)
    }

    /// Sends one command line and returns everything written until `marker`
    /// appears in standard output (the marker included).
    ///
    /// - Returns: The output, or what there was when the process ended first.
    public func send(_ command: String, readingThrough marker: String) -> String {
        input.fileHandleForWriting.write(Data("\(command)\n".utf8))
        while !buffer.contains(marker) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = buffer.range(of: marker) else {
            defer { buffer = "" }
            return buffer
        }
        let result = String(buffer[..<range.upperBound])
        buffer.removeSubrange(..<range.upperBound)
        return result
    }

    /// Waits until `marker` appears in standard error, for what the host says on
    /// its own (a live swap's report), and returns everything written until then.
    ///
    /// - Returns: The output, or what there was when the process ended first.
    public func readErrors(through marker: String) -> String {
        while !errorBuffer.contains(marker) {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            errorBuffer += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = errorBuffer.range(of: marker) else { return errorBuffer }
        let result = String(errorBuffer[..<range.upperBound])
        errorBuffer.removeSubrange(..<range.upperBound)
        return result
    }

    /// Closes standard input and waits for the process to end.
    public func finish() throws -> ProcessResult {
        try input.fileHandleForWriting.close()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: buffer + String(decoding: rest, as: UTF8.self),
            stderr: errorBuffer + String(decoding: errorText, as: UTF8.self))
    }
}
