import Foundation
import TrellisSDK

/// What crosses between the host and a route it runs in a process of its own
/// (`"isolation": "process"`): data only, one JSON object a message.
package enum IsolationMessage: Codable, Equatable {
    /// The isolated screen's views, whole (to the host).
    case screen(MirroredView)
    /// What changed in the contents of the screen sent last (to the host).
    case patch([ScreenPatch])
    /// The screen asked its parent to close it (to the host).
    case dismiss
    /// The screen sent its parent a ``ScreenEvent`` of the type named, as its
    /// JSON (to the host).
    case event(name: String, json: String)
    /// Something the user should know, for the status line (to the host).
    case notice(String)
    /// The actions and backs sent so far are done, and the screen they led to
    /// sent (to the host): the app waits for it, as it waits for a plugin of its own.
    case handled
    /// The user acted on the view at `path` (to the isolated route).
    case action(path: MirroredView.Path, ViewAction)
    /// The user went back from the view at `path`, confirmed if it asks
    /// (to the isolated route).
    case back(path: MirroredView.Path)
    /// Asks for the state its root saves for a live swap (``StatePreserving``),
    /// to the isolated route, which answers with ``preserved(_:)``.
    case preserve
    /// That state as JSON, `nil` when it saves none (to the host).
    case preserved(String?)
    /// Whether its main thread is free (to the isolated route), which it
    /// answers with ``alive``.
    case ping
    /// The answer to ``ping`` (to the host).
    case alive
}

/// Messages on a stream socket: each is its length (4 bytes, big-endian) and its
/// JSON. What comes from the other end is checked before it is decoded: its
/// length, and how deeply its JSON nests.
package struct IsolationChannel {
    /// The largest message either end takes.
    package static let largestMessage = 64 << 20
    /// How deeply a message's JSON may nest: a view 64 levels deep (the most the
    /// layout draws) nests about three levels of JSON a view.
    static let deepestNesting = 256

    package let descriptor: Int32
    private var buffer: [UInt8] = []

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends `message` whole; `false` when the other end is gone, or, with a
    /// `limit`, has not read enough of what was sent for the rest to fit within
    /// it (the app never blocks on a route's process).
    package func send(_ message: IsolationMessage, waitingAtMost limit: Duration? = nil) -> Bool {
        guard let json = try? JSONEncoder().encode(message), json.count <= Self.largestMessage else { return false }
        return send(bytes: Self.framed(Array(json)), waitingAtMost: limit)
    }

    /// `payload` as one frame: its length in four bytes, big-endian, then itself.
    package static func framed(_ payload: [UInt8]) -> [UInt8] {
        let count = UInt32(truncatingIfNeeded: payload.count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            + payload
    }

    /// Sends `bytes` whole, as ``send(_:waitingAtMost:)`` does.
    package func send(bytes: [UInt8], waitingAtMost limit: Duration? = nil) -> Bool {
        let flags = Int32(MSG_NOSIGNAL) | (limit == nil ? 0 : Int32(MSG_DONTWAIT))
        let deadline = limit.map { ContinuousClock.now + $0 }
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, flags) }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK, let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return false }
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, Int32(left.components.seconds * 1000 + 1))
                continue
            }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    /// The most one ``receive()`` reads: an end that writes without pause is
    /// read a part at a time, and the reader's loop turns in between.
    package static let readBudget = 4 << 20

    /// What the other end sent: the whole messages read so far (up to
    /// ``readBudget`` bytes more), whether the other end is gone, and what was
    /// wrong with a message it sent (which ends the channel).
    package mutating func receive() -> (messages: [IsolationMessage], ended: Bool, problem: String?) {
        let (messages, ended, problem, _) = receiveCounting()
        return (messages, ended, problem)
    }

    /// ``receive()``, and how many bytes it read.
    mutating func receiveCounting() -> (messages: [IsolationMessage], ended: Bool, problem: String?, bytes: Int) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var ended = false
        var read = 0
        while read < Self.readBudget {
            let count = chunk.withUnsafeMutableBytes {
                Glibc.recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                buffer += chunk[..<count]
                read += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            ended = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            break
        }
        var messages: [IsolationMessage] = []
        // Where the next message starts: what is read is removed once, at the end.
        var start = 0
        defer { buffer.removeFirst(start) }
        while buffer.count - start >= 4 {
            let length = buffer[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= Self.largestMessage else {
                return (
                    messages, true,
                    "a message of \(length) bytes, more than the \(Self.largestMessage >> 20) MiB taken",
                    read
                )
            }
            guard buffer.count - start >= 4 + length else { break }
            let json = Array(buffer[(start + 4)..<(start + 4 + length)])
            start += 4 + length
            guard Self.nesting(of: json) <= Self.deepestNesting else {
                return (messages, true, "a message nested more than \(Self.deepestNesting) levels deep", read)
            }
            guard let message = try? JSONDecoder().decode(IsolationMessage.self, from: Data(json)) else {
                return (messages, true, "a message that is not one this trellis reads", read)
            }
            messages.append(message)
        }
        return (messages, ended, nil, read)
    }

    /// How deeply `json` nests its arrays and objects (strings skipped), counted
    /// without recursion.
    package static func nesting(of json: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

/// How many messages a route's process may send that the app did not ask for:
/// ``perSecond`` in any second, besides a screen and ``IsolationMessage/handled``
/// for each action and an ``IsolationMessage/alive`` for each ping. Its own
/// screens come at most once a frame interval (60 a second), so a process past
/// the limit is not a plugin's doing through the SDK: it is cut off.
package struct FloodLimit {
    package static let perSecond = 1_000
    /// The most bytes read in any second, asked for or not: two of the largest
    /// messages.
    static let bytesPerSecond = 2 * IsolationChannel.largestMessage

    private var windowStart = ContinuousClock.now
    private var unasked = 0
    private var bytes = 0

    /// Notes that the app asked for `count` answers.
    package mutating func expectAnswers(_ count: Int) {
        unasked -= count
    }

    /// Notes `count` messages received: what was wrong when they are too many.
    package mutating func count(_ count: Int, bytes read: Int = 0) -> String? {
        let now = ContinuousClock.now
        if windowStart.duration(to: now) >= .seconds(1) {
            windowStart = now
            // Answers still to come carry over, a second's worth at most.
            unasked = max(min(unasked, 0), -Self.perSecond)
            bytes = 0
        }
        unasked += count
        bytes += read
        if bytes > Self.bytesPerSecond {
            return "more than \(Self.bytesPerSecond >> 20) MiB in a second (a flood)"
        }
        guard unasked > Self.perSecond else { return nil }
        return "more than \(Self.perSecond) messages in a second the app did not ask for (a flood)"
    }
}
