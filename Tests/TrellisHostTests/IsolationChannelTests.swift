import Foundation
import Testing
import TrellisSDK

@testable import TrellisHost
@testable import TrellisIsolation

/// The channel to a route's own process reads what that process sends as a
/// network peer's: whole messages, each checked before it is decoded.
@MainActor
struct IsolationChannelTests {
    /// Runs `body` with the two ends of a new socket pair, closed after it.
    private func withPair(_ body: (inout IsolationChannel, inout IsolationChannel) throws -> Void) throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        var host = IsolationChannel(descriptor: ends[0])
        var plugin = IsolationChannel(descriptor: ends[1])
        defer {
            close(ends[0])
            close(ends[1])
        }
        try body(&host, &plugin)
    }

    private func sendRaw(_ bytes: [UInt8], on channel: IsolationChannel) {
        _ = bytes.withUnsafeBytes { Glibc.send(channel.descriptor, $0.baseAddress, $0.count, 0) }
    }

    @Test func messagesCrossWholeAndInOrder() throws {
        try withPair { host, plugin in
            let view = ViewNode.stack(
                axis: .vertical, spacing: 1,
                children: [.text("Now is"), .button(title: "Close", id: "close"), .list(id: "l", rows: ["a", "b"])])

            #expect(plugin.send(.screen(MirroredView(content: view, pushed: [MirroredView(content: .text("over"))]))))
            #expect(plugin.send(.notice("saved")))
            #expect(host.send(.action(path: [0], .tap("close"))))
            let received = host.receive()
            let back = plugin.receive()

            #expect(
                received.messages == [
                    .screen(MirroredView(content: view, pushed: [MirroredView(content: .text("over"))])),
                    .notice("saved"),
                ])
            #expect(received.problem == nil && !received.ended)
            #expect(back.messages == [.action(path: [0], .tap("close"))])
        }
    }

    @Test func aMessageLargerThanTheLimitEndsTheChannelUnread() throws {
        try withPair { host, plugin in
            sendRaw([0xFF, 0xFF, 0xFF, 0xFF, UInt8(ascii: "{")], on: plugin)
            let received = host.receive()

            #expect(received.messages.isEmpty)
            #expect(received.ended)
            #expect(received.problem?.contains("4294967295 bytes") == true, "\(received.problem ?? "")")
        }
    }

    @Test func aMessageNestedTooDeeplyIsNotDecoded() throws {
        try withPair { host, plugin in
            sendRaw(IsolationChannel.framed(Array(String(repeating: "[", count: 100_000).utf8)), on: plugin)
            var received = host.receive()
            while received.messages.isEmpty, received.problem == nil, !received.ended { received = host.receive() }

            #expect(received.problem?.contains("nested more than 256 levels") == true, "\(received.problem ?? "")")
        }
    }

    @Test func whatIsNotAMessageEndsTheChannel() throws {
        try withPair { host, plugin in
            sendRaw(IsolationChannel.framed(Array("{}".utf8)), on: plugin)
            let received = host.receive()

            #expect(received.problem?.contains("not one this trellis reads") == true)
        }
    }

    @Test func aClosedEndIsSaid() throws {
        try withPair { host, plugin in
            shutdown(plugin.descriptor, Int32(SHUT_WR))

            #expect(host.receive().ended)
        }
    }

    @Test func nestingSkipsBracketsInStrings() {
        #expect(IsolationChannel.nesting(of: Array(#"{"a":"[[[\"[[","b":[1]}"#.utf8)) == 2)
    }
}
