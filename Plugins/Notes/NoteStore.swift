import Glibc

/// A note as the list shows it.
struct NoteSummary: Equatable, Sendable {
    /// Its name: the file's, without `.txt`.
    var name: String
    /// Its first line that says something, for the list.
    var firstLine: String
    /// When it was last saved, as `YYYY-MM-DD HH:MM`.
    var modified: String
    /// Whether edits not yet saved wait in a draft.
    var hasDraft: Bool
}

/// What went wrong with the notes' folder or one of its files.
struct NoteStoreError: Error, Equatable, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "\(path): \(reason)" }

    /// The error `errno` names, for the operation `doing` on `path`.
    static func system(_ doing: String, _ path: String) -> NoteStoreError {
        NoteStoreError(path: path, reason: "\(doing) failed: \(String(cString: strerror(errno)))")
    }
}

/// The notes' folder: one `<name>.txt` a note, and beside it, while edits wait to
/// be saved, a `.<name>.txt.draft`.
///
/// Every write goes to a new file that is flushed to the disk and then renamed
/// over the old one, so a note is always either as it was or as it was saved:
/// never half written, whatever ends the app (a crash of a screen, a kill, a power
/// cut). A note that is a link stays one (see ``writeKeepingLinks(_:to:)``).
/// Thread-safe: it holds only its path, and runs off the main actor.
struct NoteStore: Sendable {
    /// The folder, absolute.
    let folder: String

    /// The longest name a note takes, in bytes of UTF-8: with `.` and
    /// `.txt.draft`, and a temporary file's suffix, it stays within a file
    /// name's 255 bytes.
    static let longestName = 200

    /// The notes, newest first. Creates the folder, with a first note, when it
    /// does not exist, or when it is empty and never had one (a sandboxed run's
    /// folder, made by the app when the user granted it).
    func list() throws -> [NoteSummary] {
        if !exists(folder) || isEmpty(folder) { try createWithWelcome() }
        guard let directory = opendir(folder) else { throw NoteStoreError.system("reading the folder", folder) }
        defer { closedir(directory) }
        var notes: [(summary: NoteSummary, time: Int)] = []
        while let entry = readdir(directory) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if file.hasPrefix("."), file.hasSuffix(".tmp") { removeIfLeftOver(file) }
            guard file.hasSuffix(".txt"), !file.hasPrefix(".") else { continue }
            let name = String(file.dropLast(4))
            var status = stat()
            guard stat(path(of: name), &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let text = (try? read(path(of: name))) ?? ""
            let firstLine = text.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) } ?? ""
            notes.append(
                (
                    NoteSummary(
                        name: name, firstLine: String(firstLine.prefix(60)), modified: Self.date(status.st_mtim.tv_sec),
                        hasDraft: exists(draftPath(of: name))),
                    status.st_mtim.tv_sec
                ))
        }
        return notes.sorted { ($0.time, $1.summary.name) > ($1.time, $0.summary.name) }.map(\.summary)
    }

    /// The text of the note `name`; `nil` when there is no such note.
    ///
    /// - Throws: When the note cannot be read, or is not UTF-8 text: the editor
    ///   then refuses to save over it.
    func text(of name: String) throws -> String? {
        guard exists(path(of: name)) else { return nil }
        return try read(path(of: name))
    }

    /// The draft of the note `name`, if edits wait in one.
    func draft(of name: String) -> String? {
        try? read(draftPath(of: name))
    }

    /// Saves `text` as the note `name`, and drops its draft.
    func save(_ text: String, as name: String) throws {
        try writeKeepingLinks(text, to: path(of: name))
        unlink(draftPath(of: name))
    }

    /// Keeps `text` as the draft of the note `name`, until it is saved or discarded.
    func saveDraft(_ text: String, of name: String) throws {
        try writeAtomically(text, to: draftPath(of: name))
    }

    /// Drops the draft of the note `name`.
    func discardDraft(of name: String) {
        unlink(draftPath(of: name))
    }

    /// Why `name` cannot name a note, or `nil` when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "give the note a name" }
        if name.utf8.count > longestName { return "a name takes at most \(longestName) bytes" }
        if name.hasPrefix(".") { return "a name cannot start with a dot" }
        if name.contains(where: { $0 == "/" || $0.isNewline || $0 == "\0" }) {
            return "a name cannot hold a slash or a line break"
        }
        return nil
    }

    func path(of name: String) -> String { folder + "/" + name + ".txt" }

    private func draftPath(of name: String) -> String { folder + "/." + name + ".txt.draft" }

    private func createWithWelcome() throws {
        // Each missing parent too, as `mkdir -p` does.
        var made = ""
        for part in folder.split(separator: "/") {
            made += "/" + part
            if !exists(made), mkdir(made, 0o755) != 0, errno != EEXIST {
                throw NoteStoreError.system("creating the folder", made)
            }
        }
        try save(
            "Welcome to Notes\n\nEach note is a text file in \(folder).\nEnter opens a note, Save keeps what you wrote,\nand Esc asks before it drops an edit.\n",
            as: "Welcome")
        // The folder is never empty again: a user who removes every note is not welcomed twice.
        let marker = open(folder + "/" + Self.welcomedMarker, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if marker >= 0 { close(marker) }
    }

    /// The hidden file that says the welcome note was written.
    static let welcomedMarker = ".welcomed"

    /// Whether `path` is a folder with nothing in it, hidden files included.
    private func isEmpty(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { return false }
        }
        return true
    }

    /// The contents of the file at `path`, which must be UTF-8 text.
    func read(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw NoteStoreError.system("opening", path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw NoteStoreError.system("reading", path) }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw NoteStoreError(path: path, reason: "not UTF-8 text; Notes edits only UTF-8")
        }
        return text
    }

    func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// `seconds` since 1970 as local `YYYY-MM-DD HH:MM`.
    private static func date(_ seconds: Int) -> String {
        var time = seconds
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
