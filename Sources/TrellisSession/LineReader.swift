import Glibc
import TrellisLoop

/// Reads lines from a descriptor (standard input) on the event loop, so the main
/// actor's work keeps running while a person or a test takes its time.
///
/// Lines end at `\n`; a `\r` before it is dropped, so CRLF scripts read as typed.
/// Bytes that are not UTF-8 become U+FFFD.
@MainActor
public final class LineReader {
    /// The longest line accepted, in bytes.
    public static let maximumLineLength = 1 << 20

    /// Why a line could not be read.
    public enum Failure: Error, Equatable {
        /// The line has more than ``LineReader/maximumLineLength`` bytes.
        case lineTooLong(line: Int)
    }

    private let descriptor: Int32
    private let loop: EventLoop
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`, and how far it was searched.
    private var start = 0
    private var scanned = 0
    private var ended = false

    /// The number of lines read so far.
    public private(set) var lineNumber = 0

    /// Creates a reader of `descriptor` that waits on `loop`.
    public init(descriptor: Int32, loop: EventLoop) {
        self.descriptor = descriptor
        self.loop = loop
    }

    /// The next line, waiting for it; `nil` once input has ended.
    ///
    /// - Parameter whileWaiting: Called at least every quarter of a second while
    ///   no line has come (a screen whose work outlasted the wait for it is shown
    ///   when the work ends); `nil` waits without a limit.
    /// - Throws: ``Failure/lineTooLong(line:)`` for a line over the limit.
    public func nextLine(whileWaiting: (() -> Void)? = nil) throws(Failure) -> String? {
        while true {
            if let end = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                // As `--script` does, however the line arrived.
                guard end - start <= Self.maximumLineLength else { throw .lineTooLong(line: lineNumber + 1) }
                return take(upTo: end, dropping: 1)
            }
            scanned = buffer.count
            guard buffer.count - start <= Self.maximumLineLength else { throw .lineTooLong(line: lineNumber + 1) }
            if ended {
                return start == buffer.count ? nil : take(upTo: buffer.count, dropping: 0)
            }
            let deadline = whileWaiting.map { _ in loop.now + .milliseconds(250) }
            if loop.wait(for: [descriptor], until: deadline).contains(descriptor) { fill() }
            whileWaiting?()
        }
    }

    private func take(upTo end: Int, dropping separator: Int) -> String {
        var line = buffer[start..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let text = String(decoding: line, as: UTF8.self)
        start = end + separator
        scanned = start
        lineNumber += 1
        return text
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(descriptor, &chunk, chunk.count)
        if count > 0 {
            // Dropping the lines already read keeps the buffer to one chunk and a line.
            buffer.removeSubrange(..<start)
            scanned -= start
            start = 0
            buffer.append(contentsOf: chunk.prefix(count))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            ended = true
        }
    }
}
