/// A builder that makes a new component for every RIB it builds, as RIBs'
/// `ComponentizedBuilder`: a component lives exactly as long as its RIB.
///
/// Subclasses override ``build(with:_:)``; callers call
/// `build(withDynamicBuildDependency:dynamicComponentDependency:)`. A component
/// builder that hands out the instance it gave the build before is reported
/// (`HostHooks`: standard error without a host) and the build goes on, where
/// RIBs asserts: a plugin's mistake must not stop the app.
@MainActor
open class ComponentizedBuilder<Component, Router, DynamicBuildDependency, DynamicComponentDependency>: Buildable {
    private let componentBuilder: (DynamicComponentDependency) -> Component
    /// The component of the last build, not retained: a builder must not keep a
    /// component alive longer than its RIB.
    private weak var lastComponent: AnyObject?

    /// Creates a builder that makes each build's component with `componentBuilder`.
    ///
    /// - Parameter componentBuilder: Makes a new component from the build's
    ///   dynamic component dependency.
    public init(componentBuilder: @escaping (DynamicComponentDependency) -> Component) {
        self.componentBuilder = componentBuilder
    }

    /// Builds a new RIB with a new component.
    ///
    /// - Returns: The RIB's router.
    public final func build(
        withDynamicBuildDependency dynamicBuildDependency: DynamicBuildDependency,
        dynamicComponentDependency: DynamicComponentDependency
    ) -> Router {
        let (_, router): (Component, Router) = build(
            withDynamicBuildDependency: dynamicBuildDependency,
            dynamicComponentDependency: dynamicComponentDependency)
        return router
    }

    /// Builds a new RIB with a new component.
    ///
    /// - Returns: The component and the RIB's router.
    public final func build(
        withDynamicBuildDependency dynamicBuildDependency: DynamicBuildDependency,
        dynamicComponentDependency: DynamicComponentDependency
    ) -> (Component, Router) {
        let component = componentBuilder(dynamicComponentDependency)
        lastComponent = checkedNewComponent(component, last: lastComponent, of: self)
        return (component, build(with: component, dynamicBuildDependency))
    }

    /// Builds the RIB from `component`; subclasses override it, and never call it
    /// themselves.
    ///
    /// - Returns: The RIB's router.
    open func build(with component: Component, _ dynamicBuildDependency: DynamicBuildDependency) -> Router {
        fatalError("\(type(of: self)) must override build(with:_:)")
    }
}

/// A ``ComponentizedBuilder`` with no dynamic dependencies, as RIBs'
/// `SimpleComponentizedBuilder`.
@MainActor
open class SimpleComponentizedBuilder<Component, Router>: ComponentizedBuilder<Component, Router, (), ()> {
    /// Creates a builder that makes each build's component with `componentBuilder`.
    public init(componentBuilder: @escaping () -> Component) {
        super.init(componentBuilder: { _ in componentBuilder() })
    }

    /// Builds the router; `build(withDynamicBuildDependency:)` calls it with a fresh component.
    public final override func build(with component: Component, _ dynamicBuildDependency: ()) -> Router {
        build(with: component)
    }

    /// Builds the RIB from `component`; subclasses override it.
    ///
    /// - Returns: The RIB's router.
    open func build(with component: Component) -> Router {
        fatalError("\(type(of: self)) must override build(with:)")
    }

    /// Builds a new RIB with a new component.
    ///
    /// - Returns: The RIB's router.
    public final func build() -> Router {
        build(withDynamicBuildDependency: (), dynamicComponentDependency: ())
    }
}

/// `component` as the last component a builder made, reported if it is the very
/// instance `last` was: each build must get a new one.
@MainActor
func checkedNewComponent(_ component: some Any, last: AnyObject?, of builder: AnyObject) -> AnyObject {
    let object = component as AnyObject
    if let last, last === object {
        HostHooks.report(
            "\(type(of: builder))'s component builder returned the component of the previous build; "
                + "return a new component from it each time, so that each RIB has its own")
    }
    return object
}
