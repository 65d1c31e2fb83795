/// What a child screen can tell the screen that attached it.
@MainActor
public protocol ScreenListener: AnyObject {
    /// The child asks to be closed: its parent detaches it and removes its view.
    func screenDidRequestDismiss()

    /// The user went back from the child in `slot`: what a parent with several
    /// slots implements to know which child to close. By default,
    /// ``screenDidRequestDismiss()``.
    func screenDidRequestDismiss(slot: String)
}

extension ScreenListener {
    /// By default, ``screenDidRequestDismiss()``: a parent with one child needs no more.
    public func screenDidRequestDismiss(slot: String) {
        screenDidRequestDismiss()
    }
}

/// Why a screen refused the parent it was attached under.
public struct ListenerMismatch: Error, Equatable, CustomStringConvertible {
    /// The route being built.
    public var route: String
    /// The listener protocol the screen needs its parent to be.
    public var expected: String
    /// The parent's listener's type, or `nil` if it has none (a root).
    public var found: String?

    /// Creates the error for `route`, which needs `expected` and was given `found`.
    public init(route: String, expected: String, found: String?) {
        self.route = route
        self.expected = expected
        self.found = found
    }

    /// The message for the user, naming the route, the listener it needs and the one it has.
    public var description: String {
        "route \(route) must be attached by a screen that is a \(expected); "
            + (found.map { "its parent's listener is a \($0)" } ?? "it has no parent here (is it the root?)")
            + ". Bind it under a parent whose interactor is one."
    }
}

/// A place where a screen attaches a child that the route config chooses.
///
/// A parent asks its context for a slot by name and builds from it as it would
/// from a child's builder; it never learns which plugin fills the slot.
@MainActor
public protocol ChildSlot: AnyObject {
    /// The slot's name, as the parent's manifest declares it.
    var name: String { get }

    /// Builds the child bound to this slot.
    ///
    /// The child never fails to build: if its plugin throws or cannot be used, the
    /// router returned shows the error in the child's place, with a way back.
    ///
    /// - Parameters:
    ///   - listener: Receives what the child tells its parent.
    ///   - parameters: Merged over the parameters the route config gives the child.
    /// - Returns: The child's router, with a view.
    func build(listener: ScreenListener, parameters: JSONValue) -> ViewableRouting

    /// Builds the child bound to this slot as a RIB that may have no view of its
    /// own and shows its children through `hostView` (the tutorial's LoggedIn).
    ///
    /// Like ``build(listener:parameters:)`` it never fails: a child that cannot be
    /// built shows its error in `hostView`.
    ///
    /// - Parameters:
    ///   - listener: Receives what the child tells its parent.
    ///   - parameters: Merged over the parameters the route config gives the child.
    ///   - hostView: The view the child shows its children in.
    /// - Returns: The child's router.
    func build(listener: ScreenListener, parameters: JSONValue, hostView: ViewControllable) -> Routing
}

extension ChildSlot {
    /// Builds the child bound to this slot with its configured parameters.
    public func build(listener: ScreenListener) -> ViewableRouting {
        build(listener: listener, parameters: .object([:]))
    }
}

/// Everything the host gives a builder for one route.
@MainActor
public final class ScreenContext {
    /// The parent's listener as the listener protocol this screen's RIB needs,
    /// as a RIBs child's builder takes its `Listener`.
    ///
    /// ```swift
    /// interactor.listener = try context.listener(as: LoggedOutListener.self)
    /// ```
    ///
    /// - Throws: ``ListenerMismatch`` naming the route and both types, which the
    ///   host shows in place of the screen.
    public func listener<Listener>(as _: Listener.Type) throws(ListenerMismatch) -> Listener {
        guard let typed = listener as? Listener else {
            throw ListenerMismatch(
                route: routeID, expected: "\(Listener.self)", found: listener.map { "\(type(of: $0))" })
        }
        return typed
    }

    /// The route's identifier in the config.
    public let routeID: String

    /// The route's parameters from the config, merged with the parent's.
    public var parameters: JSONValue {
        if let merged { return merged }
        let value = callParameters.map(routeParameters.merging) ?? routeParameters
        merged = value
        return value
    }

    private let routeParameters: JSONValue
    /// The parent's, merged over the route's when ``parameters`` is first read: a
    /// builder that reads its parameters one by one needs no merge.
    private let callParameters: JSONValue?
    @exclusivity(unchecked) private var merged: JSONValue?

    /// The parameter `key` as ``parameters`` has it, without merging them.
    func parameterValue(_ key: String) -> JSONValue? {
        guard let call = callParameters else { return routeParameters[key] }
        guard case let .object(members) = call else { return nil }
        return members[key] ?? routeParameters[key]
    }

    /// Receives what this screen tells its parent; `nil` for the root.
    public private(set) weak var listener: ScreenListener?

    /// The dependencies this screen can resolve, and provides to those below it.
    public let dependencies: DependencyScope

    /// The view a RIB without a view of its own shows its children in; `nil`
    /// unless the parent built it with ``ChildSlot/build(listener:parameters:hostView:)``.
    public let hostView: ViewControllable?

    private let slotProvider: (String) -> ChildSlot

    /// Decodes the state the build this one replaces saved (``StatePreserving``);
    /// the host sets it for a live swap.
    @_spi(TrellisHost) public var decodeState: ((any Decodable.Type) throws -> Any)?

    /// Gives the builder of the child bound to a slot, bound to that slot, for
    /// ``slot(_:as:)``; the host (or a test) sets it.
    @_spi(TrellisHost) public var builderProvider: ((String) throws -> AnyObject)?

    /// Creates a context. The host makes these; tests may too.
    ///
    /// - Parameters:
    ///   - routeID: The route's identifier.
    ///   - parameters: The route's parameters.
    ///   - listener: The parent's listener, if any.
    ///   - dependencies: The screen's dependency scope.
    ///   - hostView: The view a viewless RIB shows its children in.
    ///   - slot: Gives the slot of a name.
    public convenience init(
        routeID: String,
        parameters: JSONValue = .object([:]),
        listener: ScreenListener? = nil,
        dependencies: DependencyScope = DependencyScope(),
        hostView: ViewControllable? = nil,
        slot: @escaping (String) -> ChildSlot
    ) {
        self.init(
            routeID: routeID, routeParameters: parameters, callParameters: nil, listener: listener,
            dependencies: dependencies, hostView: hostView, slot: slot)
    }

    /// A context whose parameters are the route's `routeParameters` with the
    /// parent's `callParameters` merged over them, as ``JSONValue/merging(_:)``
    /// merges (`nil`: the route's alone); the host makes these.
    @_spi(TrellisHost) public init(
        routeID: String,
        routeParameters: JSONValue,
        callParameters: JSONValue?,
        listener: ScreenListener?,
        dependencies: DependencyScope,
        hostView: ViewControllable?,
        slot: @escaping (String) -> ChildSlot
    ) {
        self.routeID = routeID
        self.routeParameters = routeParameters
        self.callParameters = callParameters
        self.listener = listener
        self.dependencies = dependencies
        self.hostView = hostView
        self.slotProvider = slot
    }

    /// The slot named `name`, which the route config binds to a child route.
    public func slot(_ name: String) -> ChildSlot {
        slotProvider(name)
    }
}
