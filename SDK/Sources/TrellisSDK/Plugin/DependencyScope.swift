/// A typed name for a dependency that one screen provides and screens below it
/// use, across plugin boundaries.
///
/// The value's type must be the same type in every image that uses the key: a
/// type from the SDK, from the standard library, or from a contract package built
/// as one shared dynamic library (see Docs/Demos.md, "Dependencies across plugins").
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
    /// Nothing was provided for `name`.
    case missing(name: String)
    /// `name` was provided as a `found`, where a `expected` was asked for.
    case wrongType(name: String, expected: String, found: String)

    /// What went wrong, naming the dependency and the types.
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

    /// The names the screen's manifest lists (`requires`, `provides`), and the
    /// route and plugin to name: a resolution of another name is reported.
    private var declared: (names: [String], more: [String], route: String, plugin: String)?
    /// What was reported already, by plugin and name: once each.
    private static var reported: Set<String> = []

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
        if let declared, !declared.names.contains(key.name), !declared.more.contains(key.name) {
            reportUndeclared(key.name)
        }
        guard let value = lookUp(key.name) else { throw .missing(name: key.name) }
        guard let typed = value as? Value else {
            throw .wrongType(name: key.name, expected: "\(Value.self)", found: "\(type(of: value))")
        }
        return typed
    }

    /// Checks what this screen resolves against its manifest: `requires` and
    /// `provides` (the host sets it for each build of a route).
    @_spi(TrellisHost)
    public func declare(requires: [String], provides: [String], route: String, plugin: String) {
        declared = (requires, provides, route, plugin)
    }

    /// A dependency that works but that `validate` cannot check is provided,
    /// since the manifest does not say the screen needs it.
    private func reportUndeclared(_ name: String) {
        guard let declared, Self.reported.insert(declared.plugin + "\u{0}" + name).inserted else { return }
        HostHooks.report(
            "route \"\(declared.route)\": plugin \(declared.plugin) resolved dependency \"\(name)\", which its "
                + "manifest does not list in \"requires\"; add it there, so that validate checks a route above provides it"
        )
    }

    /// Whether a value is provided under `name` here or above.
    public func contains(_ name: String) -> Bool {
        lookUp(name) != nil
    }

    private func lookUp(_ name: String) -> Any? {
        values[name] ?? parent?.lookUp(name)
    }
}
