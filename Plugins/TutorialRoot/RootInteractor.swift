import Foundation
import TicTacToeContracts
import TrellisSDK

@MainActor
protocol RootRouting: ViewableRouting {
    func routeToLoggedOut()
    /// Shows LoggedIn; returns its actionable item, for workflows.
    func routeToLoggedIn() -> LoggedInActionableItem?
}

final class RootInteractor: Interactor, LoggedOutListener, LoggedInListener, RootActionableItem, LinkHandling {
    weak var router: RootRouting?
    /// Whoever attached the tutorial, if anyone (the launcher).
    weak var listener: ScreenListener?

    private let dependencies: DependencyScope
    private let loggedInItem = BehaviorRelay<LoggedInActionableItem?>(value: nil)

    init(dependencies: DependencyScope) {
        self.dependencies = dependencies
        super.init()
    }

    // MARK: LoggedOutListener

    func didLogin(with names: PlayerNames) {
        dependencies.provide(names, for: TicTacToeDependency.playerNames)
        loggedInItem.accept(router?.routeToLoggedIn())
    }

    // MARK: LoggedInListener

    func didLogout() {
        loggedInItem.accept(nil)
        router?.routeToLoggedOut()
    }

    // MARK: ScreenListener

    func screenDidRequestDismiss() {
        // Back from LoggedOut, or from LoggedIn's first screen (LoggedIn passes it
        // on), leaves the tutorial: tell whoever attached it. Run on its own, the
        // tutorial has no one above it: back from LoggedIn logs out instead.
        if let listener {
            listener.screenDidRequestDismiss()
        } else if loggedInItem.value != nil {
            didLogout()
        }
    }

    /// Whether anything is above the tutorial to go back to.
    var hasParent: Bool { listener != nil }

    // MARK: RootActionableItem

    func waitForLogin() -> Observable<(LoggedInActionableItem, Void)> {
        loggedInItem.asObservable().compactMap { item in item.map { ($0, ()) } }
    }

    // MARK: LinkHandling

    func openLink(_ url: String) throws {
        let workflow = try LaunchGameWorkflow(url: url)
        workflow.subscribe(self).disposeOnDeactivate(interactor: self)
    }
}
