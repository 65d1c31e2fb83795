import Glibc

/// Signal masks, outside signal handlers (which must not allocate), and the signals of a crash.
public enum Signals {
    /// The signal the supervisor's watchdog ends a stuck app with (its handler
    /// records where the main thread is stuck): the first real-time signal past
    /// the two glibc's threads use.
    package static var watchdogSignal: Int32 { __libc_current_sigrtmin() + 2 }

    /// The signals of a crash: the app's handlers record its frames, and the
    /// supervisor reports the plugin. A resource limit's signals (RLIMIT_CPU,
    /// RLIMIT_FSIZE) are crashes too: the kernel sends them to the code that
    /// passed the limit.
    package static let crashSignals: [Int32] = [
        SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ,
    ]

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

extension Duration {
    /// The duration in whole nanoseconds, 0 for a negative one and at most
    /// `UInt64.max`: what the crash record's shared page stores.
    package var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(clamping: attoseconds / 1_000_000_000)
    }
}
