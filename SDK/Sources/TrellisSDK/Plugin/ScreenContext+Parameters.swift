/// A route's parameter that is not of the type its screen reads it as.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The route the parameter is given to.
    public var route: String
    /// The parameter's key.
    public var key: String
    /// What the screen reads it as: "an integer", "a string".
    public var expected: String
    /// What the config gives, described: `a string "abc"`.
    public var found: String

    /// A parameter that is not what its route needs.
    public init(route: String, key: String, expected: String, found: String) {
        (self.route, self.key, self.expected, self.found) = (route, key, expected, found)
    }

    /// The message for the user, naming the route, the key and the fix.
    public var description: String {
        "route \"\(route)\": parameters.\(key) must be \(expected), and it is \(found). Fix it in the route's `parameters`."
    }
}

extension ScreenContext {
    /// The route's parameter `key` as an integer (a whole JSON number), or `nil`
    /// if the route does not give it.
    ///
    /// - Throws: ``ParameterError`` naming the route, the key and what it is.
    public func parameter(_ key: String, as _: Int.Type) throws(ParameterError) -> Int? {
        try typed(key, "an integer") { value in
            guard case let .number(number) = value, number.rounded() == number, let whole = Int(exactly: number) else {
                return nil
            }
            return whole
        }
    }

    /// The route's parameter `key` as a number, or `nil` if the route does not give it.
    public func parameter(_ key: String, as _: Double.Type) throws(ParameterError) -> Double? {
        try typed(key, "a number") { $0.numberValue }
    }

    /// The route's parameter `key` as `true` or `false`, or `nil` if the route does
    /// not give it.
    public func parameter(_ key: String, as _: Bool.Type) throws(ParameterError) -> Bool? {
        try typed(key, "true or false") { if case let .bool(flag) = $0 { flag } else { nil } }
    }

    /// The route's parameter `key` as a string, or `nil` if the route does not give it.
    public func parameter(_ key: String, as _: String.Type) throws(ParameterError) -> String? {
        try typed(key, "a string") { $0.stringValue }
    }

    /// The route's parameter `key` as an array of strings, or `nil` if the route
    /// does not give it.
    public func parameter(_ key: String, as _: [String].Type) throws(ParameterError) -> [String]? {
        try typed(key, "an array of strings") { value in
            guard case let .array(items) = value else { return nil }
            let strings = items.compactMap(\.stringValue)
            return strings.count == items.count ? strings : nil
        }
    }

    /// The route's parameter `key` as an object, or `nil` if the route does not give it.
    public func parameter(_ key: String, as _: [String: JSONValue].Type) throws(ParameterError) -> [String: JSONValue]?
    {
        try typed(key, "an object") { if case let .object(members) = $0 { members } else { nil } }
    }

    private func typed<Value>(_ key: String, _ expected: String, _ read: (JSONValue) -> Value?) throws(ParameterError)
        -> Value?
    {
        guard let value = parameterValue(key), value != .null else { return nil }
        guard let typed = read(value) else {
            throw ParameterError(route: routeID, key: key, expected: expected, found: Self.describe(value))
        }
        return typed
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(flag): "\(flag)"
        case let .number(number):
            number.rounded() == number && abs(number) < 1e15 ? "the number \(Int(number))" : "the number \(number)"
        case let .string(text): "a string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case let .array(items): "an array of \(items.count)"
        case .object: "an object"
        }
    }
}
