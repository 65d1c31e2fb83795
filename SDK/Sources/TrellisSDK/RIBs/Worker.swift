/// Work that runs while an interactor is active, as RIBs' `Working` states it.
@MainActor
public protocol Working: AnyObject {
    /// Starts the worker, bound to `interactorScope`: its work runs while the scope
    /// is active and stops while it is not. Starting a started worker does nothing.
    func start(_ interactorScope: InteractorScope)

    /// Stops the worker and unbinds it from its scope. Stopping a stopped worker
    /// does nothing.
    func stop()

    /// Whether the worker is started (whether or not its scope is active now).
    var isStarted: Bool { get }

    /// The started state now and at every change.
    var isStartedStream: Observable<Bool> { get }
}

/// The base class of a worker: work bound to an interactor's active state, off the
/// interactor itself, as RIBs' `Worker` is.
///
/// Trellis drives ``start(_:)`` and ``stop()`` from the interactor that owns the
/// worker; subclasses fill in ``didStart(_:)``, called each time the scope becomes
/// active while the worker is started, and ``didStop()``, called each time that
/// work ends. Subscriptions made in `didStart` with
/// ``Disposable/disposeOnStop(_:)`` end with it.
@MainActor
open class Worker: Working {
    private let isStartedRelay = BehaviorRelay(value: false)
    /// The scope's active state, followed while started. The scope is not retained:
    /// it is usually the interactor that owns this worker.
    private var scopeBinding: Disposable?
    /// What ends when the work stops; `nil` while it does not run.
    private var running: DisposeBag?

    /// Creates a stopped worker.
    public init() {}

    /// Whether the worker is started.
    public final var isStarted: Bool { isStartedRelay.value }

    /// Whether the worker is started, now and at each change.
    public final var isStartedStream: Observable<Bool> { isStartedRelay.asObservable().distinctUntilChanged() }

    /// Starts the worker: it runs whenever `interactorScope` is active, and ends each
    /// run when the scope resigns, until ``stop()``.
    public final func start(_ interactorScope: InteractorScope) {
        guard !isStarted else { return }
        isStartedRelay.accept(true)
        scopeBinding = interactorScope.isActiveStream.subscribe { [weak self, weak interactorScope] isActive in
            guard let self, let interactorScope else { return }
            if isActive { self.runIfStarted(in: interactorScope) } else { self.endRun() }
        }
    }

    /// Stops the worker and disposes what it bound.
    public final func stop() {
        guard isStarted else { return }
        isStartedRelay.accept(false)
        scopeBinding?.dispose()
        scopeBinding = nil
        endRun()
    }

    /// Called when the worker's scope becomes active while it is started: start the
    /// work here. Does nothing by default.
    ///
    /// - Parameter interactorScope: The scope the worker was started with.
    open func didStart(_ interactorScope: InteractorScope) {}

    /// Called when the work ends: the scope was deactivated, or the worker stopped.
    /// Does nothing by default.
    open func didStop() {}

    private func runIfStarted(in scope: InteractorScope) {
        guard isStarted, running == nil else { return }
        running = DisposeBag()
        didStart(scope)
    }

    private func endRun() {
        guard let running else { return }
        self.running = nil
        running.dispose()
        didStop()
    }

    /// Binds `disposable` to the work now running, or disposes it if none runs.
    fileprivate func bindToRun(_ disposable: Disposable) {
        if let running { running.insert(disposable) } else { disposable.dispose() }
    }

    isolated deinit {
        scopeBinding?.dispose()
        running?.dispose()
    }
}

extension Disposable {
    /// Ends the subscription when `worker`'s work stops, as RIBs'
    /// `disposeOnStop(_:)` does; disposed at once if the work is not running.
    ///
    /// - Returns: The same disposable.
    @discardableResult
    public func disposeOnStop(_ worker: Worker) -> Disposable {
        worker.bindToRun(self)
        return self
    }
}
