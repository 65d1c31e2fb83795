import Glibc
import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { NotesPlugin() }
}

/// A notes app: a list of the notes in a folder, and an editor for one.
final class NotesPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        NotesBuilder(dependency: EmptyComponent())
    }
}

/// Builds the list's RIB: the folder comes from the route's `folder` parameter.
final class NotesBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let store = NoteStore(folder: try NotesBuilder.folder(from: context))
        let viewController = NoteListViewController()
        let interactor = NoteListInteractor(presenter: viewController, store: store)
        return NotesRouter(
            interactor: interactor, viewController: viewController, editorBuilder: NoteEditorBuilder(store: store))
    }

    /// The folder the route names, with `~` as the home folder; by default
    /// `$XDG_DATA_HOME/trellis/notes`, else `~/.local/share/trellis/notes`.
    static func folder(from context: ScreenContext) throws -> String {
        let home = environment("HOME") ?? passwordHome() ?? "/"
        guard let given = try context.parameter("folder", as: String.self), !given.isEmpty else {
            let data = environment("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
            return data + "/trellis/notes"
        }
        if given == "~" { return home }
        if given.hasPrefix("~/") { return home + given.dropFirst() }
        if given.hasPrefix("/") { return given }
        guard let cwd = getcwd(nil, 0) else { return given }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + given
    }

    /// The user's home folder from the password database, for a process started without `HOME`.
    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Routes from the list to a note's editor, pushed over the list, and back.
final class NotesRouter: ViewableRouter<NoteListInteractor, NoteListViewController>, NoteListRouting {
    private let editorBuilder: NoteEditorBuilder
    private var editor: ViewableRouting?

    init(interactor: NoteListInteractor, viewController: NoteListViewController, editorBuilder: NoteEditorBuilder) {
        self.editorBuilder = editorBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    func routeToEditor(of name: String) {
        routeToList()
        let editor = editorBuilder.build(name: name, listener: interactor)
        self.editor = editor
        attachChild(editor)
        let view = editor.viewControllable.viewController
        // Esc on the editor comes here (after its confirmation, when it has edits).
        view.backAction = { [weak self] in self?.routeToList() }
        viewController.push(view)
    }

    func routeToList() {
        guard let editor else { return }
        viewController.pop(editor.viewControllable)
        detachChild(editor)
        self.editor = nil
    }
}
