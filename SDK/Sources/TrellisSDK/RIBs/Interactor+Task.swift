internal import Dispatch

extension Interactor {
    /// Starts asynchronous work that ends with this interactor's active scope.
    ///
    /// The task runs on the main actor, so it may update the presenter directly;
    /// the host draws the change. When the interactor deactivates (its router is
    /// detached) the task is cancelled: `Task.sleep` and ``offMainActor(_:)`` then
    /// throw `CancellationError`, so code after them never touches a detached view.
    /// Started while inactive, the task is cancelled before it runs. This is the
    /// role RIBs gives a `Worker` started with the interactor as its scope.
    ///
    /// ```swift
    /// override func didBecomeActive() {
    ///     super.didBecomeActive()
    ///     task { [weak self] in
    ///         while true {
    ///             try await Task.sleep(for: .seconds(1))
    ///             self?.presenter.showTime(.now)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter operation: The work. An error it throws, other than
    ///   cancellation, is shown by the host in place of this RIB's screen.
    /// - Returns: The task as a ``Disposable``: disposing it cancels the task early.
    @discardableResult
    public func task(_ operation: @escaping @MainActor () async throws -> Void) -> Disposable {
        let task = Task { @MainActor [weak self] in
            do {
                try Task.checkCancellation()
                try await operation()
            } catch is CancellationError {
                // Ended with its scope: nothing to report.
            } catch {
                if let self, !Task.isCancelled { HostHooks.taskDidFail(self, error) }
            }
        }
        let disposable = ActionDisposable { task.cancel() }
        disposable.disposeOnDeactivate(interactor: self)
        return disposable
    }
}

/// Runs `work` off the main actor and returns its result to the caller.
///
/// Use it for work too slow for the main actor (reading files, parsing, filtering
/// large data, a blocking request) inside ``Interactor/task(_:)``. If the calling
/// task was cancelled while the work ran, the result is dropped and
/// `CancellationError` is thrown, so a detached RIB or a newer keystroke never sees
/// stale results.
///
/// The work runs on a dispatch queue of its own rather than Swift's cooperative
/// pool or a global queue, so work that blocks (a file, a socket) cannot starve
/// other tasks of threads, nor be kept waiting by blocking work elsewhere.
///
/// - Parameter work: The work.
/// - Returns: What `work` returned.
/// - Throws: What `work` threw, or `CancellationError`.
public func offMainActor<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        offMainActorQueue.async {
            continuation.resume(with: Result { try work() })
        }
    }
    try Task.checkCancellation()
    return value
}

/// Where ``offMainActor(_:)`` runs work: a queue of its own, not a global one. A
/// global queue runs no more work at once than there are cores, so blocking work
/// elsewhere in the process (another plugin's, a test's) could keep this work
/// waiting; a queue of its own gets a thread when it needs one.
private let offMainActorQueue = DispatchQueue(
    label: "trellis.offMainActor", qos: .userInitiated, attributes: .concurrent)
