/// A typed name for a dependency that one screen provides and screens below it
/// use, across plugin boundaries.
///
/// The value's type must be the same type in every image that uses the key: a
/// type from the SDK, from the standard library, or from a contract package built
/// as one shared dynamic library (see the README's "Dependencies across plugins").
public struct DependencyKey<Value>: Sendable {
    /// The name manifests list in `requires` and `provides`.
    public let name: String

    /// Creates a key.
    public init(_ name: String) {
        self.name = name
    }
}

/// Why a dependency could not be resolved.
public enum DependencyError: Error, Equatable, CustomStringConvertible {
    case missing(name: String)
    case wrongType(name: String, expected: String, found: String)

    public var description: String {
        switch self {
        case let .missing(name):
            "dependency \"\(name)\" is not provided by any screen above this one"
        case let .wrongType(name, expected, found):
            "dependency \"\(name)\" is a \(found), not the \(expected) this screen needs; "
                + "rebuild both plugins against the same contract package"
        }
    }
}

/// The dependencies a screen can see: those it and the screens above it provide.
@MainActor
public final class DependencyScope {
    private let parent: DependencyScope?
    private var values: [String: Any] = [:]

    /// Creates a scope below `parent`.
    public init(parent: DependencyScope? = nil) {
        self.parent = parent
    }

    /// Provides `value` under `key` to this screen and the screens below it.
    public func provide<Value>(_ value: Value, for key: DependencyKey<Value>) {
        values[key.name] = value
    }

    /// The value provided under `key` here or above.
    ///
    /// - Throws: ``DependencyError`` if no screen above provides it, or provides a
    ///   value of another type.
    public func resolve<Value>(_ key: DependencyKey<Value>) throws(DependencyError) -> Value {
        guard let value = lookUp(key.name) else { throw .missing(name: key.name) }
        guard let typed = value as? Value else {
            throw .wrongType(name: key.name, expected: "\(Value.self)", found: "\(type(of: value))")
        }
        return typed
    }

    /// Whether a value is provided under `name` here or above.
    public func contains(_ name: String) -> Bool {
        lookUp(name) != nil
    }

    private func lookUp(_ name: String) -> Any? {
        values[name] ?? parent?.lookUp(name)
    }
}
