import TrellisSDK

// MARK: - Presenter

protocol NextPresentableAction: class {
    var didClickButton: Observable<Void> { get }
}

protocol NextPresentableHandler: class {
    var timeText: Observable<String> { get }
}

protocol NextPresentable: Presentable {
    var action: NextPresentableAction? { get set }
    var handler: NextPresentableHandler? { get set }
}

// MARK: - ViewControllable

protocol NextViewControllable: ViewControllable {

}

// MARK: - ViewController (view code: a terminal screen instead of UIKit)

final class NextViewController: ViewController, NextPresentable {
    private let disposeBag = DisposeBag()

    var action: NextPresentableAction?
    var handler: NextPresentableHandler? {
        didSet { bindPresentable() }
    }

    init() {
        super.init()
        action = self
    }

    private func bindPresentable() {
        handler?.timeText
            .bind { [weak self] text in self?.content = .vstack([.text(text), .button(title: "Close", id: "close")]) }
            .disposed(by: disposeBag)
    }
}

extension NextViewController: NextPresentableAction {
    var didClickButton: Observable<Void> {
        return taps("close")
    }
}

extension NextViewController: NextViewControllable {

}
