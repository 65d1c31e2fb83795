import Glibc

/// The thread the main actor runs on, when the program knows it.
///
/// `trellis` starts synchronously and runs the main queue's work on its main thread
/// itself (``EventLoop``), so the main actor runs there and nowhere else: its entry
/// point claims the thread, and code that is not isolated can then tell it is on
/// the main actor with one comparison. With an asynchronous entry point (a test
/// runner), the main actor may run on any thread, nothing is claimed, and such code
/// queues its work on the main actor instead.
public enum MainActorThread {
    // Written once by the entry point before any other thread exists; read after.
    nonisolated(unsafe) private static var claimed: pthread_t?

    /// Claims the calling thread as the main actor's. Call it first thing from a
    /// synchronous `main`, on the process's main thread, when the main queue is
    /// drained there (by ``EventLoop``) and nowhere else.
    public static func claim() {
        claimed = pthread_self()
    }

    /// Whether the calling thread is the claimed one: `false` when none is claimed.
    package static var isCurrent: Bool {
        guard let claimed else { return false }
        return pthread_equal(claimed, pthread_self()) != 0
    }
}
