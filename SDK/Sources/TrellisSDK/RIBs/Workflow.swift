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
    private var steps: [Disposable] = []
    private var isCommitted = false

    /// Creates a workflow with no steps.
    public init() {}

    /// Adds the first step.
    ///
    /// - Parameter onStep: Given the root item, returns the stream that sends the
    ///   next item and a value when the step is done.
    /// - Returns: The step, to chain the next one onto.
    public final func onStep<NextItem, NextValue>(
        _ onStep: @escaping (ActionableItemType) -> Observable<(NextItem, NextValue)>
    ) -> Step<ActionableItemType, NextItem, NextValue> {
        Step(workflow: self, stream: root.asObservable().take(1).map { $0.0 }.flatMapLatest(whenActive).flatMapLatest(onStep))
    }

    /// Starts the workflow at `actionableItem`.
    ///
    /// - Returns: What cancels the workflow's pending steps.
    public final func subscribe(_ actionableItem: ActionableItemType) -> Disposable {
        let held = steps
        root.accept((actionableItem, ()))
        return ActionDisposable { held.forEach { $0.dispose() } }
    }

    /// Called when the last step is done. Does nothing by default.
    open func didComplete() {}

    fileprivate func commit(_ stream: Observable<Void>) {
        guard !isCommitted else { return }
        isCommitted = true
        steps.append(stream.subscribe { [weak self] in self?.didComplete() })
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
    ///   that sends the next item and a value when that step is done.
    /// - Returns: The new step.
    public func onStep<NextItem, NextValue>(
        _ onStep: @escaping (ActionableItem, Value) -> Observable<(NextItem, NextValue)>
    ) -> Step<WorkflowItem, NextItem, NextValue> {
        // Each step acts once: the first time its item is ready and active.
        Step<WorkflowItem, NextItem, NextValue>(workflow: workflow, stream: stream.take(1).flatMapLatest { item, value in
            whenActive(item).map { ($0, value) }
        }.flatMapLatest(onStep))
    }

    /// Ends the chain: the workflow runs these steps when it is subscribed.
    ///
    /// - Returns: The workflow.
    @discardableResult
    public func commit() -> Workflow<WorkflowItem> {
        workflow.commit(stream.take(1).map { _ in () })
        return workflow
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
