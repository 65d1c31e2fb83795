import Foundation
import Testing
import TrellisSDK

@testable import TrellisHost

/// The channel to a route's own process reads what that process sends as a
/// network peer's: whole messages, each checked before it is decoded.
@MainActor
struct IsolationChannelTests {
    private func pair() throws -> (IsolationChannel, IsolationChannel) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (IsolationChannel(descriptor: ends[0]), IsolationChannel(descriptor: ends[1]))
    }

    private func sendRaw(_ bytes: [UInt8], on channel: IsolationChannel) {
        _ = bytes.withUnsafeBytes { Glibc.send(channel.descriptor, $0.baseAddress, $0.count, 0) }
    }

    @Test func messagesCrossWholeAndInOrder() throws {
        var (host, plugin) = try pair()
        defer {
            close(host.descriptor)
            close(plugin.descriptor)
        }
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
                .screen(MirroredView(content: view, pushed: [MirroredView(content: .text("over"))])), .notice("saved"),
            ])
        #expect(received.problem == nil && !received.ended)
        #expect(back.messages == [.action(path: [0], .tap("close"))])
    }

    @Test func aMessageLargerThanTheLimitEndsTheChannelUnread() throws {
        var (host, plugin) = try pair()
        defer {
            close(host.descriptor)
            close(plugin.descriptor)
        }
        sendRaw([0xFF, 0xFF, 0xFF, 0xFF, UInt8(ascii: "{")], on: plugin)
        let received = host.receive()

        #expect(received.messages.isEmpty)
        #expect(received.ended)
        #expect(received.problem?.contains("4294967295 bytes") == true, "\(received.problem ?? "")")
    }

    @Test func aMessageNestedTooDeeplyIsNotDecoded() throws {
        var (host, plugin) = try pair()
        defer {
            close(host.descriptor)
            close(plugin.descriptor)
        }
        let json = Array(String(repeating: "[", count: 100_000).utf8)
        let count = UInt32(json.count)
        sendRaw(
            [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + json,
            on: plugin)
        var received = host.receive()
        while received.messages.isEmpty, received.problem == nil, !received.ended { received = host.receive() }

        #expect(received.problem?.contains("nested more than 256 levels") == true, "\(received.problem ?? "")")
    }

    @Test func whatIsNotAMessageEndsTheChannel() throws {
        var (host, plugin) = try pair()
        defer {
            close(host.descriptor)
            close(plugin.descriptor)
        }
        sendRaw([0, 0, 0, 2, UInt8(ascii: "{"), UInt8(ascii: "}")], on: plugin)
        let received = host.receive()

        #expect(received.problem?.contains("not one this trellis reads") == true)
    }

    @Test func aClosedEndIsSaid() throws {
        var (host, plugin) = try pair()
        defer { close(host.descriptor) }
        close(plugin.descriptor)

        #expect(host.receive().ended)
    }

    @Test func nestingSkipsBracketsInStrings() {
        #expect(IsolationChannel.nesting(of: Array(#"{"a":"[[[\"[[","b":[1]}"#.utf8)) == 2)
    }
}
