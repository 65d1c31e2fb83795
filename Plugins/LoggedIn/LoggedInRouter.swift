import TicTacToeContracts
import TrellisSDK

// Seed 001's LoggedIn router (Uber's tutorial, "composing RIBs"), as the seed has
// it: its children come from typed slots (`OffGameBuildable`, `TicTacToeBuildable`),
// and its view is the one its parent lends it. Lines not from the seed are marked.

protocol LoggedInInteractable: Interactable, OffGameListener, TicTacToeListener {
    var router: LoggedInRouting? { get set }
    var listener: LoggedInListener? { get set }
}

protocol LoggedInViewControllable: ViewControllable {
    func present(viewController: ViewControllable)
    func dismiss(viewController: ViewControllable)
}

final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {

    init(
        interactor: LoggedInInteractable,
        viewController: LoggedInViewControllable,
        offGameBuilder: OffGameBuildable,
        ticTacToeBuilder: TicTacToeBuildable
    ) {
        self.viewController = viewController
        self.offGameBuilder = offGameBuilder
        self.ticTacToeBuilder = ticTacToeBuilder
        super.init(interactor: interactor)
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        attachOffGame()
    }

    func cleanupViews() {
        if let currentChild = currentChild {
            viewController.dismiss(viewController: currentChild.viewControllable)
        }
    }

    func routeToOffGame() {
        detachCurrentChild()
        attachOffGame()
    }

    func routeToTicTacToe() {
        detachCurrentChild()

        let ticTacToe = ticTacToeBuilder.build(withListener: interactor)
        ticTacToe.viewControllable.viewController.backTitle = "leave the game"
        currentChild = ticTacToe
        attachChild(ticTacToe)
        viewController.present(viewController: ticTacToe.viewControllable)
        isShowingGame = true  // Not in the seed: back from a game goes to OffGame.
    }

    /// Not in the seed: whether a game is on show, for back (Esc).
    private(set) var isShowingGame = false

    // MARK: - Private

    private let viewController: LoggedInViewControllable
    private let offGameBuilder: OffGameBuildable
    private let ticTacToeBuilder: TicTacToeBuildable

    private var currentChild: ViewableRouting?

    private func attachOffGame() {
        let offGame = offGameBuilder.build(withListener: interactor)
        // Back from here detaches LoggedIn (the root's choice, as RIBs has it).
        offGame.viewControllable.viewController.backTitle = "log out"
        self.currentChild = offGame
        attachChild(offGame)
        viewController.present(viewController: offGame.viewControllable)
        isShowingGame = false  // Not in the seed.
    }

    private func detachCurrentChild() {
        if let currentChild = currentChild {
            detachChild(currentChild)
            viewController.dismiss(viewController: currentChild.viewControllable)
        }
    }
}

/// Not in the seed: the view LoggedIn is lent is its parent's, which shows
/// LoggedIn's child in its place, as the tutorial's RootViewController does.
extension ViewController: LoggedInViewControllable {
    func present(viewController: ViewControllable) {
        embed(viewController)
    }

    func dismiss(viewController: ViewControllable) {
        if embeddedViewController === viewController.viewController { embed(nil) }
    }
}
