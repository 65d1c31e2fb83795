/// A builder whose RIB is built in stages that share one component, as RIBs'
/// `MultiStageComponentizedBuilder`: each stage reads
/// ``componentForCurrentBuildPass``, and the final stage,
/// ``finalStageBuild(withDynamicDependency:)``, ends the pass, so the next pass
/// gets a new component. A component builder that hands out the previous pass's
/// instance is reported, where RIBs asserts (see ``ComponentizedBuilder``).
@MainActor
open class MultiStageComponentizedBuilder<Component, Router, DynamicBuildDependency>: Buildable {
    private let componentBuilder: () -> Component
    private var currentPassComponent: Component?
    /// The component of the last pass, not retained (see ``ComponentizedBuilder``).
    private weak var lastComponent: AnyObject?

    /// Creates a builder that makes each pass's component with `componentBuilder`.
    public init(componentBuilder: @escaping () -> Component) {
        self.componentBuilder = componentBuilder
    }

    /// The component of the build pass under way, made when a pass first asks.
    public final var componentForCurrentBuildPass: Component {
        if let currentPassComponent { return currentPassComponent }
        let component = componentBuilder()
        lastComponent = checkedNewComponent(component, last: lastComponent, of: self)
        currentPassComponent = component
        return component
    }

    /// Builds the RIB with the pass's component and ends the pass.
    ///
    /// - Returns: The RIB's router.
    public final func finalStageBuild(withDynamicDependency dynamicDependency: DynamicBuildDependency) -> Router {
        defer { currentPassComponent = nil }
        return finalStageBuild(with: componentForCurrentBuildPass, dynamicDependency)
    }

    /// The last stage: builds the RIB from `component`; subclasses override it.
    ///
    /// - Returns: The RIB's router.
    open func finalStageBuild(with component: Component, _ dynamicDependency: DynamicBuildDependency) -> Router {
        fatalError("\(type(of: self)) must override finalStageBuild(with:_:)")
    }
}

/// A ``MultiStageComponentizedBuilder`` with no dynamic dependency, as RIBs'
/// `SimpleMultiStageComponentizedBuilder`.
@MainActor
open class SimpleMultiStageComponentizedBuilder<Component, Router>: MultiStageComponentizedBuilder<
    Component, Router, ()
>
{
    /// Creates a builder that makes each pass's component with `componentBuilder`.
    public override init(componentBuilder: @escaping () -> Component) {
        super.init(componentBuilder: componentBuilder)
    }

    /// Builds the router in the final stage, with the component of this build and the dynamic dependency.
    public final override func finalStageBuild(with component: Component, _ dynamicDependency: ()) -> Router {
        finalStageBuild(with: component)
    }

    /// The last stage: builds the RIB from `component`; subclasses override it.
    ///
    /// - Returns: The RIB's router.
    open func finalStageBuild(with component: Component) -> Router {
        fatalError("\(type(of: self)) must override finalStageBuild(with:)")
    }

    /// Builds the RIB with the pass's component and ends the pass.
    ///
    /// - Returns: The RIB's router.
    public final func finalStageBuild() -> Router {
        finalStageBuild(withDynamicDependency: ())
    }
}
