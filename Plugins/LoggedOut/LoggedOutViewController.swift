import TrellisSDK

final class LoggedOutViewController: ViewController {
    weak var listener: LoggedOutPresentableListener?

    private let disposeBag = DisposeBag()
    private var player1Name = ""
    private var player2Name = ""

    init() {
        super.init(
            content: .vstack([
                .title("Welcome! Who is playing?"),
                .textField(id: "player1", text: "", placeholder: "Player 1 name"),
                .textField(id: "player2", text: "", placeholder: "Player 2 name"),
                .button("Login"),
            ]))
        actions
            .bind { [weak self] action in self?.handle(action) }
            .disposed(by: disposeBag)
    }

    private func handle(_ action: ViewAction) {
        switch action {
        case .edit(field: "player1", let text): player1Name = text
        case .edit(field: "player2", let text): player2Name = text
        // Enter in the last field logs in, as the button does.
        case .tap("Login"), .submit(field: "player2"):
            listener?.login(withPlayer1Name: player1Name, player2Name: player2Name)
        default: break
        }
    }
}
