import TrellisSDK

/// Where and why a text is not valid JSON.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var reason: String
}

/// A strict JSON parser that reports the line and column of the first error.
///
/// Foundation's parsers give only a character offset, which is no help to someone
/// fixing a hand-written config.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
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
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return .number(try parseNumber())
        case nil: throw error("the text ends where a value should be")
        case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20):
            throw error("expected a value (strings need double quotes)")
        default: throw error("expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
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
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw error("expected ',' or '}' after a member")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error("expected ',' or ']' after an element")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            case 0..<0x20:
                index -= 1
                throw error("a control character in a string; write it as an escape such as \\n")
            default:
                scalars.append(byte)
            }
        }
        throw error("a string is not closed")
    }

    private mutating func appendEscape(to scalars: inout [UInt8]) throws(JSONSyntaxError) {
        guard let escape = current else { throw error("a string is not closed") }
        index += 1
        let simple: [UInt8: Character] = [
            UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
            UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n",
            UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
        ]
        if let character = simple[escape] {
            scalars.append(contentsOf: Array(String(character).utf8))
            return
        }
        guard escape == UInt8(ascii: "u") else {
            index -= 1
            throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
        }
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\") {
            index += 2
            let low = try parseHex4()
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("an escape names no Unicode character") }
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        index += 4
        return code
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        while let byte = current, Self.isNumberByte(byte) { index += 1 }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            index = start
            throw error("not a valid number")
        }
        return number
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected a value (strings need double quotes)")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        let before = bytes[..<min(index, bytes.count)]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
