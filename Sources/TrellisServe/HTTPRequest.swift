/// An HTTP/1.1 request's head: what `trellis serve` reads of a request (it takes
/// no bodies).
package struct HTTPRequest: Equatable, Sendable {
    /// `GET` or `HEAD`.
    package var method: String
    /// The path and query, as sent (`/`, `/?token=…`, `/socket`).
    package var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// The header fields in order, names as sent.
    package var headers: [(name: String, value: String)]

    package static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.method == right.method && left.target == right.target && left.version == right.version
            && left.headers.elementsEqual(right.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The value of the header `name` (case-insensitive); several are joined
    /// with `, `, as RFC 9110 §5.3 allows for list-valued fields.
    package func header(_ name: String) -> String? {
        let values = headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// How many times the header `name` was sent.
    package func count(of name: String) -> Int {
        headers.count { $0.name.lowercased() == name.lowercased() }
    }

    /// The target's path, without its query.
    package var path: String { String(target.prefix { $0 != "?" }) }

    /// The value of the query parameter `name`, percent-decoded, if the target has it.
    package func query(_ name: String) -> String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return parts.count == 2 ? HTTPRequest.percentDecoded(parts[1]) : "" }
        }
        return nil
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless it
    /// says `close`, HTTP/1.0 only when it asks for keep-alive.
    package var keepsAlive: Bool {
        let connection = header("Connection")?.lowercased() ?? ""
        return version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    }

    /// `text` with its `%XX` escapes decoded, if they are whole and make UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if byte == UInt8(ascii: "%") {
                let digits = text.utf8[index...].dropFirst().prefix(2)
                guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else {
                    return nil
                }
                bytes.append(value)
                index = text.utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = text.utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// Reads requests from a connection's bytes as they arrive, within limits: a
/// head of at most 16 KiB and 100 fields, no body, no `Transfer-Encoding`.
/// Anything else is answered with a status and the connection closed.
package struct HTTPRequestParser {
    /// What the bytes so far make.
    package enum Result: Equatable {
        /// A request's head is not whole yet.
        case needMore
        /// A request, its head's bytes consumed.
        case request(HTTPRequest)
        /// A request that is refused with `status` (the connection then closes).
        case refused(HTTPStatus, String)
    }

    static let largestHead = 16 * 1024
    static let mostFields = 100

    private var buffer: [UInt8] = []

    /// Adds bytes read from the connection.
    package mutating func feed(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next request the bytes hold, if whole.
    package mutating func next() -> Result {
        guard let end = Self.headEnd(in: buffer) else {
            return buffer.count > Self.largestHead
                ? .refused(.headerFieldsTooLarge, "a request head longer than \(Self.largestHead) bytes") : .needMore
        }
        guard end <= Self.largestHead else {
            return .refused(.headerFieldsTooLarge, "a request head longer than \(Self.largestHead) bytes")
        }
        let head = Array(buffer[..<end])
        buffer.removeFirst(end + 4)
        return Self.parse(head)
    }

    /// Bytes received after the last request's head (a WebSocket's first frames).
    mutating func takeRest() -> [UInt8] {
        defer { buffer = [] }
        return buffer
    }

    /// Where the blank line that ends a head starts.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func parse(_ head: [UInt8]) -> Result {
        // Field values may hold bytes beyond ASCII (obs-text); they are kept as
        // Latin-1 would show them, never as invalid UTF-8.
        guard !head.contains(where: { $0 == 0 || ($0 < 32 && $0 != 13 && $0 != 10 && $0 != 9) }) else {
            return .refused(.badRequest, "a control character in the request head")
        }
        let text = String(head.map { Character(Unicode.Scalar($0)) })
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { return .refused(.badRequest, "a malformed request line") }
        let (method, target, version) = (String(requestLine[0]), String(requestLine[1]), String(requestLine[2]))
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .refused(.versionNotSupported, "HTTP version \(version.prefix(16))")
        }
        // No backslash: browsers read `/\\host` as `//host`, another site.
        guard target.hasPrefix("/"), target.utf8.count <= 4096,
            !target.contains(where: { $0 == " " || $0 == "\\" || $0 > "~" })
        else { return .refused(.badRequest, "a request target that is not a path") }
        guard lines.count <= mostFields else {
            return .refused(.headerFieldsTooLarge, "more than \(mostFields) fields")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { return .refused(.badRequest, "a malformed header field") }
            let value = line[line.index(after: colon)...].trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            headers.append(
                (String(line[..<colon]), String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())))
        }
        let request = HTTPRequest(method: method, target: target, version: version, headers: headers)
        guard method == "GET" || method == "HEAD" else {
            return .refused(.methodNotAllowed, "method \(method.prefix(16)): only GET and HEAD")
        }
        if request.header("Transfer-Encoding") != nil {
            return .refused(.notImplemented, "a body with Transfer-Encoding: requests here have no body")
        }
        if let length = request.header("Content-Length"), length != "0" {
            return .refused(.contentTooLarge, "a request body: requests here have none")
        }
        guard version == "HTTP/1.0" || request.count(of: "Host") == 1 else {
            return .refused(.badRequest, "HTTP/1.1 needs exactly one Host field")
        }
        return .request(request)
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while drop: (Character) -> Bool) -> Substring {
        self[(firstIndex { !drop($0) } ?? endIndex)...]
    }
}

/// The statuses `trellis serve` answers with.
package enum HTTPStatus: Int, Sendable {
    case switchingProtocols = 101
    case ok = 200
    case found = 302
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case contentTooLarge = 413
    case upgradeRequired = 426
    case headerFieldsTooLarge = 431
    case notImplemented = 501
    case serviceUnavailable = 503
    case versionNotSupported = 505

    package var reason: String {
        switch self {
        case .switchingProtocols: "Switching Protocols"
        case .ok: "OK"
        case .found: "Found"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .contentTooLarge: "Content Too Large"
        case .upgradeRequired: "Upgrade Required"
        case .headerFieldsTooLarge: "Request Header Fields Too Large"
        case .notImplemented: "Not Implemented"
        case .serviceUnavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
