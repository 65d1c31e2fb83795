import TrellisSDK

/// What the list's interactor asks of its router.
@MainActor
protocol NoteListRouting: AnyObject {
    func routeToEditor(of name: String)
    func routeToList()
}

/// What the list's view shows, and tells its interactor.
@MainActor
protocol NoteListPresentable: AnyObject {
    func show(_ state: NoteListState)
    func selections(_ list: String) -> Observable<Int>
    func edits(_ field: String) -> Observable<String>
    func submits(_ field: String) -> Observable<Void>
    func taps(_ id: String) -> Observable<Void>
}

/// The list screen's state.
struct NoteListState: Equatable {
    /// The notes, newest first; `nil` until they are read.
    var notes: [NoteSummary]?
    /// The name typed for a new note.
    var newName = ""
    /// What went wrong reading the folder, if anything.
    var problem: String?
    /// What is wrong with the name typed for a new note, said under its field.
    var nameProblem: String?
}

/// Reads the notes off the main actor, opens the one selected, and creates one.
final class NoteListInteractor: PresentableInteractor<NoteListPresentable>, NoteEditorListener {
    weak var router: NoteListRouting?
    private let store: NoteStore
    private let state = BehaviorRelay(value: NoteListState())

    init(presenter: NoteListPresentable, store: NoteStore) {
        self.store = store
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        state.asObservable().bind { [weak self] in self?.presenter.show($0) }.disposeOnDeactivate(interactor: self)
        presenter.selections("notes")
            .bind { [weak self] row in
                guard let self, let notes = state.value.notes, notes.indices.contains(row) else { return }
                router?.routeToEditor(of: notes[row].name)
            }
            .disposeOnDeactivate(interactor: self)
        presenter.edits("name").bind { [weak self] name in
            self?.update {
                $0.newName = name
                $0.nameProblem = nil
            }
        }
        .disposeOnDeactivate(interactor: self)
        presenter.submits("name").bind { [weak self] in self?.createNote() }.disposeOnDeactivate(interactor: self)
        presenter.taps("New note").bind { [weak self] in self?.createNote() }.disposeOnDeactivate(interactor: self)
        reload()
    }

    /// The editor closed: the list shows what it saved.
    func noteEditorDidClose() {
        reload()
    }

    /// Reads the folder off the main actor; a failure is said on the list.
    private func reload() {
        task { [weak self, store] in
            do {
                let notes = try await offMainActor { try store.list() }
                self?.update {
                    $0.notes = notes
                    $0.problem = nil
                }
            } catch let error as NoteStoreError {
                self?.update {
                    $0.notes = $0.notes ?? []
                    $0.problem = error.description
                }
            }
        }
    }

    /// Opens the note named in the field in the editor; a new one is written
    /// only when the editor saves it.
    private func createNote() {
        let name = state.value.newName.trimmingSpaces
        if let problem = NoteStore.problem(withName: name) {
            update { $0.nameProblem = problem }
            return
        }
        update {
            $0.newName = ""
            $0.nameProblem = nil
        }
        router?.routeToEditor(of: name)
    }

    private func update(_ change: (inout NoteListState) -> Void) {
        var next = state.value
        change(&next)
        state.accept(next)
    }
}

extension String {
    /// The string without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
