import Dispatch
import TrellisPlatform

/// The route processes an app starts (`trellis plugin-host`), for the route
/// trees of one context: one is kept started ahead (a spare, waiting on its
/// channel for its route), so that opening an isolated route does not wait for
/// a process to start and load its libraries; and how many are starting, which
/// a headless script waits for.
///
/// The trees of one app share it (`serve`'s tabs take the same spare); the
/// spare ends with it.
@MainActor
package final class PluginHosts {
    /// The spare, waiting for its route.
    private var spare: PluginHostProcess?
    private var spareWanted = false
    /// How many isolated routes have started a process that has not yet sent its
    /// first screen: work under way, which a headless script waits for.
    package private(set) var starting = 0

    package nonisolated init() {}

    isolated deinit {
        spare?.end()
    }

    /// Starts `trellis plugin-host arguments…`: taken from the spare, which is
    /// sent its arguments, else started now. Another spare is started after.
    package func start(_ arguments: [String]) -> Result<PluginHostProcess, PluginHostProcess.SpawnError> {
        // A zero byte would end an argument early, or split it in two for a spare.
        if let bad = arguments.first(where: { $0.utf8.contains(0) }) {
            return .failure(
                .init(message: "an argument holds a zero byte: \(bad.prefix(80).escapingControlCharacters)"))
        }
        defer { keepSpare() }
        if let spare {
            self.spare = nil
            if spare.send(launch: arguments) { return .success(spare) }
            spare.end()
        }
        return PluginHostProcess.spawn(arguments)
    }

    /// Starts a spare soon, if there is none: when the screen that asked is up.
    package func keepSpare() {
        guard spare == nil, !spareWanted else { return }
        spareWanted = true
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) { [weak self] in
            MainActor.assumeIsolated { self?.startSpare() }
        }
    }

    private func startSpare() {
        spareWanted = false
        if spare == nil, case let .success(started) = PluginHostProcess.spawn(["--spare"]) { spare = started }
    }

    /// Notes that a route's process started (`true`) or sent its first screen or
    /// ended (`false`).
    func noteStarting(_ isStarting: Bool) {
        starting += isStarting ? 1 : -1
    }
}
