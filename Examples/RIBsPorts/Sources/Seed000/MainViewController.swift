import TrellisSDK

// From the series' part 3, which the seed builds on: Main's interactable and
// presenter protocols, as pasted.

protocol MainInteractable: Interactable, NextListener {
    var router: MainRouting? { get set }
    var listener: MainListener? { get set }
}

// MARK: - Presenter

protocol MainPresentableAction: class {
    var didClickButton: Observable<Void> { get }
}

protocol MainPresentableHandler: class {
    var buttonText: Observable<String> { get }
}

protocol MainPresentable: Presentable {
    var action: MainPresentableAction? { get set }
    var handler: MainPresentableHandler? { get set }
}

// MARK: - ViewControllable

protocol MainViewControllable: ViewControllable {
    func present(_ viewController: ViewControllable, animated: Bool)
    func dismiss(_ viewController: ViewControllable, animated: Bool)
}

// MARK: - ViewController (view code: a terminal screen instead of UIKit)

final class MainViewController: ViewController, MainPresentable {
    private let disposeBag = DisposeBag()

    var action: MainPresentableAction?
    var handler: MainPresentableHandler? {
        didSet { bindPresentable() }
    }

    init() {
        super.init()
        action = self
    }

    private func bindPresentable() {
        handler?.buttonText
            .bind { [weak self] text in self?.content = .button(title: text, id: "button") }
            .disposed(by: disposeBag)
    }
}

extension MainViewController: MainPresentableAction {
    var didClickButton: Observable<Void> {
        taps("button")
    }
}

extension MainViewController: MainViewControllable {
    func present(_ viewController: ViewControllable, animated: Bool) {
        present(viewController)
    }

    func dismiss(_ viewController: ViewControllable, animated: Bool) {
        dismiss(viewController)
    }
}
