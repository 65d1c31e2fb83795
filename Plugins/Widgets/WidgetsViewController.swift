import TrellisSDK

/// The gallery's screen: switches, a progress bar with buttons that move it and a
/// dialog that resets it, and a task under way while its switch is on, between
/// dividers; a secure field 12 columns wide in a form row; a picker; a text area in a tab of its
/// own, and an About tab; back asks first while "Ask before leaving" is on.
final class WidgetsViewController: ViewController, WidgetsPresentable {
    func show(_ state: WidgetsState) {
        // Rows shown to be read: Enter on them does nothing, and the status line does not offer it.
        listsForReading = ["kinds", "lines", "sizes"]
        content = .tabs(
            id: "page", titles: ["Controls", "Note", "Layout", "About"], selected: state.page,
            content: [controls(state), note(state), layout(state), about][min(max(state.page, 0), 3)])
    }

    private func controls(_ state: WidgetsState) -> ViewNode {
        let radios = "Wi-Fi \(state.wifi ? "on" : "off") · Bluetooth \(state.bluetooth ? "on" : "off")"
        let every = WidgetsState.syncPeriods[state.syncEvery]
        return .vstack([
            // A grid of one column lines the switches' boxes up.
            .grid(
                columns: 1,
                cells: [
                    .toggle("Wi-Fi", isOn: state.wifi), .toggle("Bluetooth", isOn: state.bluetooth), .text(radios),
                    .toggle("Ask before leaving", isOn: state.asksBeforeLeaving),
                    // A form row: the label names the field, the count and what is wrong go under it.
                    .form([
                        FormRow(
                            "Password",
                            .secureField(id: "password", text: state.password, placeholder: "8 or more", width: 12),
                            help: state.password.isEmpty ? "no password" : "\(state.password.count) characters",
                            error: (1..<8).contains(state.password.count) ? "8 characters or more" : "")
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
                    .picker("Every", options: WidgetsState.syncPeriods, selected: state.syncEvery),
                    state.syncing ? .progress(nil, label: "Syncing your notes every \(every)") : .text("Not syncing"),
                ]),
        ])
    }

    private func note(_ state: WidgetsState) -> ViewNode {
        let lines = state.note.isEmpty ? 0 : state.note.split(separator: "\n", omittingEmptySubsequences: false).count
        let numbered = state.note.isEmpty ? [] : state.note.split(separator: "\n", omittingEmptySubsequences: false)
        return .vstack([
            .textArea(id: "note", text: state.note, placeholder: "Write a note", width: 50, height: 8),
            .text("\(lines) \(lines == 1 ? "line" : "lines"), \(state.note.count) characters"),
            // The note's lines as a table, as they are typed.
            .table(
                Table(
                    id: "lines",
                    columns: [
                        TableColumn("Line", alignment: .trailing), TableColumn("Text", width: 30),
                        TableColumn("Length", alignment: .trailing),
                    ],
                    rows: numbered.enumerated().map { ["\($0 + 1)", String($1), "\($1.count)"] })),
        ])
    }

    /// Panes: a sidebar of planets beside a sortable table and a scroll view.
    private func layout(_ state: WidgetsState) -> ViewNode {
        let planets = state.sortedPlanets
        let sorting = state.planetSorting
        let chosen = Planet.all[min(max(state.planet, 0), Planet.all.count - 1)]
        return .panes(
            .horizontal,
            [
                Pane(.cells(14), .rows(id: "planets", rows: Planet.all.map { ListRow($0.name) })),
                Pane(
                    .rest,
                    .vstack([
                        .hstack([.title(chosen.name), .spacer, .text("\(chosen.moons) moons")]),
                        .table(
                            Table(
                                id: "sizes",
                                columns: [
                                    TableColumn("Planet", width: .fraction(0.4)),
                                    TableColumn("Moons", alignment: .trailing),
                                    TableColumn("Day (h)", alignment: .trailing),
                                ],
                                rows: planets.map { [$0.name, "\($0.moons)", "\($0.day)"] }, sorting: sorting,
                                allowsSorting: true)),
                        .scroll(id: "notes", height: 3, .text(chosen.notes)),
                    ])),
            ])
    }

    private var about: ViewNode {
        .vstack([
            .title("Widgets: the view kinds of SDK 1.1"),
            .label(title: "Plugins/Widgets shows how each is made", icon: "✎"),
            .image(Image(source: "gallery.png", alternativeText: "The gallery's Controls tab")),
            .rows(
                id: "kinds",
                rows: [
                    ListRow("Switches, progress, dividers", subtitle: "Controls", badge: "1.1"),
                    ListRow("Fields of a width, secure fields", subtitle: "Controls", badge: "1.1"),
                    ListRow("Pickers, tabs, dialogs", subtitle: "Controls", badge: "1.1"),
                    ListRow("Text areas", subtitle: "Note", badge: "1.1"),
                    ListRow("Rows, labels, images", subtitle: "About", badge: "1.1"),
                ]),
        ])
    }
}
