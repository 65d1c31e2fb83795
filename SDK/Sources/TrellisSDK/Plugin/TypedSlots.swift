/// Why a typed slot did not give a builder of the protocol its parent asked for.
public struct SlotTypeMismatch: Error, Equatable, CustomStringConvertible {
    /// The parent's route.
    public var route: String
    /// The slot asked for.
    public var slot: String
    /// The builder protocol the parent asked for.
    public var expected: String
    /// The builder the bound plugin has, or why there is none.
    public var found: String

    /// A slot whose builder is not the type its parent asks for.
    public init(route: String, slot: String, expected: String, found: String) {
        (self.route, self.slot, self.expected, self.found) = (route, slot, expected, found)
    }

    /// The message for the user, naming the route, the slot and both types.
    public var description: String {
        "route \"\(route)\": slot \"\(slot)\" must give a \(expected), and it gives \(found). "
            + "Make the bound plugin's builder class a \(expected) (and list it in \"builds\" of that plugin's "
            + "trellis-plugin.json), or bind the slot to a route whose plugin's builder is one; with \"slotTypes\" "
            + "in the parent's manifest, `trellis validate` checks the binding."
    }
}

extension ScreenContext {
    /// The builder of the child bound to slot `name`, as the builder protocol a
    /// contract package declares, so that a parent builds its child as RIBs code
    /// does, by the child's own `Buildable`:
    ///
    /// ```swift
    /// // In the contract package both plugins link:
    /// public protocol OffGameBuildable: AnyObject {
    ///     func build(withListener listener: OffGameListener) -> ViewableRouting
    /// }
    /// // In the parent's builder:
    /// let offGameBuilder = try context.slot("offGame", as: OffGameBuildable.self)
    /// // In the child's builder, which is a `Builder` and an `OffGameBuildable`:
    /// func build(withListener listener: OffGameListener) -> ViewableRouting {
    ///     boundSlot.build(listener: listener)
    /// }
    /// ```
    ///
    /// The child's builder builds through ``Builder/boundSlot``, the slot it was
    /// handed out through, so the host builds the route the config binds as it
    /// does any child: its parameters, dependencies and slots, an error shown in
    /// its place, a live swap.
    ///
    /// - Throws: ``SlotTypeMismatch`` if the bound plugin's builder is not a
    ///   `ChildBuilder`, or the host's reason the slot gives nothing (it is not
    ///   bound, its plugin cannot be used).
    public func slot<ChildBuilder>(_ name: String, as _: ChildBuilder.Type) throws -> ChildBuilder {
        guard let builderProvider else {
            throw SlotTypeMismatch(
                route: routeID, slot: name, expected: "\(ChildBuilder.self)",
                found: "nothing: no host gives typed slots here")
        }
        let builder = try builderProvider(name)
        guard let typed = builder as? ChildBuilder else {
            throw SlotTypeMismatch(
                route: routeID, slot: name, expected: "\(ChildBuilder.self)", found: "a \(type(of: builder))")
        }
        return typed
    }
}

/// A builder that can be bound to the slot a typed slot gives it out through.
@MainActor
protocol SlotBindable: AnyObject {
    func bind(to slot: ChildSlot)
}

/// Binds `builder`, a plugin's builder a parent's typed slot gives out, to that
/// slot (``Builder/boundSlot``); a builder that is not a ``Builder`` is left as it is.
@_spi(TrellisHost)
@MainActor
public func bindBuilder(_ builder: AnyObject, to slot: ChildSlot) {
    (builder as? SlotBindable)?.bind(to: slot)
}

/// The slot of a builder no typed slot gave out: what it builds says so.
@MainActor
final class UnboundSlot: ChildSlot {
    let name = "unbound"
    private let builder: String

    init(builder: String) {
        self.builder = builder
    }

    func build(listener: ScreenListener, parameters: JSONValue) -> ViewableRouting {
        let view = ViewController(
            content: .text(
                "\(builder) was built directly, not through a parent's typed slot "
                    + "(`context.slot(_:as:)`), so it has no route to build"))
        return ViewableRouter(interactor: Interactor(), viewController: view)
    }

    func build(listener: ScreenListener, parameters: JSONValue, hostView: ViewControllable) -> Routing {
        let router = build(listener: listener, parameters: parameters)
        hostView.viewController.embed(router.viewableRouting?.viewControllable)
        return router
    }
}
