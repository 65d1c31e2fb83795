import TrellisSDK

/// What the editor tells the list.
@MainActor
protocol NoteEditorListener: AnyObject {
    /// The editor is closing: what it saved shows in the list.
    func noteEditorDidClose()
}

/// Builds a note's editor.
@MainActor
final class NoteEditorBuilder {
    private let store: NoteStore

    init(store: NoteStore) {
        self.store = store
    }

    func build(name: String, listener: NoteEditorListener) -> ViewableRouting {
        let viewController = NoteEditorViewController(name: name)
        let interactor = NoteEditorInteractor(presenter: viewController, store: store, name: name)
        interactor.listener = listener
        return ViewableRouter(interactor: interactor, viewController: viewController)
    }
}

/// What the editor's view shows, and tells its interactor.
@MainActor
protocol NoteEditorPresentable: AnyObject {
    func show(_ state: NoteEditorState)
    func edits(_ field: String) -> Observable<String>
    func taps(_ id: String) -> Observable<Void>
    func submits(_ field: String) -> Observable<Void>
    var backConfirmation: Alert? { get set }
}

/// The editor's state.
struct NoteEditorState: Equatable {
    /// The text as it is on the disk.
    var saved: String
    /// The text being edited.
    var text: String
    /// What the editor says under the text: saved, recovered, or what failed.
    var message = ""
    /// Why the note cannot be saved over (it could not be read), if so.
    var unreadable: String?
    /// Whether the note has no file yet: a new note is written by its first save.
    var isNew = false

    var hasEdits: Bool { text != saved }
}

/// Edits one note: each edit is kept in a draft at once (so a crash loses
/// nothing), Save writes the note, and back asks before edits are discarded.
final class NoteEditorInteractor: PresentableInteractor<NoteEditorPresentable> {
    weak var listener: NoteEditorListener?
    private let store: NoteStore
    private let name: String
    private let state: BehaviorRelay<NoteEditorState>

    init(presenter: NoteEditorPresentable, store: NoteStore, name: String) {
        self.store = store
        self.name = name
        var state = NoteEditorState(saved: "", text: "")
        do {
            let text = try store.text(of: name)
            state.saved = text ?? ""
            state.text = state.saved
            state.isNew = text == nil
        } catch {
            // Saving over a note that could not be read would lose it.
            state.unreadable = "\(error)"
        }
        if state.unreadable == nil, let draft = store.draft(of: name) {
            if draft != state.saved {
                // What was typed before the app ended without saving it.
                state.text = draft
                state.message = "Recovered edits that were not saved."
            } else {
                // Left by an end between the save's rename and the draft's removal.
                store.discardDraft(of: name)
            }
        }
        self.state = BehaviorRelay(value: state)
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        state.asObservable()
            .bind { [weak self] state in
                self?.presenter.show(state)
                self?.presenter.backConfirmation =
                    state.hasEdits
                    ? Alert(
                        title: "Discard your edits?",
                        message: state.isNew
                            ? "The note was never saved: it is not kept."
                            : "The note keeps the text it was last saved with.",
                        buttons: [.cancel("Keep editing"), .destructive("Discard")])
                    : nil
            }
            .disposeOnDeactivate(interactor: self)
        presenter.edits("text").bind { [weak self] text in self?.edit(text) }.disposeOnDeactivate(interactor: self)
        presenter.taps("Save").bind { [weak self] in self?.save() }.disposeOnDeactivate(interactor: self)
        // Ctrl-S in the text area submits it: a save, as editors have it.
        presenter.submits("text").bind { [weak self] in self?.save() }.disposeOnDeactivate(interactor: self)
        presenter.taps("Discard").bind { [weak self] in self?.discard() }.disposeOnDeactivate(interactor: self)
    }

    override func willResignActive() {
        super.willResignActive()
        listener?.noteEditorDidClose()
    }

    private func edit(_ text: String) {
        var next = state.value
        guard next.unreadable == nil else { return }
        next.text = text
        next.message = ""
        do {
            if next.hasEdits { try store.saveDraft(text, of: name) } else { store.discardDraft(of: name) }
        } catch {
            next.message = "The draft was not kept: \(error)"
        }
        state.accept(next)
    }

    private func save() {
        var next = state.value
        guard next.unreadable == nil else { return }
        do {
            try store.save(next.text, as: name)
            next.saved = next.text
            next.isNew = false
            next.message = "Saved."
        } catch {
            next.message = "Not saved: \(error)"
        }
        state.accept(next)
    }

    /// The answer to back's confirmation that drops the edits.
    private func discard() {
        store.discardDraft(of: name)
    }
}

/// A note's editor: its name, its text in a text area, Save, and what happened.
final class NoteEditorViewController: ViewController, NoteEditorPresentable {
    private let name: String

    init(name: String) {
        self.name = name
        super.init()
        title = name
    }

    func show(_ state: NoteEditorState) {
        if let unreadable = state.unreadable {
            content = .vstack([
                .title(name), .styled(.highlight, .text("This note cannot be opened: \(unreadable)")),
                .text("Nothing is saved over it. Esc goes back."),
            ])
            return
        }
        let status = state.hasEdits ? "Edited, not saved" : state.isNew ? "New note, not saved yet" : "Saved copy"
        content = .vstack([
            .title(name),
            .textArea(id: "text", text: state.text, placeholder: "Write here", width: 60, height: 12),
            .hstack([.button("Save"), .text(state.message.isEmpty ? status : state.message)]),
        ])
    }
}
