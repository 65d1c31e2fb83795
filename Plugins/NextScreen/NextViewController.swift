import TrellisSDK

// MARK: - Presenter

@MainActor
protocol NextPresentableAction: AnyObject {
    var didClickButton: Observable<Void> { get }
}

@MainActor
protocol NextPresentableHandler: AnyObject {
    var timeText: Observable<String> { get }
}

protocol NextPresentable: Presentable {
    var action: NextPresentableAction? { get }
    var handler: NextPresentableHandler? { get set }
}

// MARK: - ViewController

final class NextViewController: ViewController, NextPresentable {
    private static let closeID = "next.close"

    private let disposeBag = DisposeBag()

    var action: NextPresentableAction? { self }

    weak var handler: NextPresentableHandler? {
        didSet { bindPresentable() }
    }

    private func bindPresentable() {
        handler?.timeText
            .bind { [weak self] text in
                self?.content = .vstack(spacing: 2, [.text(text), .button(title: "Close", id: Self.closeID)])
            }
            .disposed(by: disposeBag)
    }
}

extension NextViewController: NextPresentableAction {
    var didClickButton: Observable<Void> {
        taps(Self.closeID)
    }
}
