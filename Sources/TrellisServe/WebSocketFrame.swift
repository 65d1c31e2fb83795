/// A WebSocket message or control frame (RFC 6455), as the server reads them from
/// a browser and writes them back.
package enum WebSocketMessage: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong([UInt8])
    /// A close frame: its code (`nil` for none) and reason.
    case close(UInt16?, String)
}

/// Why a connection is closed, as a WebSocket close code (RFC 6455 §7.4.1).
package enum WebSocketCloseCode: UInt16, Sendable {
    case normal = 1000
    case goingAway = 1001
    case protocolError = 1002
    case unsupportedData = 1003
    case invalidPayload = 1007
    case policyViolation = 1008
    case messageTooBig = 1009
    case internalError = 1011
}

/// Reads a client's frames as they arrive, per RFC 6455: frames must be masked,
/// their reserved bits clear, control frames short and whole, fragments in order,
/// text valid UTF-8, and a message at most ``largestMessage`` bytes. A frame that
/// breaks a rule gives the close code to end the connection with.
package struct WebSocketFrameParser {
    /// What the bytes so far make.
    package enum Result: Equatable {
        case needMore
        case message(WebSocketMessage)
        case failed(WebSocketCloseCode, String)
    }

    package static let largestMessage = 1 << 20

    private var buffer: [UInt8] = []
    private var start = 0
    /// A fragmented message being put together: whether text, and its bytes.
    private var fragments: (isText: Bool, bytes: [UInt8])?

    package mutating func feed(_ bytes: some Collection<UInt8>) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next message the bytes hold, if whole.
    package mutating func next() -> Result {
        while true {
            let available = buffer.count - start
            guard available >= 2 else { return .needMore }
            let first = buffer[start]
            let second = buffer[start + 1]
            let isFinal = first & 0x80 != 0
            let opcode = first & 0x0F
            guard first & 0x70 == 0 else { return .failed(.protocolError, "a frame with reserved bits set") }
            guard second & 0x80 != 0 else { return .failed(.protocolError, "a frame from the browser not masked") }
            var length = Int(second & 0x7F)
            var headerLength = 2
            if length == 126 {
                guard available >= 4 else { return .needMore }
                length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                headerLength = 4
            } else if length == 127 {
                guard available >= 10 else { return .needMore }
                var value: UInt64 = 0
                for index in 2..<10 { value = value << 8 | UInt64(buffer[start + index]) }
                guard value <= UInt64(Self.largestMessage) else {
                    return .failed(.messageTooBig, "a frame of \(value) bytes")
                }
                length = Int(value)
                headerLength = 10
            }
            let isControl = opcode & 0x08 != 0
            if isControl, !isFinal || length > 125 {
                return .failed(.protocolError, "a control frame fragmented or longer than 125 bytes")
            }
            guard length <= Self.largestMessage, (fragments?.bytes.count ?? 0) + length <= Self.largestMessage else {
                return .failed(.messageTooBig, "a message longer than \(Self.largestMessage) bytes")
            }
            guard available >= headerLength + 4 + length else { return .needMore }
            let mask = Array(buffer[(start + headerLength)..<(start + headerLength + 4)])
            let payloadStart = start + headerLength + 4
            var payload = Array(buffer[payloadStart..<(payloadStart + length)])
            for index in payload.indices { payload[index] ^= mask[index & 3] }
            start = payloadStart + length

            switch opcode {
            case 0x0:
                // Taken out while it grows: a second reference would copy every byte so
                // far at each fragment (1.8 MB of 1-byte fragments cost 20 s).
                guard var message = fragments.take() else {
                    return .failed(.protocolError, "a continuation frame with no message to continue")
                }
                message.bytes += payload
                if isFinal { return Self.complete(isText: message.isText, message.bytes) }
                fragments = message
            case 0x1, 0x2:
                guard fragments == nil else {
                    return .failed(.protocolError, "a new message inside a fragmented one")
                }
                if isFinal { return Self.complete(isText: opcode == 0x1, payload) }
                fragments = (opcode == 0x1, payload)
            case 0x8:
                return Self.close(payload)
            case 0x9:
                return .message(.ping(payload))
            case 0xA:
                return .message(.pong(payload))
            default:
                return .failed(.protocolError, "a frame of unknown opcode \(opcode)")
            }
        }
    }

    private static func complete(isText: Bool, _ bytes: [UInt8]) -> Result {
        guard isText else { return .message(.binary(bytes)) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failed(.invalidPayload, "a text message that is not UTF-8")
        }
        return .message(.text(text))
    }

    private static func close(_ payload: [UInt8]) -> Result {
        guard !payload.isEmpty else { return .message(.close(nil, "")) }
        guard payload.count >= 2 else { return .failed(.protocolError, "a close frame of one byte") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        let isValid =
            [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011].contains(code) || (3000...4999).contains(code)
        guard isValid else { return .failed(.protocolError, "a close code \(code) no endpoint may send") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            return .failed(.invalidPayload, "a close reason that is not UTF-8")
        }
        return .message(.close(code, reason))
    }

    /// The bytes of a frame from the server (never masked), whole.
    package static func frame(_ message: WebSocketMessage) -> [UInt8] {
        let (opcode, payload): (UInt8, [UInt8]) =
            switch message {
            case let .text(text): (0x1, Array(text.utf8))
            case let .binary(bytes): (0x2, bytes)
            case let .ping(bytes): (0x9, Array(bytes.prefix(125)))
            case let .pong(bytes): (0xA, Array(bytes.prefix(125)))
            case let .close(code, reason):
                (0x8, code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] + Array(reason.utf8.prefix(123)) } ?? [])
            }
        var bytes: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126: bytes.append(UInt8(payload.count))
        case ..<65536: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [127] + (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
        }
        return bytes + payload
    }
}
