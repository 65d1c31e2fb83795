/// What a RIB needs from its parent. The dependency protocols of RIBs refine it.
@MainActor
public protocol Dependency: AnyObject {}

/// The dependency of a RIB that needs nothing from its parent.
@MainActor
public protocol EmptyDependency: Dependency {}

/// Provides a RIB's dependencies, and through it those of its children.
///
/// Values made with ``shared(_:_:)`` exist once per component.
@MainActor
open class Component<DependencyType>: Dependency {
    /// What the parent provides.
    public let dependency: DependencyType

    private var sharedInstances: [String: Any] = [:]

    /// Creates a component over the parent's `dependency`.
    public init(dependency: DependencyType) {
        self.dependency = dependency
    }

    /// The one instance of a dependency that this component shares.
    ///
    /// Call it from a computed property: the property's name keys the instance.
    ///
    /// - Parameters:
    ///   - name: The key; the calling property's name unless given.
    ///   - factory: Makes the instance the first time.
    /// - Returns: The instance made on the first call for `name`.
    /// An optional `T` is shared too, `nil` included: the factory runs once.
    public final func shared<T>(_ name: String = #function, _ factory: () -> T) -> T {
        // The key's presence is checked first: `nil as? T` succeeds when T is optional.
        if let existing = sharedInstances[name], let instance = existing as? T { return instance }
        let instance = factory()
        sharedInstances[name] = instance
        return instance
    }
}

/// The component at the top of a tree, which depends on nothing.
@MainActor
open class EmptyComponent: EmptyDependency {
    /// Creates the component.
    public init() {}
}
