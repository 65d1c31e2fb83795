/// A type that builds a RIB. The protocols of concrete builders refine it.
@MainActor
public protocol Buildable: AnyObject {}

/// The base class of builders: it keeps the dependency the RIB is built with.
@MainActor
open class Builder<DependencyType>: Buildable {
    /// What the parent provides to the RIBs this builder makes.
    public let dependency: DependencyType

    /// Creates a builder that builds with `dependency`.
    public init(dependency: DependencyType) {
        self.dependency = dependency
    }
}
