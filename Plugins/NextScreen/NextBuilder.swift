import TrellisSDK

// MARK: - Component

final class NextComponent: Component<EmptyDependency> {
    let title: String
    /// Whether the title is a clock: `Now is <date>`, updated every second.
    let isClock: Bool

    init(dependency: EmptyDependency, title: String, isClock: Bool) {
        self.title = title
        self.isClock = isClock
        super.init(dependency: dependency)
    }
}

// MARK: - Builder

protocol NextBuildable: Buildable, ScreenBuildable {}

final class NextBuilder: Builder<EmptyDependency>, NextBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        // The parent passes the title through the builder, as seed 000 does.
        let component = NextComponent(
            dependency: dependency, title: try context.parameter("title", as: String.self) ?? "",
            isClock: try context.parameter("clock", as: Bool.self) ?? false)
        let viewController = NextViewController()
        let interactor = NextInteractor(component: component, presenter: viewController)
        interactor.listener = context.listener
        return NextRouter(interactor: interactor, viewController: viewController)
    }
}
