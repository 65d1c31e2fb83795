import Foundation
import Testing
import TrellisSDK

@testable import TrellisCore
@testable import TrellisHost
@testable import TrellisIsolation

/// What a route's own process sends, mutated, through the app's end of the
/// channel and onto its screen: a message is read or refused (and why said),
/// never a trap, a hang or a read past what was sent.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ChannelFuzzTests {
    /// Messages a process sends, as it encodes them.
    static var seeds: [[UInt8]] {
        let form = ViewNode.form([
            FormRow("Name", .textField(id: "name", text: "Ada", placeholder: "name", width: 12)),
            FormRow("On", .toggle("Sync", isOn: true, id: "sync")),
        ])
        let table = ViewNode.table(Table(id: "t", columns: [TableColumn("Name")], rows: [["x"], ["y"]]))
        let screen = MirroredView(
            content: .stack(
                axis: .vertical, spacing: 1,
                children: [
                    .text("Now is"), .button(title: "Close", id: "close"), .list(id: "rows", rows: ["a", "b", "c"]),
                    table, form, .progress(0.5, label: "Copying"),
                ]),
            title: "Main", backConfirmation: Alert(title: "Leave?", buttons: [Alert.Button("Leave", id: "go")]),
            rowStyles: ["rows": [1: .destructive]], goesBack: true,
            pushed: [MirroredView(content: .text("pushed"), goesBack: true)],
            presented: [MirroredView(content: .text("over"))])
        let messages: [IsolationMessage] = [
            .screen(screen), .notice("saved"), .handled, .alive, .dismiss, .action(path: [0, -1], .tap("close")),
            .patch([
                ScreenPatch(view: [], node: [2], replacement: .list(id: "rows", rows: ["d"])),
                ScreenPatch(view: [0], node: [], replacement: .text("pushed again")),
            ]),
        ]
        // Keys sorted: the same bytes in every run, so the same mutations.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return messages.compactMap { try? Array(encoder.encode($0)) }
    }

    @Test func mutatedMessagesAreReadOrRefusedAndWhatIsReadIsDrawn() throws {
        let seeds = Self.seeds
        #expect(seeds.count == 7)
        var random = FuzzTests.Generator(state: 0xC4A2_2E11)
        var outcomes: [String: Int] = [:]
        guard case let .screen(base) = try JSONDecoder().decode(IsolationMessage.self, from: Data(seeds[0])) else {
            Issue.record("the first seed is a screen")
            return
        }
        var ends: [Int32] = [-1, -1]
        var host: IsolationChannel?
        defer { for end in ends where end >= 0 { close(end) } }
        for round in 0..<1500 {
            if host == nil {
                for end in ends where end >= 0 { close(end) }
                try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
                host = IsolationChannel(descriptor: ends[0])
            }
            let seed = seeds[round % seeds.count]
            var bytes = IsolationChannel.framed(round % 4 == 0 ? seed : FuzzTests.mutate(seed, with: &random))
            // A length that lies, now and then: longer or shorter than what follows.
            if round % 7 == 0 { bytes[3] = UInt8.random(in: 0...255, using: &random) }
            try Data(bytes).write(to: FuzzTests.evidence)
            _ = bytes.withUnsafeBytes { send(ends[1], $0.baseAddress, $0.count, 0) }
            let received = host!.receive()
            for message in received.messages {
                outcomes["read", default: 0] += 1
                let mirror: MirroredView
                switch message {
                case let .screen(whole): mirror = whole
                case let .patch(patches):
                    // Onto the screen of the first seed, as the app applies them.
                    outcomes["patches", default: 0] += 1
                    guard let patched = base.applying(patches) else { continue }
                    mirror = patched
                default: continue
                }
                let view = ViewController(content: .text(""))
                view.show(mirror, at: []) { _ in }
                let frame = Window(width: Int.random(in: 10...120, using: &random), height: 24).draw(
                    root: view, status: StatusLine(), focus: nil, fieldCursor: nil)
                #expect(!frame.canvas.text.isEmpty)
                outcomes["drawn", default: 0] += 1
            }
            if let problem = received.problem {
                #expect(!problem.isEmpty)
                outcomes["refused", default: 0] += 1
                host = nil
            }
        }
        #expect(outcomes["refused", default: 0] > 200, "\(outcomes)")
        #expect(outcomes["drawn", default: 0] > 50, "\(outcomes)")
        #expect(outcomes["patches", default: 0] > 50, "\(outcomes)")
        try? FileManager.default.removeItem(at: FuzzTests.evidence)
    }

    /// A process that writes without pause is read a part at a time, and its
    /// reader returns: the app's loop turns between the parts.
    @Test func aFloodIsReadAPartAtATime() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { for end in ends { close(end) } }
        let message = IsolationChannel.framed(Array(#"{"notice":{"_0":"flood"}}"#.utf8))
        var size = Int32(16 << 20)
        setsockopt(ends[1], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(ends[0], SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let batch = Array([[UInt8]](repeating: message, count: 4096).joined())
        var written = 0
        while written < IsolationChannel.readBudget * 2 {
            let sent = batch.withUnsafeBytes { send(ends[1], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard sent > 0 else { break }
            written += sent
        }
        var host = IsolationChannel(descriptor: ends[0])
        let first = host.receive()

        #expect(written > IsolationChannel.readBudget, "the socket took \(written) bytes")
        #expect(first.messages.count * message.count <= IsolationChannel.readBudget)
        #expect(first.problem == nil && !first.ended)
        #expect(host.receive().messages.count > 0, "the rest is read by the next call")
    }

    @Test func aFloodLimitCountsBytesAskedForOrNot() {
        var limit = FloodLimit()
        limit.expectAnswers(10)

        #expect(limit.count(2, bytes: IsolationChannel.largestMessage) == nil)
        #expect(limit.count(2, bytes: IsolationChannel.largestMessage + 1)?.contains("MiB in a second") == true)
    }

    /// A launch argument with a zero byte would end early, or split in two for
    /// a process started ahead (`--state` text a process sent back, say): refused.
    @Test func aLaunchArgumentWithAZeroByteIsRefused() {
        let started = PluginHosts().start(["config.json", "--state", "x\u{0}--write\u{0}/"])

        guard case let .failure(error) = started else {
            Issue.record("started a process with a zero byte in its arguments")
            return
        }
        #expect(error.message.contains("zero byte"))
    }

    @Test func aFloodLimitCountsWhatWasNotAskedFor() {
        var limit = FloodLimit()
        limit.expectAnswers(2 * 600)

        #expect(limit.count(1_200) == nil, "600 actions' answers and 0 unasked")
        #expect(limit.count(FloodLimit.perSecond) == nil)
        #expect(limit.count(1)?.contains("a flood") == true)
    }
}
