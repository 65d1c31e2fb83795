internal import Glibc

/// What the SDK tells the host that runs it: screens that changed and work that
/// failed.
///
/// Any plugin can read these (`@_spi(TrellisHost) import TrellisSDK`), but only
/// the holder of the ``HostHookKey`` changes them (``change(with:_:)``): the host
/// claims it before it opens a plugin, so a plugin cannot switch off the leak
/// checks or the reports of every other plugin.
@_spi(TrellisHost)
@MainActor
public enum HostHooks {
    // The hooks called at every change and every detach are typed `@MainActor`: a
    // closure whose type does not say so is checked at each call to run on the
    // main actor, which cost as much as the detach's own bookkeeping.

    /// Called whenever a view's content or navigation changes, so the host can
    /// schedule a frame. Cheap: the host only sets a flag.
    public internal(set) static var onScreenChange: (@MainActor () -> Void)?

    /// Called when a task started with ``Interactor/task(_:)`` throws an error
    /// other than cancellation. Without a host (unit tests), the error is written
    /// to standard error, never dropped.
    public internal(set) static var onTaskFailure: ((Interactor, any Error) -> Void)?

    /// Called with a programming error a plugin made that the SDK caught and
    /// ignored (attaching a child twice). Without a host, it goes to standard error.
    public internal(set) static var onMisuse: ((String) -> Void)?

    static func report(_ misuse: String) {
        if let onMisuse { onMisuse(misuse) } else { writeToStandardError(misuse) }
    }

    /// Called when a router detaches a child (the child first, then the router
    /// that detached it), so the host can check that the child's router,
    /// interactor and view are deallocated (its leak detector). The parent tells
    /// which of several trees a child no tree built belongs to.
    // Read at every detach; set once by the host on the main actor: unchecked.
    @exclusivity(unchecked) public internal(set) static var onDetach:
        (@MainActor (_ child: Routing, _ parent: Routing) -> Void)?

    /// Called with something the user should know that is not a programming error
    /// (a workflow that ended at a failed step).
    public internal(set) static var onNotice: ((String) -> Void)?

    static func notify(_ notice: String) {
        if let onNotice { onNotice(notice) } else { writeToStandardError(notice) }
    }

    /// Called from the deinitializer of a router, an interactor or a view that the
    /// host gave a ticket (``Interactor/deallocationTicket``, the router's through
    /// ``Interactor/setRouterDeallocationTicket(_:for:)``,
    /// ``ViewController/deallocationTicket``),
    /// with that ticket: how its leak detector learns that a detached RIB went away
    /// without a weak reference, whose side table would slow every retain and
    /// release of the object. A view may go away on any thread, so it is called
    /// on the thread the object went away on.
    nonisolated(unsafe) public internal(set) static var onDeallocation: (@Sendable (Int) -> Void)?

    /// How many ``offMainActor(isolation:_:)`` calls (from any plugin) are under
    /// way: keys typed after an edit wait while the work the edit started runs.
    public static var offMainWorkUnderWay: Int { OffMainWork.underWay }

    static func screenDidChange() {
        onScreenChange?()
    }

    static func taskDidFail(_ interactor: Interactor, _ error: any Error) {
        if let onTaskFailure {
            onTaskFailure(interactor, error)
        } else {
            writeToStandardError("a task of \(type(of: interactor)) failed: \(error)")
        }
    }

    /// What the SDK says when no host listens (unit tests): never dropped.
    private static func writeToStandardError(_ message: String) {
        let line = "TrellisSDK: \(message)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
