import Foundation
import TicTacToeContracts
import TrellisSDK

@MainActor
protocol RootRouting: ViewableRouting {
    func routeToLoggedOut()
    /// Shows LoggedIn; returns its actionable item, for workflows.
    func routeToLoggedIn() -> LoggedInActionableItem?
}

final class RootInteractor: Interactor, ScreenEventListener, LoggedOutListener, LoggedInListener, RootActionableItem,
    LinkHandling
{
    weak var router: RootRouting?
    /// Whoever attached the tutorial, if anyone (the launcher).
    weak var listener: ScreenListener?

    private let dependencies: DependencyScope
    private let loggedInItem = BehaviorRelay<LoggedInActionableItem?>(value: nil)

    init(dependencies: DependencyScope) {
        self.dependencies = dependencies
        super.init()
    }

    // MARK: ScreenEventListener: what LoggedOut sends, in this process or from its own

    let screenEventTypes: [any ScreenEvent.Type] = [LoggedOutEvent.self]

    func screenDidSend(_ event: any ScreenEvent) {
        if case let .didLogin(names)? = event as? LoggedOutEvent { didLogin(with: names) }
    }

    // MARK: LoggedOutListener, for a LoggedOut built before its event

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
        // RIBs' meaning of back: the parent detaches the child the user leaves.
        // Back from LoggedIn's first screen (LoggedIn passes it on) detaches
        // LoggedIn: a log out, alone or under a launcher. Back from LoggedOut
        // leaves the tutorial: whoever attached it closes it.
        if loggedInItem.value != nil {
            didLogout()
        } else {
            listener?.screenDidRequestDismiss()
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
