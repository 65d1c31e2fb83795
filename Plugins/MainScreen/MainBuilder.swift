import TrellisSDK

// MARK: - Builder

protocol MainBuildable: Buildable, ScreenBuildable {}

/// Why the Main screen cannot be built from its route.
enum MainBuildError: Error, CustomStringConvertible {
    case titleIsNotText

    var description: String {
        "parameters.title must be a string, for example \"title\": \"Hello, RIBs\\nClick Button!\""
    }
}

final class MainBuilder: Builder<EmptyDependency>, MainBuildable {
    static let defaultTitle = "Hello, RIBs\nClick Button!"

    func build(with context: ScreenContext) throws -> Routing {
        let title: String
        switch context.parameters["title"] {
        case nil: title = Self.defaultTitle
        case let .string(text)?: title = text
        case _?: throw MainBuildError.titleIsNotText
        }
        let viewController = MainViewController()
        let interactor = MainInteractor(
            title: title, presenter: viewController,
            reopensNext: context.preservedState(as: Bool.self) ?? false)
        // The parent names the slot; the config decides which plugin fills it.
        return MainRouter(nextBuilder: context.slot("next"), interactor: interactor, viewController: viewController)
    }
}
