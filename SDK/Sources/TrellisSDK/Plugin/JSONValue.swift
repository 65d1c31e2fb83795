/// A JSON value, as the route config hands parameters to a plugin's builder.
///
/// Frozen: JSON has these six kinds of value and no other (RFC 8259), so a plugin
/// may switch over them without a default.
@frozen
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON does not tell integers apart.
    case number(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object: its members by name.
    case object([String: JSONValue])

    /// The value at `key` of an object; `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members[key]
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    public var numberValue: Double? {
        if case let .number(value) = self { return value }
        return nil
    }

    /// The members of an object merged with `other`'s, `other` winning on a clash.
    /// A non-object on either side gives `other`.
    public func merging(_ other: JSONValue) -> JSONValue {
        guard case let .object(mine) = self, case let .object(theirs) = other else { return other }
        return .object(mine.merging(theirs) { _, new in new })
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral {
    /// A string, written as a literal: `"abc"`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// An object, written as a literal: `["title": "Hi"]`.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }
}

/// Numbers, booleans and arrays written as literals, as a config writes them:
/// `["count": 3, "clock": true, "names": ["a", "b"]]`.
extension JSONValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral
{
    /// A number, written as an integer literal: `3`.
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }

    /// A number, written as a literal: `0.5`.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }

    /// `true` or `false`, written as a literal.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// An array, written as a literal: `[1, "two"]`.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}
