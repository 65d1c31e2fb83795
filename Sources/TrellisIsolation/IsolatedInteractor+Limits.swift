import Foundation
@_spi(TrellisHost) import TrellisSDK

/// The limits and words of an isolated route's place in the app.
extension IsolatedInteractor {
    /// The most of a notice from the process that is shown, in characters.
    static let longestNotice = 1_000

    /// The button in its place once its process ended.
    static let restartID = "trellis.restart"

    /// How long the process may go without answering before it is ended:
    /// `TRELLIS_HANG_SECONDS` when set, else 10 s (a screen stuck that long in
    /// the app's process would be ended too).
    package static let hangLimit: Duration = {
        let given = ProcessInfo.processInfo.environment["TRELLIS_HANG_SECONDS"].flatMap(Double.init)
        return .milliseconds(Int(((given.map { $0 > 0 && $0 < 86_400 ? $0 : 10 }) ?? 10) * 1000))
    }()

    /// How long an action waits for the screen it leads to before the app goes
    /// on: a process that takes longer shows it when it comes.
    static let actionWait: Duration = .seconds(1)

    /// What ended a process, from its wait status, for its place.
    package static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal != 0 {
            let name = String(cString: strsignal(signal))
            return "its process ended with signal \(signal) (\(name)); the rest of the app goes on."
        }
        return "its process ended with status \(status >> 8 & 0xFF); the rest of the app goes on."
    }

    /// Its place once its process ended: what ended it, and a restart.
    static func stopped(_ launch: IsolatedLaunch, saying problem: String) -> ViewNode {
        .stack(
            axis: .vertical, spacing: 1,
            children: [
                .styled(.destructive, .text("Route \(launch.routeID) (plugin \(launch.plugin)) stopped")),
                .text(problem), .button(title: "Restart", id: restartID),
            ])
    }
}
