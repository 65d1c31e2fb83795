import Glibc

extension NoteStore {
    /// Saves `text` at `path` so that a link stays a link: a note that is a
    /// symbolic link is written at the file it points to (a new file renamed over
    /// that one, beside it), and a file with other hard links is written in place,
    /// since a rename would leave them with the old text. In place is not atomic,
    /// but the draft keeps the text until the write is done.
    func writeKeepingLinks(_ text: String, to path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return try writeAtomically(text, to: path) }
        var target = path
        if status.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                throw NoteStoreError.system("following the link to the note", path)
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw NoteStoreError(path: path, reason: "a link to \(target), which is not a file; nothing was saved")
            }
        }
        if status.st_nlink > 1 { return try writeInPlace(text, to: target) }
        try writeAtomically(text, to: target)
    }

    /// Writes `text` over the file at `path` itself, then cuts it to length and
    /// flushes it.
    private func writeInPlace(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw NoteStoreError.system("opening", path) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw NoteStoreError.system("writing", path) }
            bytes = bytes.dropFirst(written)
        }
        guard ftruncate(descriptor, off_t(text.utf8.count)) == 0 else { throw NoteStoreError.system("cutting", path) }
        guard fsync(descriptor) == 0 else { throw NoteStoreError.system("flushing", path) }
    }

    /// Writes `text` to a new file beside `path`, flushes it, renames it over
    /// `path` and flushes the folder, so the rename itself is on the disk.
    func writeAtomically(_ text: String, to path: String) throws {
        // Hidden, so the list never shows one a kill left behind.
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let temporary = directory + "/" + (file.hasPrefix(".") ? "" : ".") + file + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw NoteStoreError.system("creating a file", temporary) }
        // The note keeps the permissions it had (a private note stays private).
        var old = stat()
        fchmod(descriptor, stat(path, &old) == 0 ? old.st_mode & 0o7777 : 0o644)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let failure = NoteStoreError.system("writing", temporary)
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            bytes = bytes.dropFirst(written)
        }
        let flushed = fsync(descriptor) == 0
        let failure = NoteStoreError.system("flushing", temporary)
        guard close(descriptor) == 0, flushed else {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = NoteStoreError.system("renaming \(temporary) to", path)
            unlink(temporary)
            throw failure
        }
        let folderDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes `file`, a hidden `.<name>.txt.<pid>.tmp` in the folder, when the
    /// process that was writing it has ended: a kill during a save leaves one.
    func removeIfLeftOver(_ file: String) {
        let parts = file.split(separator: ".")
        guard parts.count >= 3, let pid = pid_t(parts[parts.count - 2]), pid > 0 else { return }
        guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { return }
        unlink(folder + "/" + file)
    }
}
