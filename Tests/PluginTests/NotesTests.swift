import Foundation
import Testing
import TrellisSDK
import TrellisTestSupport
import TrellisTesting

@testable import Notes

/// The Notes demo driven with the testing kit, on a folder of its own: the list
/// read off the main actor, the editor's draft and save on the disk, and back's
/// confirmation.
@MainActor
struct NotesTests {
    let folder: TemporaryFolder
    let notes: URL

    init() throws {
        folder = try TemporaryFolder()
        notes = folder.url.appendingPathComponent("notes")
    }

    private func openNotes() throws -> ScreenTester {
        try ScreenTester(
            NotesBuilder(dependency: EmptyComponent()), route: "notes",
            parameters: .object(["folder": .string(notes.path)]))
    }

    private func file(_ name: String) -> String? {
        try? String(contentsOf: notes.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aFirstRunMakesTheFolderWithAWelcomeNote() async throws {
        let screen = try openNotes()
        try await screen.expect("1 note · / filters · Enter opens")
        #expect(screen.lines.contains { $0.hasPrefix("Welcome  Welcome to Notes  20") })
        #expect(file("Welcome.txt")?.hasPrefix("Welcome to Notes\n") == true)
    }

    /// A sandboxed run's folder is made by the app, empty, when the user grants
    /// it: Notes welcomed nobody there. An empty folder is welcomed once; one
    /// whose notes were all removed is not welcomed again.
    @Test func anEmptyFolderIsWelcomedOnceAndNotAgainOnceEmptied() async throws {
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        let first = try openNotes()
        try await first.expect("1 note · / filters · Enter opens")
        try FileManager.default.removeItem(at: notes.appendingPathComponent("Welcome.txt"))
        let again = try openNotes()
        try await again.expect("No notes yet")

        #expect(file("Welcome.txt") == nil, "not welcomed twice")
    }

    @Test func editsAreKeptInADraftUntilSavedAndSavingWritesTheFile() async throws {
        try folder.write("Milk\nEggs\n", to: "notes/Shopping.txt")
        let screen = try openNotes()
        try await screen.expect("Shopping  Milk")
        try screen.tap("Shopping")
        try await screen.expect("Saved copy")
        #expect(screen.lines.contains { $0.hasPrefix("│Milk") })

        try screen.type("Bread", into: "Write here")
        #expect(screen.lines.contains { $0.hasPrefix("│Bread ") }, "typed at the end, on the last line")
        #expect(file(".Shopping.txt.draft") == "Milk\nEggs\nBread", "each edit kept on the disk at once")
        #expect(file("Shopping.txt") == "Milk\nEggs\n", "the note itself waits for Save")

        try screen.tap("Save")
        #expect(screen.lines.contains { $0.contains("[ Save ]  Saved.") })
        #expect(file("Shopping.txt") == "Milk\nEggs\nBread")
        #expect(file(".Shopping.txt.draft") == nil, "saved, the draft is gone")
        #expect(
            !FileManager.default.fileExists(atPath: notes.appendingPathComponent("Shopping.txt.\(getpid()).tmp").path))

        try folder.write("Bread first\n", to: "notes/Shopping.txt")
        try screen.back()
        try await screen.expect("Shopping  Bread first", within: .seconds(5))
    }

    @Test func backAsksBeforeDiscardingEditsAndDiscardDropsTheDraft() async throws {
        try folder.write("Call Ann\n", to: "notes/Todo.txt")
        let screen = try openNotes()
        try await screen.expect("Todo  Call Ann")
        try screen.tap("Todo")
        try screen.type("x", into: "Write here")

        try screen.back()
        try await screen.expect("Discard your edits?")
        try screen.tap("Keep editing")
        #expect(screen.lines.contains { $0.hasPrefix("│x ") }, "kept editing, the edit is there")

        try screen.back()
        try screen.tap("Discard")
        try await screen.expect("Todo  Call Ann")
        #expect(file(".Todo.txt.draft") == nil)
        #expect(file("Todo.txt") == "Call Ann\n")
        try await screen.expectDeallocatedAfterDetach()
    }

    @Test func aDraftLeftByACrashIsRecoveredWhenTheNoteOpens() async throws {
        try folder.write("Call Ann\n", to: "notes/Todo.txt")
        try folder.write("Call Ann and Bob\n", to: "notes/.Todo.txt.draft")
        let screen = try openNotes()
        try await screen.expect("draft · ")
        try screen.tap("Todo")
        try await screen.expect("Recovered edits that were not saved.")
        #expect(screen.lines.contains { $0.hasPrefix("│Call Ann and Bob") })
    }

    @Test func aNewNoteIsNamedCheckedAndOpened() async throws {
        let screen = try openNotes()
        try await screen.expect("Welcome")
        try screen.type("a/b", into: "Name")
        try screen.tap("New note")
        // The form row's error line, under its field, where the field starts.
        let drawn = screen.text.split(separator: "\n").map(String.init)
        let field = try #require(drawn.firstIndex { $0.contains("Name  [a/b") })
        let box = try #require(drawn[field].range(of: "[a/b")).lowerBound
        let fieldColumn = drawn[field].distance(from: drawn[field].startIndex, to: box)
        #expect(
            drawn[field + 1].dropFirst(fieldColumn).hasPrefix("a name cannot hold a slash or a line break"),
            "\(screen.text)")

        try screen.replaceText(in: "Name of a new note", with: "Ideas")
        try screen.submit("Name of a new note")
        try await screen.expect("New note, not saved yet")
        #expect(screen.lines.first == "Ideas", "the editor of the new note")
        #expect(file("Ideas.txt") == nil, "written by its first save")
        try screen.tap("Save")
        try await screen.expect("Saved.")
        #expect(file("Ideas.txt") == "")
    }

    /// New note, then Esc, used to leave an empty file behind (and a kill while
    /// its editor was open, still does so): a note is made by its first save.
    @Test func aNewNoteLeftWithoutAWordLeavesNoFile() async throws {
        let screen = try openNotes()
        try await screen.expect("Welcome")
        try screen.type("Empty", into: "Name of a new note")
        try screen.submit("Name of a new note")
        try await screen.expect("New note, not saved yet")
        #expect(file("Empty.txt") == nil, "nothing on the disk while it is open")
        try screen.back()
        try await screen.expect("1 note · / filters")
        #expect(file("Empty.txt") == nil)

        try screen.type("Kept", into: "Name of a new note")
        try screen.submit("Name of a new note")
        try await screen.expect("New note, not saved yet")
        try screen.type("a word", into: "Write here")
        try screen.tap("Save")
        try await screen.expect("Saved.")
        try screen.back()
        try await screen.expect("2 notes · / filters")
        #expect(file("Kept.txt") == "a word")
    }
}

/// What the Notes demo does with files it cannot safely edit.
@MainActor
struct NotesSafetyTests {
    @Test func aNoteThatIsNotUTF8IsNeverSavedOver() async throws {
        let folder = try TemporaryFolder()
        let notes = folder.url.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        let latin1 = Data([0x43, 0x61, 0x66, 0xE9, 0x0A])
        try latin1.write(to: notes.appendingPathComponent("Café.txt"))
        let screen = try ScreenTester(
            NotesBuilder(dependency: EmptyComponent()), route: "notes",
            parameters: .object(["folder": .string(notes.path)]))
        try await screen.expect("Café")
        try screen.tap("Café")

        try await screen.expect("This note cannot be opened")
        #expect(!screen.text.contains("[ Save ]"), "no Save over a note that was not read")
        #expect(try Data(contentsOf: notes.appendingPathComponent("Café.txt")) == latin1)
    }

    @Test func aSaveKeepsTheNotesPermissionsAndNamesAreCheckedInBytes() throws {
        let folder = try TemporaryFolder()
        let store = NoteStore(folder: folder.url.path)
        try store.save("secret", as: "Diary")
        let path = folder.url.appendingPathComponent("Diary.txt").path
        chmod(path, 0o600)
        try store.save("more secret", as: "Diary")

        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "a private note stays private")
        #expect(NoteStore.problem(withName: String(repeating: "界", count: 70)) != nil, "210 bytes")
        #expect(NoteStore.problem(withName: String(repeating: "界", count: 60)) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Diary.txt"])
    }

    /// A saved note that was a symbolic link became a plain file (the file it
    /// pointed to kept the old text), and one with a hard link lost it.
    @Test func aSaveKeepsANoteThatIsALinkALink() throws {
        let folder = try TemporaryFolder()
        let notes = folder.url.appendingPathComponent("notes")
        let store = NoteStore(folder: notes.path)
        _ = try store.list()
        let elsewhere = try folder.write("old\n", to: "elsewhere.txt")
        let linked = notes.appendingPathComponent("Linked.txt")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: elsewhere)
        let other = folder.url.appendingPathComponent("other-name.txt")
        try folder.write("old too\n", to: "notes/Shared.txt")
        #expect(link(notes.appendingPathComponent("Shared.txt").path, other.path) == 0)

        try store.save("new\n", as: "Linked")
        try store.save("new too\n", as: "Shared")

        let kind = try FileManager.default.attributesOfItem(atPath: linked.path)[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink, "still a link")
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "new\n", "written where the link points")
        #expect(try String(contentsOf: other, encoding: .utf8) == "new too\n", "the other name of the file sees it")
        #expect(try String(contentsOf: notes.appendingPathComponent("Shared.txt"), encoding: .utf8) == "new too\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    /// A kill during a save left its hidden temporary file for ever.
    @Test func aTemporaryFileAnEndedSaveLeftIsRemovedWhenTheListIsRead() throws {
        let folder = try TemporaryFolder()
        let notes = folder.url.appendingPathComponent("notes")
        let store = NoteStore(folder: notes.path)
        _ = try store.list()
        // No process has this pid (above the kernel's highest); pid 1 is alive.
        try folder.write("half", to: "notes/.Shopping.txt.99999999.tmp")
        try folder.write("half", to: "notes/.Shopping.txt.1.tmp")

        _ = try store.list()

        let left = try FileManager.default.contentsOfDirectory(atPath: notes.path).filter { $0.hasSuffix(".tmp") }
        #expect(left == [".Shopping.txt.1.tmp"], "only the one whose writer may still be saving: \(left)")
    }
}
