internal import Dispatch

extension Interactor {
    /// Starts asynchronous work that ends with this interactor's active scope.
    ///
    /// The task runs on the main actor, so it may update the presenter directly;
    /// the host draws the change. When the interactor deactivates (its router is
    /// detached) the task is cancelled: `Task.sleep` and ``offMainActor(isolation:_:)`` then
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
/// While the work runs, the host knows it is under way: a key that acts on what
/// the screen shows (Enter in a search, say) typed right after an edit waits for
/// the work the edit started and for what the caller does with its result, so it
/// acts on the results of the text typed, however long the work takes. The call
/// returns on the caller's actor (`isolation`, the caller's own unless given).
///
/// ```swift
/// task { [weak self, store] in
///     let notes = try await offMainActor { try store.list() }
///     self?.presenter.show(notes)
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor the call returns on: the caller's.
///   - work: The work.
/// - Returns: What `work` returned.
/// - Throws: What `work` threw, or `CancellationError`.
public func offMainActor<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation, _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
    // Counted on the caller's actor until the caller has the result: the host
    // reads the count between the main actor's jobs, so it never sees the work
    // done before the caller has used what it returned.
    OffMainWork.began()
    defer { OffMainWork.ended() }
    let value = try await withCheckedThrowingContinuation(isolation: isolation) {
        (continuation: CheckedContinuation<Value, any Error>) in
        offMainActorQueue.async {
            continuation.resume(with: Result { try work() })
        }
    }
    try Task.checkCancellation()
    return value
}

/// Runs `work` off the main actor and returns its result, as
/// ``offMainActor(isolation:_:)`` does.
///
/// What plugins built against SDK 1.0 call: it returns on no actor in particular,
/// so the host counts its work only until it returns, not until its caller has
/// used the result. Code built against a later SDK calls
/// ``offMainActor(isolation:_:)``.
///
/// - Parameter work: The work.
/// - Returns: What `work` returned.
/// - Throws: What `work` threw, or `CancellationError`.
@_disfavoredOverload
public func offMainActor<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await offMainActor(isolation: nil, work)
}

/// Where ``offMainActor(isolation:_:)`` runs work: a queue of its own, not a global one. A
/// global queue runs no more work at once than there are cores, so blocking work
/// elsewhere in the process (another plugin's, a test's) could keep this work
/// waiting; a queue of its own gets a thread when it needs one.
private let offMainActorQueue = DispatchQueue(
    label: "trellis.offMainActor", qos: .userInitiated, attributes: .concurrent)
