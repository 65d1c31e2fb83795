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

    /// Waits, as main-actor work runs, until `done` holds; `false` after a
    /// limit that only a hang reaches.
    private func waitFor(_ done: () -> Bool) async -> Bool {
        let limit = ContinuousClock.now + .seconds(20)
        while !done() {
            guard ContinuousClock.now < limit else { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
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
        #expect(await waitFor { otherEndClosed(peer) }, "the watch closes its descriptor once it ends")
        let calls = seen.calls
        watch.cancel()
        try await Task.sleep(for: .milliseconds(20))
        #expect(seen.calls == calls, "nothing is called after cancel")
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
        #expect(await waitFor { otherEndClosed(peer) })
        try await Task.sleep(for: .milliseconds(20))
        #expect(seen.calls == 1)
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
