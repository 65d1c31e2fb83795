import TicTacToeContracts
import TrellisSDK

final class OffGameInteractor: PresentableInteractor<OffGameViewController> {
    weak var listener: OffGameListener?

    private let names: PlayerNames
    private let scoreStream: ScoreStream

    init(component: OffGameComponent, presenter: OffGameViewController) {
        names = component.names
        scoreStream = component.scoreStream
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        scoreStream.score
            .bind { [weak self] score in
                guard let self else { return }
                presenter.show(names: names, score: score)
            }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Start Game")
            .bind { [weak self] in self?.listener?.startGame() }
            .disposeOnDeactivate(interactor: self)
        presenter.taps("Logout")
            .bind { [weak self] in self?.listener?.logout() }
            .disposeOnDeactivate(interactor: self)
    }
}
