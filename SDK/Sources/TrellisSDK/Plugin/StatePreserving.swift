/// A RIB whose state survives a live swap of its plugin (`trellis run --watch`,
/// the headless `reload`).
///
/// When the host swaps a screen for a new build of its plugin, it asks the old
/// interactor for ``preservedState``, encodes it as JSON, and hands it to the new
/// build, which reads it back with ``ScreenContext/preservedState(as:)``. The state
/// crosses from one image of the plugin to another as JSON, so the new build may
/// decode it into its own, changed type; a field it adds must be optional (or
/// read with `decodeIfPresent` in its own `init(from:)`), since the old build's
/// state does not have it.
///
/// ```swift
/// final class GameInteractor: PresentableInteractor<GameViewController>, StatePreserving {
///     var preservedState: Board { board }
/// }
/// // In the builder:
/// let board = context.preservedState(as: Board.self) ?? Board()
/// ```
@MainActor
public protocol StatePreserving: AnyObject {
    /// The state the screen keeps across a swap.
    associatedtype PreservedState: Codable

    /// The state to hand the new build, read just before the old one is detached.
    var preservedState: PreservedState { get }
}

extension ScreenContext {
    /// The state the previous build of this screen saved, when this build replaces
    /// it in a live swap; `nil` on a first build, and when the saved state does not
    /// decode as `State` (the host then says so, and the screen starts afresh).
    public func preservedState<State: Decodable>(as type: State.Type) -> State? {
        guard let decodeState else { return nil }
        do {
            return try decodeState(type) as? State
        } catch {
            HostHooks.notify(
                "route \(routeID): the state saved before the swap does not decode as \(State.self) "
                    + "(\(error)); the screen starts afresh")
            return nil
        }
    }
}
