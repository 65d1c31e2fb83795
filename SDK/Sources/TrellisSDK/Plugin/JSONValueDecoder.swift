extension ScreenContext {
    /// The route's parameter `key` decoded as `Value`, a `Decodable` type of the
    /// plugin's own, or `nil` if the route does not give it:
    ///
    /// ```swift
    /// struct Style: Decodable { var bold: Bool; var color: String? }
    /// let style = try context.parameter("style", as: Style.self)
    /// ```
    ///
    /// - Throws: ``ParameterError`` naming the route, the key, the member that does
    ///   not fit and what the config gives.
    public func parameter<Value: Decodable>(_ key: String, as _: Value.Type) throws(ParameterError) -> Value? {
        guard let value = parameterValue(key), value != .null else { return nil }
        do {
            return try Value(from: JSONValueDecoder(value: value, codingPath: []))
        } catch let error as JSONValueDecoder.Mismatch {
            let member = error.path.isEmpty ? "" : " (at \(error.path))"
            throw ParameterError(
                route: routeID, key: key, expected: "\(Value.self)\(member): \(error.expected)",
                found: Self.describe(error.found))
        } catch {
            throw ParameterError(route: routeID, key: key, expected: "\(Value.self)", found: "\(error)")
        }
    }
}

/// Decodes a `Decodable` value from a ``JSONValue``, as Foundation's JSON decoder
/// does from text, without Foundation.
struct JSONValueDecoder: Decoder {
    /// What did not fit: where, what was expected, what was there.
    struct Mismatch: Error {
        let path: String
        let expected: String
        let found: JSONValue
    }

    let value: JSONValue
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String, _ found: JSONValue? = nil) -> Mismatch {
        Mismatch(
            path: codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
                .description,
            expected: expected, found: found ?? value)
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(Keyed(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case let .array(items) = value else { throw mismatch("an array") }
        return Unkeyed(items: items, decoder: self)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        Single(decoder: self)
    }

    func child(_ value: JSONValue, _ key: CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value: value, codingPath: codingPath + [key])
    }

    /// A number that `Number` holds exactly.
    func number<Number: BinaryInteger>(_: Number.Type) throws -> Number {
        guard case let .number(number) = value, number.rounded() == number, let exact = Number(exactly: number) else {
            throw mismatch("a whole number that fits \(Number.self)")
        }
        return exact
    }

    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    private struct Single: SingleValueDecodingContainer {
        let decoder: JSONValueDecoder
        var codingPath: [CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }
        func decode(_: Bool.Type) throws -> Bool {
            guard case let .bool(flag) = decoder.value else { throw decoder.mismatch("true or false") }
            return flag
        }
        func decode(_: String.Type) throws -> String {
            guard case let .string(text) = decoder.value else { throw decoder.mismatch("a string") }
            return text
        }
        func decode(_: Double.Type) throws -> Double {
            guard case let .number(number) = decoder.value else { throw decoder.mismatch("a number") }
            return number
        }
        func decode(_: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.number(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.number(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.number(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.number(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.number(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.number(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.number(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.number(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.number(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.number(type) }
        func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: decoder) }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let decoder: JSONValueDecoder
        var codingPath: [CodingKey] { decoder.codingPath }
        var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func single(_ key: Key) throws -> Single {
            guard let value = members[key.stringValue] else {
                throw Mismatch(
                    path: (decoder.codingPath + [key]).map(\.stringValue).joined(separator: "."),
                    expected: "a value (it is required)", found: .null)
            }
            return Single(decoder: decoder.child(value, key))
        }

        func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null) == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try single(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try single(key).decoder.container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
            try single(key).decoder.unkeyedContainer()
        }

        func superDecoder() throws -> Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> Decoder { try single(key).decoder }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONValue]
        let decoder: JSONValueDecoder
        var codingPath: [CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }
        private(set) var currentIndex = 0

        init(items: [JSONValue], decoder: JSONValueDecoder) {
            self.items = items
            self.decoder = decoder
        }

        private mutating func next() throws -> JSONValueDecoder {
            guard !isAtEnd else { throw decoder.mismatch("\(currentIndex + 1) items or more", .array(items)) }
            defer { currentIndex += 1 }
            return decoder.child(items[currentIndex], Index(intValue: currentIndex))
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try Single(decoder: next()).decode(type) }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try Single(decoder: next()).decode(type) }
        mutating func decode(_ type: String.Type) throws -> String { try Single(decoder: next()).decode(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try Single(decoder: next()).decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try Single(decoder: next()).decode(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }

        mutating func superDecoder() throws -> Decoder { try next() }
    }
}
