import TrellisSDK

// MARK: - Presenter

@MainActor
protocol MainPresentableAction: AnyObject {
    var didClickButton: Observable<Void> { get }
}

@MainActor
protocol MainPresentableHandler: AnyObject {
    var buttonText: Observable<String> { get }
}

protocol MainPresentable: Presentable {
    var action: MainPresentableAction? { get }
    var handler: MainPresentableHandler? { get set }
}

// MARK: - ViewController

final class MainViewController: ViewController, MainPresentable {
    private static let buttonID = "main.button"

    private let disposeBag = DisposeBag()

    var action: MainPresentableAction? { self }

    weak var handler: MainPresentableHandler? {
        didSet { bindPresentable() }
    }

    private func bindPresentable() {
        handler?.buttonText
            .bind { [weak self] title in
                self?.content = .button(title: title, id: Self.buttonID)
            }
            .disposed(by: disposeBag)
    }
}

extension MainViewController: MainPresentableAction {
    var didClickButton: Observable<Void> {
        taps(Self.buttonID)
    }
}
