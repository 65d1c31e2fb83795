import Dispatch

/// Suspends the calling task for `milliseconds` with a timer of its own queue,
/// not `Task.sleep`: the concurrency runtime runs a sleeping task's wake-up on
/// its cooperative pool, which has one thread a core, so work elsewhere in the
/// process that blocks those threads (a test waiting for a process) would hold
/// the sleeper too. A queue of its own gets a thread when it needs one; the task
/// then resumes on its own executor (the main actor for a test driving a screen).
public func pauseOffTheCooperativePool(milliseconds: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        pauseQueue.asyncAfter(deadline: .now() + .milliseconds(max(milliseconds, 0))) { continuation.resume() }
    }
}

private let pauseQueue = DispatchQueue(label: "trellis.pause")
