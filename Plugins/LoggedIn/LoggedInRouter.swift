import TicTacToeContracts
import TrellisSDK

final class LoggedInRouter: Router<LoggedInInteractor>, LoggedInRouting {
    /// The parent's view, which LoggedIn shows its children in.
    private let viewController: ViewControllable
    private let offGameBuilder: OffGameBuildable
    private let ticTacToeBuilder: TicTacToeBuildable
    private var currentChild: ViewableRouting?
    private(set) var isShowingGame = false

    init(interactor: LoggedInInteractor, viewController: ViewControllable,
         offGameBuilder: OffGameBuildable, ticTacToeBuilder: TicTacToeBuildable) {
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

    func routeToOffGame() {
        detachCurrentChild()
        attachOffGame()
    }

    func routeToTicTacToe() {
        detachCurrentChild()
        attach(ticTacToeBuilder.build(withListener: interactor))
        isShowingGame = true
    }

    func cleanupViews() {
        detachCurrentChild()
    }

    private func attachOffGame() {
        attach(offGameBuilder.build(withListener: interactor))
        isShowingGame = false
    }

    private func attach(_ child: ViewableRouting) {
        currentChild = child
        attachChild(child)
        viewController.viewController.embed(child.viewControllable)
    }

    private func detachCurrentChild() {
        guard let currentChild else { return }
        detachChild(currentChild)
        viewController.viewController.embed(nil)
        self.currentChild = nil
    }
}
