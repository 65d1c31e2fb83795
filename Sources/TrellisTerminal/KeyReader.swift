import Foundation
import Glibc
import Synchronization
import TrellisCore
import TrellisLoop
import TrellisPlatform

/// Reads and decodes the terminal's keys on a thread of its own, as they arrive.
///
/// Whether an Esc stands alone or begins a sequence (an arrow key, Alt with a
/// letter) is told by when its bytes came: an Esc with nothing after it within
/// ``escapeWait`` is Esc, however long the app takes to look at its keys. Read on
/// the main thread, a busy app found Esc and the next key together and took them
/// for Alt with that key.
///
/// The main loop waits on ``descriptor`` and takes the keys decoded so far with
/// ``take()``. Ctrl-C is also noted for the supervisor as it arrives, so that an
/// app stuck in a plugin still ends on it, though this thread read the byte.
final class KeyReader: Sendable {
    /// How long to wait after an Esc byte for the rest of an escape sequence.
    static let escapeWait: Duration = .milliseconds(30)

    /// The most keys held for the main loop (a paste, however large, is one key).
    /// Past it, what a stuck app's user types is dropped and counted, except
    /// Ctrl-C, so that the reader goes on reading Ctrl-C for the watchdog.
    package static let capacity = 4096

    /// Readable when keys are waiting, or input ended.
    package let descriptor: Int32
    private let wakeDescriptor: Int32
    private let input: Int32
    private let state = Mutex(Pending())

    private struct Pending {
        var keys: [Key] = []
        var dropped = 0
        var ended = false
    }

    /// Starts reading `input` (standard input) on a new thread.
    ///
    /// - Throws: ``TerminalError`` when the pipe that wakes the loop cannot be made.
    package init(input: Int32 = STDIN_FILENO) throws(TerminalError) {
        var pipeDescriptors: [Int32] = [0, 0]
        guard pipe(&pipeDescriptors) == 0 else { throw .setupFailed("cannot create a pipe for the keys") }
        descriptor = pipeDescriptors[0]
        wakeDescriptor = pipeDescriptors[1]
        self.input = input
        for end in pipeDescriptors { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        Thread.detachNewThread { [self] in read() }
    }

    /// The keys decoded since the last call, how many were dropped because more
    /// than ``capacity`` waited, and whether input has ended (the terminal hung up).
    package func take() -> (keys: [Key], dropped: Int, ended: Bool) {
        var drained = [UInt8](repeating: 0, count: 64)
        while Glibc.read(descriptor, &drained, drained.count) > 0 {}
        return state.withLock { pending in
            defer {
                pending.keys = []
                pending.dropped = 0
            }
            return (pending.keys, pending.dropped, pending.ended)
        }
    }

    /// The thread's loop: waits for bytes, or for the end of an Esc's or a
    /// paste's wait, and hands what it decoded to the main loop.
    private func read() {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let wait =
                decoder.isInPaste
                ? KeyDecoder.pasteWait : decoder.isWaiting ? Self.escapeWait : nil
            var polled = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&polled, 1, wait.map(EventLoop.milliseconds) ?? -1)
            if ready < 0 {
                guard errno == EINTR else { return hand([], ended: true) }
                continue
            }
            guard ready > 0 else {
                hand(decoder.flush(), ended: false)
                continue
            }
            let count = Glibc.read(input, &buffer, buffer.count)
            if count < 0 {
                guard errno == EINTR || errno == EAGAIN else { return hand([], ended: true) }
                continue
            }
            guard count > 0 else { return hand(decoder.flush(), ended: true) }
            hand(decoder.decode(buffer[..<count]), ended: false)
        }
    }

    /// Hands `keys` to the main loop and wakes it.
    private func hand(_ keys: [Key], ended: Bool) {
        guard !keys.isEmpty || ended else { return }
        if keys.contains(.control("c")) { CrashRecord.noteControlC() }
        state.withLock { pending in
            for key in keys {
                if pending.keys.count < Self.capacity || key == .control("c") {
                    pending.keys.append(key)
                } else {
                    pending.dropped += 1
                }
            }
            pending.ended = pending.ended || ended
        }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeDescriptor, &byte, 1)
    }
}
