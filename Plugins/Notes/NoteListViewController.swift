import TrellisSDK

/// The list of notes: a row each with its first line and when it was saved, a
/// filter (`/`), and a field that names a new note.
final class NoteListViewController: ViewController, NoteListPresentable {
    init() {
        super.init(content: .text("Reading the notes…"))
        title = "notes"
    }

    func show(_ state: NoteListState) {
        guard let notes = state.notes else { return }
        let rows = notes.map { note in
            // A long name is cut, so the others' first lines and dates stay in sight.
            ListRow(
                note.name.count > 30 ? note.name.prefix(29) + "…" : note.name, subtitle: note.firstLine,
                badge: note.hasDraft ? "draft · " + note.modified : note.modified)
        }
        // The list first: it has the focus, so `/` filters it and Enter opens a note.
        var children: [ViewNode] = [
            .title("Notes"),
            rows.isEmpty ? .text("No notes yet: name one below.") : .rows(id: "notes", rows: rows),
            .text("\(notes.count) \(notes.count == 1 ? "note" : "notes") · / filters · Enter opens"),
            .hstack([
                .form([
                    FormRow(
                        "Name",
                        .textField(id: "name", text: state.newName, placeholder: "Name of a new note", width: 24),
                        error: state.nameProblem ?? "")
                ]),
                .button("New note"),
            ]),
        ]
        if let problem = state.problem { children.append(.styled(.highlight, .text(problem))) }
        content = .vstack(children)
    }
}
