import Foundation
import TrellisPlatform

/// A plugin file as a crash report names it.
struct CrashNote {
    package var name = ""
    package var routes: Set<String> = []
    /// The names the file's images were mapped under, as a crash's frames name them.
    package var images: [String] = []
}

extension PluginLoader {
    /// Notes, for a supervisor's crash report, that `file` holds the plugin `name`
    /// and builds `route`. The loader keeps the notes, not a tree: `serve`'s tabs
    /// share one loader, and the report is the process's, whichever tab loaded
    /// a plugin (one tab's list used to erase another's).
    package func noteForCrashReport(file: String, name: String, route: String) {
        guard CrashRecord.isSupervised else { return }
        crashNotes[file, default: CrashNote()].name = name
        guard crashNotes[file, default: CrashNote()].routes.insert(route).inserted else { return }
        writeCrashNotes()
    }

    /// Notes the name the file at `path` is about to be mapped under.
    func noteMapping(path: String, name: String) {
        guard CrashRecord.isSupervised else { return }
        crashNotes[URL(fileURLWithPath: path, isDirectory: false).path, default: CrashNote()].images.append(name)
        writeCrashNotes()
    }

    /// Tells the supervisor each plugin file's name, routes and image names
    /// (``CrashRecord/notePlugins(_:)``).
    private func writeCrashNotes() {
        CrashRecord.notePlugins(
            crashNotes.map { file, note in
                "\(file)\t\(note.name)\t\(note.routes.sorted().joined(separator: " "))\t\(note.images.joined(separator: " "))"
            }.joined(separator: "\n"))
    }
}
