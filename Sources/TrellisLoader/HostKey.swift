import Foundation
@_spi(TrellisHost) import TrellisSDK

/// The host's key to the SDK's hooks (``HostHookKey``): claimed before the first
/// plugin is mapped, so that no plugin can claim it and switch the leak checks
/// or the reports off for every plugin.
package enum HostKey {
    /// `nil` only when code that ran before trellis's own claimed it first.
    package static let hooks = HostHookKey.claim()

    /// Claims the key, if it is not the host's yet: before a plugin is mapped.
    package static func claim() {
        _ = hooks
    }

    /// Changes the SDK's hooks. Without the key (claimed before the host), they
    /// stay as they are, and standard error says so.
    @MainActor
    package static func changeHooks(_ body: (inout HostHooks.Hooks) -> Void) {
        guard let hooks else {
            FileHandle.standardError.write(
                Data(
                    ("trellis: the SDK's hooks were claimed before trellis started, so leak checks and plugins' "
                        + "reports may not reach trellis; report this with the plugins you use\n").utf8))
            return
        }
        HostHooks.change(with: hooks, body)
    }
}
