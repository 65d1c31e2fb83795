import Dispatch
import Foundation
import Synchronization
import TrellisPlatform

/// Runs a handler on the main actor whenever a descriptor can be read, from a
/// thread of its own that waits in `poll`: what a dispatch read source on
/// `.main` does, without libdispatch's epoll bookkeeping.
///
/// That bookkeeping frees a descriptor's note while its event is still being
/// delivered when sources on short-lived descriptors are made and cancelled
/// quickly, and the manager thread crashes in `_dispatch_event_loop_drain`
/// (seen once in `trellis-bench`'s isolation figures, which start, crash and
/// close a route's process dozens of times; swift-corelibs-libdispatch#949).
///
/// The handler runs as main-queue work, so every loop that drains the main
/// queue runs it, as it ran a source's. The thread waits again only once the
/// handler has run: one readiness, one call. ``cancel()`` stops the watch; the
/// thread then closes the descriptor, so its number is never reused while
/// something still waits on it.
final class ReadWatch: Sendable {
    private let descriptor: Int32
    /// A pipe ``cancel()`` writes to: its read end, readable then, wakes the
    /// thread, whoever else holds the write end (a fork's child, for a moment).
    private let wake: (read: Int32, write: Int32)
    private let isCancelled = Atomic(false)
    private let handler: @MainActor @Sendable () -> Void

    /// Watches `descriptor` and takes it over: it is closed once the watch is
    /// cancelled and its thread ended.
    ///
    /// - Returns: `nil` if no pipe or thread could be made for it (the
    ///   descriptor is then closed).
    init?(_ descriptor: Int32, onReadable handler: @escaping @MainActor @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.descriptor = descriptor
        wake = (ends[0], ends[1])
        self.handler = handler
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 17)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<ReadWatch>.fromOpaque(context!).takeRetainedValue().watch()
                return nil
            }, context)
        guard made == 0 else {
            Unmanaged<ReadWatch>.fromOpaque(context).release()
            [descriptor, ends[0], ends[1]].forEach { close($0) }
            return nil
        }
    }

    /// Stops calling the handler: at once if the main actor calls it (a handler
    /// that cancels its own watch is not called again), and the thread ends.
    /// Calling it again does nothing.
    func cancel() {
        guard !isCancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        close(wake.write)
    }

    private var cancelled: Bool { isCancelled.load(ordering: .acquiring) }

    private func watch() {
        let handled = DispatchSemaphore(value: 0)
        var polled = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        // A descriptor closed under the watch (POLLNVAL) is not waited on
        // again, at once, forever, nor closed again: its number may be
        // another's by now.
        var isOpen = true
        while SystemCall.retrying({ poll(&polled, 2, -1) }) >= 0, polled[1].revents == 0 {
            DispatchQueue.main.async { [self] in
                if !cancelled { MainActor.assumeIsolated { handler() } }
                handled.signal()
            }
            handled.wait()
            isOpen = polled[0].revents & Int16(POLLNVAL) == 0
            guard isOpen, !cancelled else { break }
            polled[0].revents = 0
        }
        // Until it is cancelled, the descriptor is its owner's, which may still
        // use it: it is closed only then.
        var wakeOnly = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        while !cancelled {
            if SystemCall.retrying({ poll(&wakeOnly, 1, -1) }) < 0 { usleep(10_000) }
        }
        if isOpen { close(descriptor) }
        close(wake.read)
    }
}
