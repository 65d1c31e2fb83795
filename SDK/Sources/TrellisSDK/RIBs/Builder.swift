/// A type that builds a RIB. The protocols of concrete builders refine it.
@MainActor
public protocol Buildable: AnyObject {}

/// The base class of builders: it keeps the dependency the RIB is built with.
@MainActor
open class Builder<DependencyType>: Buildable, SlotBindable {
    /// What the parent provides to the RIBs this builder makes.
    public let dependency: DependencyType

    private var slot: ChildSlot?

    /// Creates a builder that builds with `dependency`.
    public init(dependency: DependencyType) {
        self.dependency = dependency
    }

    /// The slot a parent's typed slot (``ScreenContext/slot(_:as:)``) handed this
    /// builder out through: a builder protocol's method builds the RIB through it,
    /// as the route the config binds to the slot. A builder no typed slot gave out
    /// has a slot that builds a screen saying so.
    public final var boundSlot: ChildSlot {
        slot ?? UnboundSlot(builder: "\(type(of: self))")
    }

    final func bind(to slot: ChildSlot) {
        self.slot = slot
    }
}
