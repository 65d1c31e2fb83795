import TrellisSDK

/// Why the screen refused to build.
struct HelloBuildError: Error, CustomStringConvertible {
    var description: String { "parameters.fail is true, so HelloScreen refuses to build" }
}

final class HelloBuilder: Builder<EmptyDependency>, ScreenBuildable {
    static let defaultGreeting = "Hello from a plugin built outside Trellis"

    func build(with context: ScreenContext) throws -> Routing {
        if context.parameters["fail"] == .bool(true) { throw HelloBuildError() }
        let greeting = context.parameters["greeting"]?.stringValue ?? Self.defaultGreeting
        let viewController = ViewController(content: .vstack([.text(greeting), .button("Close")]))
        let interactor = HelloInteractor(presenter: viewController)
        interactor.listener = context.listener
        return ViewableRouter(interactor: interactor, viewController: viewController)
    }
}
