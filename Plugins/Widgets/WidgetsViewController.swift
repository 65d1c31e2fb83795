import TrellisSDK

/// The gallery's screen: switches, a progress bar with buttons that move it and a
/// dialog that resets it, and a task under way while its switch is on, between
/// dividers; a secure field 12 columns wide; back asks first while "Ask before
/// leaving" is on.
final class WidgetsViewController: ViewController, WidgetsPresentable {
    func show(_ state: WidgetsState) {
        let radios = "Wi-Fi \(state.wifi ? "on" : "off") · Bluetooth \(state.bluetooth ? "on" : "off")"
        content = .vstack([
            .title("Widgets: switches, progress and dividers"),
            // A grid of one column lines the switches' boxes up.
            .grid(
                columns: 1,
                cells: [
                    .toggle("Wi-Fi", isOn: state.wifi), .toggle("Bluetooth", isOn: state.bluetooth), .text(radios),
                    .toggle("Ask before leaving", isOn: state.asksBeforeLeaving),
                    .hstack([
                        .secureField(id: "password", text: state.password, placeholder: "Password", width: 12),
                        .text(state.password.isEmpty ? "no password" : "\(state.password.count) characters"),
                    ]),
                ]),
            .divider,
            .progress(Double(state.download) / 10, label: "Download"),
            .hstack([.button("Less"), .button("More"), .button(title: "Delete…", id: "Delete the download")]),
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
