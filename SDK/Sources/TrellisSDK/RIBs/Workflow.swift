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
    private let root = PublishRelay<(ActionableItemType, Void)>()
    /// The committed branches' subscriptions, made when the workflow is subscribed.
    private var branches: [Observable<Void>] = []
    private var running: [Disposable] = []
    private var hasEnded = false

    /// Creates a workflow with no steps.
    public init() {}

    /// Adds the first step.
    ///
    /// - Parameter onStep: Given the root item, returns the stream that sends the
    ///   next item and a value when the step is done. A step that throws ends the
    ///   workflow: ``didReceiveError(_:)`` gets the error.
    /// - Returns: The step, to chain the next one onto.
    public final func onStep<NextItem, NextValue>(
        _ onStep: @escaping (ActionableItemType) throws -> Observable<(NextItem, NextValue)>
    ) -> Step<ActionableItemType, NextItem, NextValue> {
        // The steps hold the workflow, as RIBs' subscriptions do: it lives as long
        // as its subscription, whoever started it.
        Step(workflow: self, stream: root.asObservable().take(1).map { $0.0 }.flatMapLatest(whenActive)
            .flatMapLatest { item in self.run { try onStep(item) } })
    }

    /// Starts the workflow at `actionableItem`: every committed branch runs.
    ///
    /// - Returns: What cancels the workflow's pending steps.
    public final func subscribe(_ actionableItem: ActionableItemType) -> Disposable {
        running = branches.map { branch in branch.subscribe { [weak self] in self?.didComplete() } }
        root.accept((actionableItem, ()))
        let held = running
        return ActionDisposable { held.forEach { $0.dispose() } }
    }

    /// Called when a committed branch's last step is done. Does nothing by default.
    open func didComplete() {}

    /// Called when a step was forked into another branch (``Observable/fork(_:)``).
    /// Does nothing by default.
    open func didFork() {}

    /// Called when a step threw: the workflow has ended, every pending step
    /// cancelled. By default the host is told, naming the workflow and the error
    /// (the status line in a terminal, standard error headless).
    open func didReceiveError(_ error: any Error) {
        HostHooks.notify("workflow \(type(of: self)) ended: a step failed: \(error)")
    }

    fileprivate func commit(_ stream: Observable<Void>) {
        branches.append(stream)
    }

    /// Runs a step's body; a throw ends the workflow.
    fileprivate func run<Result>(_ body: () throws -> Observable<Result>) -> Observable<Result> {
        guard !hasEnded else { return .never }
        do {
            return try body()
        } catch {
            hasEnded = true
            let pending = running
            running = []
            pending.forEach { $0.dispose() }
            didReceiveError(error)
            return .never
        }
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

    /// Adds the next step, run once this one has reached its item.
    ///
    /// - Parameter onStep: Given this step's item and value, returns the stream
    ///   that sends the next item and a value when that step is done; a throw ends
    ///   the workflow.
    /// - Returns: The new step.
    public func onStep<NextItem, NextValue>(
        _ onStep: @escaping (ActionableItem, Value) throws -> Observable<(NextItem, NextValue)>
    ) -> Step<WorkflowItem, NextItem, NextValue> {
        // Each step acts once: the first time its item is ready and active.
        let workflow = workflow
        return Step<WorkflowItem, NextItem, NextValue>(workflow: workflow, stream: stream.take(1).flatMapLatest { item, value in
            whenActive(item).map { ($0, value) }
        }.flatMapLatest { item, value in workflow.run { try onStep(item, value) } })
    }

    /// Ends this branch: the workflow runs its steps when it is subscribed. A
    /// workflow may commit several branches forked from one step.
    ///
    /// - Returns: The workflow.
    @discardableResult
    public func commit() -> Workflow<WorkflowItem> {
        workflow.commit(stream.take(1).map { _ in () })
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

extension Observable {
    /// For each value, subscribes to the stream `transform` makes of it and sends
    /// what that stream sends, dropping the stream of the value before.
    public func flatMapLatest<Result>(_ transform: @escaping (Element) -> Observable<Result>) -> Observable<Result> {
        Observable<Result> { observer in
            var inner: Disposable?
            let outer = subscribe { value in
                inner?.dispose()
                inner = transform(value).subscribe(observer)
            }
            return ActionDisposable {
                outer.dispose()
                inner?.dispose()
            }
        }
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
