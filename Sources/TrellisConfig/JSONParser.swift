import TrellisSDK

/// Where and why a text is not valid JSON.
package struct JSONSyntaxError: Error, Equatable {
    package var line: Int
    package var column: Int
    package var reason: String

    package init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }
}

/// A strict JSON parser (RFC 8259) that reports the line and column of the first
/// error.
///
/// Foundation's parsers give only a character offset, which is no help to someone
/// fixing a hand-written config. Input is bytes, checked as UTF-8 as it is read; a
/// byte order mark, invalid UTF-8, unpaired surrogates, leading zeros and other
/// near-JSON are refused. Nesting is limited to ``maximumDepth`` so no input can
/// exhaust the stack.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    package static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw parser.error("the file starts with a byte order mark; save it as UTF-8 without one")
        }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        switch current {
        case UInt8(ascii: "{"):
            return try nested { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.parseObject() }
        case UInt8(ascii: "["):
            return try nested { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case let byte? where byte == UInt8(ascii: "-") || Self.isDigit(byte):
            return .number(try parseNumber())
        case nil: throw error("the text ends where a value should be")
        case let byte? where byte >= 0x80:
            throw error("unexpected character outside a string, or text that is not UTF-8")
        case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20):
            throw error("expected a value (strings need double quotes)")
        default: throw error("expected a value")
        }
    }

    private mutating func nested(_ parse: (inout JSONParser) throws(JSONSyntaxError) -> JSONValue)
        throws(JSONSyntaxError) -> JSONValue
    {
        guard depth < Self.maximumDepth else {
            throw error("arrays and objects are nested deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
        defer { depth -= 1 }
        return try parse(&self)
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            let key = try parseString()
            guard members[key] == nil else {
                index = keyStart
                throw error("the key \"\(key)\" appears twice")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}' after a member")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']' after an element")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var utf8: [UInt8] = []
        var runStart = index
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                utf8.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[runStart..<index])
                index += 1
                try appendEscape(to: &utf8)
                runStart = index
            case 0..<0x20:
                throw error("a control character in a string; write it as an escape such as \\n")
            case 0..<0x80:
                index += 1
            default:
                try skipUTF8Sequence()
            }
        }
        throw error("a string is not closed")
    }

    /// Steps over one multi-byte UTF-8 character, or fails on invalid UTF-8.
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let (length, lowest, highest): (Int, UInt8, UInt8) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xE1...0xEF: (3, 0x80, 0xBF)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            default: (0, 0, 0)
            }
        guard length > 0, bytes.count - index >= length,
            (lowest...highest).contains(bytes[index + 1]),
            bytes[index + 2..<index + length].allSatisfy({ (0x80...0xBF).contains($0) })
        else { throw error("the text is not valid UTF-8 here; save the file as UTF-8") }
        index += length
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let escape = current else { throw error("a string is not closed") }
        index += 1
        let simple: UInt8? =
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escape
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            utf8.append(simple)
            return
        }
        guard escape == UInt8(ascii: "u") else {
            index -= 1
            throw error("unknown escape '\\\(escape < 0x80 && escape >= 0x20 ? String(UnicodeScalar(escape)) : "?")'")
        }
        var code = try parseHex4()
        if (0xDC00...0xDFFF).contains(code) {
            throw error("a \\u escape is the second half of a surrogate pair without the first")
        }
        if (0xD800...0xDBFF).contains(code) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw error("a \\u escape is the first half of a surrogate pair without the second")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("a surrogate pair's second \\u escape is not a low surrogate (DC00 to DFFF)")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("an escape names no Unicode character") }
        utf8.append(contentsOf: String(scalar).utf8)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u") }
        var code: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                default: throw error("expected four hex digits after \\u")
                }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite.
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw error("a number needs a digit after '-'") }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, Self.isDigit(next) {
            throw error("a number cannot start with 0 (write 123, not 0123)")
        }
        skipDigits()
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, Self.isDigit(digit) else { throw error("a number needs digits after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw error("a number needs digits in its exponent") }
            skipDigits()
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
            index = start
            throw error("the number is too large")
        }
        return number
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches =
            bytes.count - index >= count
            && word.withUTF8Buffer { expected in
                bytes[index..<index + count].elementsEqual(expected)
            }
        guard matches else { throw error("expected a value (strings need double quotes)") }
        index += count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The error at the current position: lines counted in one pass, the column in
    /// characters of that line.
    private func error(_ reason: String) -> JSONSyntaxError {
        let end = min(index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
