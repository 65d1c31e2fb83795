import Foundation
import Glibc

/// A plain TCP client for `trellis serve`'s tests: raw HTTP requests, and a
/// WebSocket's frames masked as a browser masks them.
public final class WebTestClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Whether the server closed: a close frame came, or the connection ended
    /// (not a read that timed out).
    public private(set) var sawClose = false

    /// Connects to 127.0.0.1:`port`.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // Long, for a loaded machine: a test waits this long only when it fails.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    }

    deinit { close(descriptor) }

    /// Sends `bytes` whole.
    public func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            // Not `write`: a server that closed must not end the tests with SIGPIPE.
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Sends a request for `target` with `fields` after its Host.
    public func request(_ target: String, host: String, _ fields: [String] = []) {
        send(Array((["GET \(target) HTTP/1.1", "Host: \(host)"] + fields + ["", ""]).joined(separator: "\r\n").utf8))
    }

    /// Reads a response's head and its body (by Content-Length); a 101's head only.
    public func response() -> (head: String, body: String) {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count >= end + 4 + length {
                    let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    buffer.removeFirst(end + 4 + length)
                    return (head, body)
                }
            }
            guard fill() else { return (String(decoding: buffer, as: UTF8.self), "") }
        }
    }

    /// Sends `text` as a masked text frame.
    public func sendText(_ text: String) {
        let payload = Array(text.utf8)
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        send(frame + mask + payload.enumerated().map { $1 ^ mask[$0 & 3] })
    }

    /// Waits up to `seconds` for each read from now on (60 at first): for work
    /// that takes a debug host long on a loaded machine. A guard against a
    /// real hang, reached only when the test fails.
    public func waitForEachRead(upTo seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next text frame's text, or `nil` when the connection closed or a
    /// close frame came.
    public func nextText() -> String? {
        while true {
            if buffer.count >= 2 {
                var length = Int(buffer[1] & 0x7F)
                var start = 2
                if length == 126, buffer.count >= 4 {
                    length = Int(buffer[2]) << 8 | Int(buffer[3])
                    start = 4
                } else if length == 127, buffer.count >= 10 {
                    length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
                    start = 10
                }
                if length < 126 || start > 2, buffer.count >= start + length {
                    let opcode = buffer[0] & 0x0F
                    let payload = Array(buffer[start..<(start + length)])
                    buffer.removeFirst(start + length)
                    if opcode == 0x8 {
                        sawClose = true
                        return nil
                    }
                    if opcode == 0x1 { return String(decoding: payload, as: UTF8.self) }
                    continue
                }
            }
            guard fill() else { return nil }
        }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 { sawClose = true }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        return (0...(buffer.count - pattern.count)).first { Array(buffer[$0..<($0 + pattern.count)]) == pattern }
    }
}
