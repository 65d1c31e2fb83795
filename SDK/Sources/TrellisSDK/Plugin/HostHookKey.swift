internal import Synchronization

/// The capability to change the SDK's ``HostHooks``: given once in a process, to
/// the first caller of ``claim()``. The host claims it before it opens any
/// plugin, so a plugin that asks gets nothing.
@_spi(TrellisHost)
public final class HostHookKey: Sendable {
    private init() {}

    private static let isClaimed = Atomic<Bool>(false)

    /// The key, to the first caller in the process; `nil` to every later one.
    public static func claim() -> HostHookKey? {
        let (claimed, _) = isClaimed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
        return claimed ? HostHookKey() : nil
    }
}

extension HostHooks {
    /// The hooks, changed together by ``change(with:_:)``.
    public struct Hooks {
        /// As ``HostHooks/onScreenChange``.
        public var onScreenChange: (@MainActor () -> Void)?
        /// As ``HostHooks/onTaskFailure``.
        public var onTaskFailure: ((Interactor, any Error) -> Void)?
        /// As ``HostHooks/onMisuse``.
        public var onMisuse: ((String) -> Void)?
        /// As ``HostHooks/onDetach``.
        public var onDetach: (@MainActor (_ child: Routing, _ parent: Routing) -> Void)?
        /// As ``HostHooks/onNotice``.
        public var onNotice: ((String) -> Void)?
        /// As ``HostHooks/onDeallocation``.
        public var onDeallocation: (@Sendable (Int) -> Void)?
    }

    /// Changes the hooks `body` changes: only the holder of `key` can.
    public static func change(with key: HostHookKey, _ body: (inout Hooks) -> Void) {
        var hooks = Hooks(
            onScreenChange: onScreenChange, onTaskFailure: onTaskFailure, onMisuse: onMisuse, onDetach: onDetach,
            onNotice: onNotice, onDeallocation: onDeallocation)
        body(&hooks)
        onScreenChange = hooks.onScreenChange
        onTaskFailure = hooks.onTaskFailure
        onMisuse = hooks.onMisuse
        onDetach = hooks.onDetach
        onNotice = hooks.onNotice
        onDeallocation = hooks.onDeallocation
    }
}
