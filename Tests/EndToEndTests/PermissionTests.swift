import Foundation
import Testing
import TrellisTestSupport

/// A plugin run in a process of its own asks, in its manifest, for what it
/// needs beyond its own files (Notes: its notes folder). The user is asked
/// once, in the route's place; the answer is kept for that build, and
/// `trellis permissions` lists and revokes it.
struct PermissionTests {
    /// Runs `trellis ARGUMENTS…` with its config and data folders in `folder`.
    private func trellis(_ arguments: [String], input: String = "", in folder: TemporaryFolder) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let run = try TrellisProcess.run(
            [
                "XDG_CONFIG_HOME=\(folder.url.path)/config", "XDG_DATA_HOME=\(folder.url.path)/data",
                Products.trellis.path,
            ] + arguments, input: input, executable: URL(fileURLWithPath: "/usr/bin/env"))
        return (run.status, run.stdout, run.stderr)
    }

    private func notesConfig(in folder: TemporaryFolder, permissions: String = "") throws -> String {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "Notes", "isolation": "process"\(permissions) } }
                """, name: "notes\(permissions.isEmpty ? "" : "-answered").json"
        ).path
    }

    @Test func theUserIsAskedOnceAndTheAnswerIsKeptListedAndRevoked() throws {
        let folder = try TemporaryFolder()
        let config = try notesConfig(in: folder)
        let notes = "\(folder.url.path)/data/trellis/notes"
        let writing =
            "expect Welcome to Notes\nfocus Name of a new note\ntype Hello\nkey enter\nexpect Write here\ntype Some words\n"
            + "tap Save\n"

        let validated = try trellis(["validate", config], in: folder)
        let allowed = try trellis(
            ["run", config, "--headless"], input: "expect asks\nprint\ntap Allow\n" + writing + "expect Saved\n",
            in: folder)
        let again = try trellis(["run", config, "--headless"], input: "expect 2 notes\nprint\n", in: folder)
        let listed = try trellis(["permissions"], in: folder)
        let revoked = try trellis(["permissions", "--revoke", "Notes"], in: folder)
        let denied = try trellis(
            ["run", config, "--headless"], input: "expect asks\ntap Deny\nexpect Permission denied\n", in: folder)
        let unknown = try trellis(["permissions", "--revoke", "Nobody"], in: folder)

        #expect(validated.stdout.contains("plugin Notes asks to read and write \(notes): asked when"))
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("Notes asks, for route main, to:"), "\(allowed.stdout)")
        #expect(allowed.stdout.contains("[ Deny ]  [ Allow ]"))
        #expect(FileManager.default.fileExists(atPath: notes + "/Hello.txt"), "written where it was granted")
        #expect(again.status == 0 && !again.stdout.contains("asks"), "not asked again: \(again.stdout)")
        #expect(listed.stdout.contains("granted: read and write \(notes)"), "\(listed.stdout)")
        #expect(revoked.status == 0)
        #expect(denied.status == 0, "asked again, denied, and the plugin says so: \(denied.stderr)")
        #expect(denied.stderr.contains("Notes was denied: read and write \(notes)"), "\(denied.stderr)")
        #expect(unknown.status == 2 && unknown.stderr.contains("no answer is kept for \"Nobody\""))
    }

    /// The README's sandboxed demo: Notes asks for its folder before it opens.
    @Test func theSandboxedNotesDemoAsksForItsFolder() throws {
        let folder = try TemporaryFolder()
        let demo = Products.repository.appendingPathComponent("Examples/notes-isolated.json").path

        let run = try trellis(
            ["run", demo, "--headless"], input: "expect Notes asks\ntap Allow\nexpect Welcome to Notes\n", in: folder)

        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
    }

    /// A route's permissions in the config answer for it: nobody is asked, and
    /// what the plugin asks beyond them is denied, and said.
    @Test func theConfigAnswersForARouteItGivesPermissions() throws {
        let folder = try TemporaryFolder()
        let config = try notesConfig(in: folder, permissions: #", "permissions": { "network": false }"#)

        let run = try trellis(["run", config, "--headless"], input: "expect Permission denied\n", in: folder)
        let inspected = try trellis(["inspect", "--json", Products.plugin("Notes").path], in: folder)
        let missing = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "Notes", "isolation": "process",
                            "permissions": { "write": ["\(folder.url.path)/not-made-yet"] } } }
                """, name: "missing.json")
        let warned = try trellis(["validate", missing.path], in: folder)

        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("Notes was denied: read and write"), "\(run.stderr)")
        #expect(!run.stdout.contains("asks"))
        #expect(
            inspected.stdout.contains(#""permissions":["write:$XDG_DATA_HOME\/trellis\/notes"]"#), "\(inspected.stdout)"
        )
        #expect(!FileManager.default.fileExists(atPath: "\(folder.url.path)/config/trellis/permissions.json"))
        #expect(warned.status == 0, "a warning: \(warned.stderr)")
        #expect(
            warned.stderr.contains("routes.main.permissions.write: \(folder.url.path)/not-made-yet does not exist"),
            "\(warned.stderr)")
    }
}
