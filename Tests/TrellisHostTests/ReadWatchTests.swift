import Foundation
import Testing

@testable import TrellisIsolation

/// An isolated route's channel and error pipe are watched by a thread of their
/// own that calls back on the main actor, not by dispatch read sources, whose
/// epoll bookkeeping crashed the app when sources were made and cancelled
/// quickly (swift-corelibs-libdispatch#949).
@MainActor
struct ReadWatchTests {
    /// What the handlers saw: calls, and bytes read.
    private final class Seen {
        var calls = 0
        var bytes: [UInt8] = []
    }

    /// Waits, as main-actor work runs, until `done` holds; `false` after 10,000
    /// turns of its own (20 s at least), a limit only a hang reaches. Turns, not
    /// time: other suites may hold the main actor for longer than that, and
    /// then the handler's turn is still queued.
    private func waitFor(_ done: () -> Bool) async -> Bool {
        for _ in 0..<10_000 {
            if done() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return done()
    }

    /// Whether the other end of `peer` was closed: told by the peer, as a
    /// descriptor's number may be another's by the time it is asked.
    private func otherEndClosed(_ peer: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(peer, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    private func socketPair() throws -> (watched: Int32, peer: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func whatArrivesIsReadOnTheMainActorAndCancellingClosesTheDescriptor() async throws {
        let (watched, peer) = try socketPair()
        defer { close(peer) }
        let seen = Seen()
        let watch = try #require(
            ReadWatch(watched) {
                seen.calls += 1
                var chunk = [UInt8](repeating: 0, count: 64)
                let count = recv(watched, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                if count > 0 { seen.bytes += chunk[..<count] }
            })
        _ = send(peer, "hello", 5, 0)
        #expect(await waitFor { seen.bytes == Array("hello".utf8) })
        _ = send(peer, "!", 1, 0)
        #expect(await waitFor { seen.bytes == Array("hello!".utf8) })
        watch.cancel()
        watch.cancel()
        _ = send(peer, "more", 4, Int32(MSG_NOSIGNAL))
        // Closed once its thread ended, which it does only once what it queued has run.
        #expect(await waitFor { otherEndClosed(peer) }, "the watch closes its descriptor once it ends")
        #expect(seen.bytes == Array("hello!".utf8), "nothing is called after cancel")
    }

    @Test func aHandlerThatCancelsItsWatchIsNotCalledAgain() async throws {
        let (watched, peer) = try socketPair()
        defer { close(peer) }
        let seen = Seen()
        var watch: ReadWatch?
        watch = ReadWatch(watched) {
            seen.calls += 1
            // Reads nothing: the descriptor stays readable, as a flooding process's does.
            watch?.cancel()
        }
        _ = send(peer, "x", 1, 0)
        // Closed once its thread ended, which it does only once what it queued has run.
        #expect(await waitFor { otherEndClosed(peer) })
        #expect(seen.calls == 1)
        watch = nil
    }

    /// As when a route's process ends while the app reads its channel itself:
    /// the watch has queued its call, and the watch is cancelled before it runs.
    @Test func aCallQueuedBeforeCancelDoesNotRun() async throws {
        let (watched, peer) = try socketPair()
        defer { close(peer) }
        let seen = Seen()
        let watch = try #require(ReadWatch(watched) { seen.calls += 1 })
        _ = send(peer, "x", 1, 0)
        // The main actor is held while the thread sees the byte and queues its
        // call; were the thread slower, the call would not be queued, and the
        // test would hold all the same.
        var ready = pollfd(fd: watched, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 10_000)
        usleep(50_000)
        watch.cancel()
        #expect(await waitFor { otherEndClosed(peer) })
        #expect(seen.calls == 0)
    }

    /// The pattern that crashed libdispatch's manager thread: descriptors whose
    /// peers write and end at once, watched and cancelled in quick turns, the
    /// same numbers used again and again.
    @Test func manyWatchesMadeAndCancelledQuicklyEachCloseTheirDescriptor() async throws {
        for _ in 0..<300 {
            let (watched, peer) = try socketPair()
            let seen = Seen()
            let watch = try #require(
                ReadWatch(watched) {
                    var chunk = [UInt8](repeating: 0, count: 16)
                    seen.calls += 1
                    _ = recv(watched, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                })
            defer { close(peer) }
            _ = send(peer, "x", 1, 0)
            shutdown(peer, Int32(SHUT_WR))
            #expect(await waitFor { seen.calls > 0 })
            watch.cancel()
            #expect(await waitFor { otherEndClosed(peer) })
        }
    }
}
