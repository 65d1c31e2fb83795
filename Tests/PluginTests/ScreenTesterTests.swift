import Testing
import TrellisSDK
import TrellisTesting

/// The testing kit's own API, on small screens made here: fields, stand-ins of
/// one's own, a viewless RIB's host view, and the layers on screen.
@MainActor
struct ScreenTesterTests {
    /// A login form: Enter in the name field (or Go) shows a greeting; Details
    /// presents its `details` slot.
    private final class FormBuilder: ScreenBuildable {
        func build(with context: ScreenContext) throws -> Routing {
            let view = ViewController(
                content: .vstack([.textField(id: "name", text: "", placeholder: "Your name"), .button("Details")]))
            let interactor = FormInteractor(presenter: view, details: context.slot("details"))
            return ViewableRouter(interactor: interactor, viewController: view)
        }
    }

    private final class FormInteractor: PresentableInteractor<ViewController>, ScreenListener {
        private let details: ChildSlot
        private var child: ViewableRouting?
        private var name = ""

        init(presenter: ViewController, details: ChildSlot) {
            self.details = details
            super.init(presenter: presenter)
        }

        override func didBecomeActive() {
            super.didBecomeActive()
            presenter.actions
                .bind { [weak self] action in
                    guard let self else { return }
                    switch action {
                    case let .edit("name", text): name = text
                    case .submit("name"): presenter.content = .text("Hello, \(name)")
                    case .tap("Details"): showDetails()
                    default: break
                    }
                }
                .disposeOnDeactivate(interactor: self)
        }

        private func showDetails() {
            let child = details.build(listener: self, parameters: ["name": .string(name)])
            self.child = child
            presenter.present(child.viewControllable)
        }

        func screenDidRequestDismiss() {
            if let child { presenter.dismiss(child.viewControllable) }
            child = nil
        }
    }

    /// A viewless RIB: it shows its `home` slot in the view it is lent.
    private final class ShellBuilder: ScreenBuildable {
        func build(with context: ScreenContext) throws -> Routing {
            let interactor = ShellInteractor()
            let router = Router(interactor: interactor)
            if let hostView = context.hostView {
                router.attachChild(
                    context.slot("home").build(listener: interactor, parameters: [:], hostView: hostView))
            }
            return router
        }
    }

    private final class ShellInteractor: Interactor, ScreenListener {
        func screenDidRequestDismiss() {}
    }

    /// An expense: a picker with no label and a field found by their ids; Cancel
    /// is guarded by a back confirmation once something was typed.
    private final class ExpenseBuilder: ScreenBuildable {
        func build(with context: ScreenContext) throws -> Routing {
            let view = ViewController()
            let interactor = ExpenseInteractor(presenter: view)
            return ViewableRouter(interactor: interactor, viewController: view)
        }
    }

    private final class ExpenseInteractor: PresentableInteractor<ViewController> {
        private var category = 0
        private var amount = ""

        override func didBecomeActive() {
            super.didBecomeActive()
            show()
            presenter.actions
                .bind { [weak self] action in
                    guard let self else { return }
                    switch action {
                    case let .choose("category", index): category = index
                    case let .edit("amount", text): amount = text
                    default: return
                    }
                    show()
                }
                .disposeOnDeactivate(interactor: self)
        }

        private func show() {
            presenter.content = .vstack([
                .picker("", options: ["Food", "Fun"], selected: category, id: "category"),
                .textField(id: "amount", text: amount, placeholder: "0.00", width: 8),
                .text("\(["Food", "Fun"][category]) \(amount)"),
            ])
            presenter.backConfirmation =
                amount.isEmpty
                ? nil : Alert(title: "Drop this expense?", buttons: [.cancel("Keep"), .destructive("Drop")])
        }
    }

    @Test func aPickerWithoutALabelAndAFieldAreFoundByTheirIds() throws {
        let expense = try ScreenTester(ExpenseBuilder())

        try expense.choose("Fun", in: "category")
        try expense.type("12", into: "amount")

        #expect(expense.lines.contains("Fun 12"), "\(expense.text)")
    }

    /// A child screen tested alone used to say "nothing on screen goes back":
    /// it goes back as a child does in the host, through its confirmation.
    @Test func aScreenTestedAloneGoesBackAsAChildAfterItsConfirmation() throws {
        let blank = try ScreenTester(ExpenseBuilder(), route: "expense")
        try blank.back()
        #expect(blank.listener.dismissRequests == ["expense"])

        let typed = try ScreenTester(ExpenseBuilder(), route: "expense")
        try typed.type("3", into: "amount")
        try typed.back()
        #expect(typed.text.contains("Drop this expense?"))
        #expect(typed.listener.dismissRequests.isEmpty, "not before the answer")
        try typed.tap("Drop")
        #expect(typed.listener.dismissRequests == ["expense"])
    }

    @Test func typingIntoAFieldAndSubmittingItDriveTheScreen() throws {
        let form = try ScreenTester(FormBuilder())
        #expect(form.lines == ["[Your name___________]", "[ Details ]"])

        try form.type("Ann", into: "Your name")
        #expect(form.lines.first == "[Ann_________________]")
        try form.submit("Your name")

        #expect(form.lines == ["Hello, Ann"])
    }

    @Test func aFieldsTextIsReplacedAndAKeyIsPressedAsTheHostDoes() throws {
        let form = try ScreenTester(FormBuilder())
        try form.type("Ann", into: "Your name")

        try form.replaceText(in: "Your name", with: "Bo")
        #expect(form.lines.first == "[Bo__________________]")
        try form.press("enter")

        #expect(form.lines == ["Hello, Bo"])
        #expect(throws: ScreenTestFailure.self) { try form.press("hyper-x") }
    }

    @Test func aStandInOfOnesOwnFillsTheSlotAndTheLayersShowIt() throws {
        let slots = FakeSlots()
        slots.standIns["details"] = { _, parameters in
            let name = parameters["name"]?.stringValue ?? "?"
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Details of \(name)")))
        }
        let form = try ScreenTester(FormBuilder(), slots: slots)
        try form.type("Bo", into: "Your name")

        try form.tap("Details")

        #expect(form.shownViews.count == 2, "the form, and the modal over it")
        #expect(form.shownViews.first === form.view)
        #expect(form.lines.contains("[Bo__________________]"))
        #expect(form.lines.contains("│  Details of Bo  │"), "the modal in its frame, over the form")
        #expect(form.slots.builds.map(\.hadHostView) == [false])
    }

    @Test func aViewlessRIBShowsItsChildInTheViewItIsLent() async throws {
        let hostView = ViewController()
        let shell = try ScreenTester(ShellBuilder(), hostView: hostView)

        #expect(shell.view === hostView && shell.hostView === hostView)
        #expect(shell.slots.builds.map(\.hadHostView) == [true])
        try await shell.expect("home slot")
        #expect(shell.tree == "Router<ShellInteractor>\n  slot home")
    }

    @Test func aMissingControlIsAFailureThatShowsTheScreen() throws {
        let form = try ScreenTester(FormBuilder())
        #expect {
            try form.tap("Send")
        } throws: { error in
            let failure = error as? ScreenTestFailure
            return failure?.description.contains("no control on screen matches \"Send\". On screen: \"Details\".")
                == true
                && failure?.screen == form.text
        }
    }
}
