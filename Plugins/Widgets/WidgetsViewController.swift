import TrellisSDK

/// The gallery's screen: switches, a progress bar with buttons that move it, and
/// a task under way while its switch is on, between dividers.
final class WidgetsViewController: ViewController, WidgetsPresentable {
    func show(_ state: WidgetsState) {
        let radios = "Wi-Fi \(state.wifi ? "on" : "off") · Bluetooth \(state.bluetooth ? "on" : "off")"
        content = .vstack([
            .title("Widgets: switches, progress and dividers"),
            // A grid of one column lines the switches' boxes up.
            .grid(
                columns: 1,
                cells: [.toggle("Wi-Fi", isOn: state.wifi), .toggle("Bluetooth", isOn: state.bluetooth), .text(radios)]),
            .divider,
            .progress(Double(state.download) / 10, label: "Download"),
            .hstack([.button("Less"), .button("More")]),
            .divider,
            .grid(
                columns: 1,
                cells: [
                    .toggle("Sync", isOn: state.syncing),
                    state.syncing ? .progress(nil, label: "Syncing your notes") : .text("Not syncing"),
                ]),
        ])
    }
}
