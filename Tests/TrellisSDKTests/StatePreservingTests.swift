import Testing

@_spi(TrellisHost) @testable import TrellisSDK

/// `StatePreserving` and `ScreenContext.preservedState(as:)`: what a screen saved
/// before a live swap, read back by the new build, or `nil` and a notice.
@MainActor
struct StatePreservingTests {
    private struct Game: Codable, Equatable {
        var moves: [Int]
    }

    private final class GameInteractor: Interactor, StatePreserving {
        var preservedState: Game { Game(moves: [1, 5]) }
    }

    private struct Undecodable: Error {}

    private func context(decoding: ((any Decodable.Type) throws -> Any)?) -> ScreenContext {
        let context = ScreenContext(routeID: "game", slot: { _ in fatalError("no slots here") })
        context.decodeState = decoding
        return context
    }

    @Test func aFirstBuildHasNoState() {
        #expect(context(decoding: nil).preservedState(as: Game.self) == nil)
    }

    @Test func aSwappedBuildReadsWhatTheOldOneSaved() throws {
        // What the host does: the old interactor's state, handed to the new build.
        let saver: any StatePreserving = GameInteractor()
        let saved = try #require(saver.preservedState as? Game)
        #expect(context(decoding: { _ in saved }).preservedState(as: Game.self) == Game(moves: [1, 5]))
    }

    @Test func stateThatDoesNotDecodeIsNilAndSaidSo() {
        var notices: [String] = []
        HostHooks.onNotice = { notices.append($0) }
        defer { HostHooks.onNotice = nil }

        let state = context(decoding: { _ in throw Undecodable() }).preservedState(as: Game.self)

        #expect(state == nil)
        #expect(
            notices.count == 1
                && notices[0].hasPrefix("route game: the state saved before the swap does not decode as Game"),
            "\(notices)")
    }
}
