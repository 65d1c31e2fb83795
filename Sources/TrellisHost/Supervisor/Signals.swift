import Glibc

/// Signal masks, outside signal handlers (which must not allocate).
public enum Signals {
    /// Unblocks `signals` for the calling thread: a parent (a test runner, a
    /// shell) may have started the process with them blocked, and the process
    /// must still hear them.
    public static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
