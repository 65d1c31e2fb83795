/// A sequence of steps run over actionable items, as RIBs' workflows run deep
/// links: each step gets the item the previous step reached and returns a stream
/// that sends the next item (and a value) once that item can act, for example once
/// the user has logged in. As in RIBs, a step runs only once its item is active:
/// an item that is an ``Interactable`` and inactive makes the step wait.
///
/// ```swift
/// let workflow = Workflow<RootActionableItem>()
/// workflow
///     .onStep { root in root.waitForLogin() }
///     .onStep { loggedIn, _ in loggedIn.launchGame(with: gameID) }
///     .commit()
/// workflow.subscribe(rootInteractor).disposeOnDeactivate(interactor: rootInteractor)
/// ```
@MainActor
open class Workflow<ActionableItemType> {
    private let root = PublishSubject<(ActionableItemType, Void)>()
    /// The committed branches' subscriptions, made at their commit, as RIBs does:
    /// a branch committed while the workflow runs (inside a step) runs too.
    private var branches: [Disposable] = []
    private var hasCompleted = false
    private var hasEnded = false

    /// Creates a workflow with no steps.
    public init() {}

    /// Adds the first step.
    ///
    /// - Parameter onStep: Given the root item, returns the stream that sends the
    ///   next item and a value when the step is done. A step that throws, or
    ///   whose stream fails, ends the workflow: ``didReceiveError(_:)`` gets the
    ///   error.
    /// - Returns: The step, to chain the next one onto.
    public final func onStep<NextItem, NextValue>(
        _ onStep: @escaping (ActionableItemType) throws -> Observable<(NextItem, NextValue)>
    ) -> Step<ActionableItemType, NextItem, NextValue> {
        Step<ActionableItemType, ActionableItemType, Void>(workflow: self, stream: root.asObservable().take(1))
            .onStep { item, _ in try onStep(item) }
    }

    /// Starts the workflow at `actionableItem`: every committed branch runs.
    ///
    /// - Returns: What cancels the workflow's pending steps.
    public final func subscribe(_ actionableItem: ActionableItemType) -> Disposable {
        if branches.isEmpty {
            HostHooks.report(
                "\(type(of: self)) was subscribed before any branch was committed; "
                    + "call commit() on its last step first")
        }
        root.onNext((actionableItem, ()))
        return Disposables.create { [self] in cancelBranches() }
    }

    /// Called once, when the workflow's steps are done: the first committed
    /// branch to reach its end. Does nothing by default.
    open func didComplete() {}

    /// Called when a step was forked into another branch (``Observable/fork(_:)``).
    /// Does nothing by default.
    open func didFork() {}

    /// Called when a step threw or its stream failed: the workflow has ended,
    /// every pending step cancelled. By default the host is told, naming the
    /// workflow and the error (the status line in a terminal, standard error
    /// headless).
    open func didReceiveError(_ error: any Error) {
        HostHooks.notify("workflow \(type(of: self)) ended: a step failed: \(error)")
    }

    fileprivate func commit<Item, Value>(_ stream: Observable<(Item, Value)>) {
        guard !hasEnded else { return }
        branches.append(
            stream.subscribe(
                onNext: nil, onError: { [self] in fail($0) },
                onCompleted: { [self] in complete() }))
    }

    private func complete() {
        guard !hasCompleted, !hasEnded else { return }
        hasCompleted = true
        didComplete()
    }

    private func fail(_ error: any Error) {
        guard !hasEnded else { return }
        hasEnded = true
        cancelBranches()
        didReceiveError(error)
    }

    private func cancelBranches() {
        let held = branches
        branches = []
        held.forEach { $0.dispose() }
    }

    fileprivate func forked() {
        didFork()
    }
}

/// One step of a ``Workflow``: the stream of the item it reaches and its value.
@MainActor
public final class Step<WorkflowItem, ActionableItem, Value> {
    private let workflow: Workflow<WorkflowItem>
    private let stream: Observable<(ActionableItem, Value)>

    fileprivate init(workflow: Workflow<WorkflowItem>, stream: Observable<(ActionableItem, Value)>) {
        self.workflow = workflow
        self.stream = stream
    }

    /// Adds the next step, run once this one has reached its item and that item
    /// is active.
    ///
    /// - Parameter onStep: Given this step's item and value, returns the stream
    ///   that sends the next item and a value when that step is done; a throw, or
    ///   a stream that fails, ends the workflow.
    /// - Returns: The new step.
    public func onStep<NextItem, NextValue>(
        _ onStep: @escaping (ActionableItem, Value) throws -> Observable<(NextItem, NextValue)>
    ) -> Step<WorkflowItem, NextItem, NextValue> {
        // Each step acts once, the first time its item is ready and active, and
        // is shared: branches forked from it run it once (RIBs' take(1).share()).
        let next = stream.flatMapLatest { item, value in whenActive(item).map { ($0, value) } }
            .take(1)
            .flatMapLatest { item, value in
                do { return try onStep(item, value) } catch { return .error(error) }
            }
            .take(1)
            .share()
        return Step<WorkflowItem, NextItem, NextValue>(workflow: workflow, stream: next)
    }

    /// Ends this branch, and subscribes to it: it runs when the workflow is
    /// subscribed, or now if it was forked from a step that has run. A workflow
    /// may commit several branches forked from one step.
    ///
    /// - Returns: The workflow.
    @discardableResult
    public func commit() -> Workflow<WorkflowItem> {
        workflow.commit(stream)
        return workflow
    }

    /// The stream of this step's item and value, to fork other branches from.
    public func asObservable() -> Observable<(ActionableItem, Value)> {
        stream
    }

}

extension Observable {
    /// A new branch of `workflow` from a step's stream (``Step/asObservable()``), as
    /// RIBs' `fork`: both branches go on from the same item, and each is committed.
    public func fork<WorkflowItem, Item, Value>(_ workflow: Workflow<WorkflowItem>) -> Step<WorkflowItem, Item, Value>
    where Element == (Item, Value) {
        workflow.forked()
        return Step(workflow: workflow, stream: self)
    }
}

/// `item` once it is active: at once if it is not an ``Interactable`` or is
/// active, else when it becomes active (RIBs checks the same at run time, since
/// actionable items are usually protocols).
@MainActor
private func whenActive<Item>(_ item: Item) -> Observable<Item> {
    guard let interactor = item as? Interactable else { return .just(item) }
    return interactor.isActiveStream.filter { $0 }.take(1).map { _ in item }
}

/// A RIB that can take deep links: the host hands it `--open URL` and `open URL`.
@MainActor
public protocol LinkHandling: AnyObject {
    /// Starts what `url` asks for, for example a workflow.
    ///
    /// - Throws: An error saying why the link cannot be opened (an unknown path or
    ///   parameter); the host shows it and keeps running.
    func openLink(_ url: String) throws
}

extension Interactor {
    /// A stream that sends `value` whenever this interactor is active: right away if
    /// it is, and each time it becomes active again. Add `take(1)` for one value.
    public func whenActive<Value>(_ value: @escaping () -> Value) -> Observable<Value> {
        isActiveStream.filter { $0 }.map { _ in value() }
    }
}
