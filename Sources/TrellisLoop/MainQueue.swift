import Foundation
import Glibc

/// The main dispatch queue as a file descriptor a `poll` loop can wait on, and the
/// call that runs what is queued on it: the two functions libdispatch exports for
/// CoreFoundation's run loop (Docs/PluginSystem.md, "The event loop").
///
/// Main-actor work (`Task { }` on the main actor, `Task.sleep`, awaited results,
/// `DispatchQueue.main.async`, dispatch timers on `.main`) is queued there, so
/// draining it from the loop runs a plugin's asynchronous work on the main thread.
enum MainQueue {
    private typealias HandleFunction = @convention(c) () -> Int32
    private typealias DrainFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private static let functions: (handle: HandleFunction, drain: DrainFunction)? = {
        let image = dlopen(nil, RTLD_NOW)
        guard let handle = dlsym(image, "_dispatch_get_main_queue_handle_4CF"),
            let drain = dlsym(image, "_dispatch_main_queue_callback_4CF")
        else { return nil }
        return (unsafeBitCast(handle, to: HandleFunction.self), unsafeBitCast(drain, to: DrainFunction.self))
    }()

    /// The descriptor that becomes readable when work is queued, or `nil` if this
    /// libdispatch does not export it (then ``drain()`` falls back to Foundation's
    /// run loop and the loop polls at frame rate).
    package static let descriptor: Int32? = functions.map { $0.handle() }

    /// Runs the work queued on the main queue now.
    package static func drain() {
        guard let functions, let descriptor else {
            _ = RunLoop.main.run(mode: .default, before: Date())
            return
        }
        // The descriptor is an eventfd: reading it re-arms the wake-up.
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        functions.drain(nil)
    }
}
