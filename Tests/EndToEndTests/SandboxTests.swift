import Foundation
import Testing
import TrellisTestSupport

/// A route in a process of its own is sandboxed before its plugin is opened:
/// with nothing granted it reads no file outside its plugins' folders, writes
/// none outside its data folder, opens no network socket and starts no process.
struct SandboxTests {
    private func probe(_ folder: TemporaryFolder, permissions: String) throws -> ProcessResult {
        try folder.write("not for plugins", to: "secret.txt")
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "out"), withIntermediateDirectories: true)
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "isolation": "process", "permissions": \(permissions),
                            "parameters": { "behaviour": "trySandbox", "read": "\(folder.url.path)/secret.txt",
                                            "write": "\(folder.url.path)/out/new.txt" } } }
                """)
        return try TrellisProcess.run(["run", config.path, "--headless"], input: "expect process:\nprint\n")
    }

    @Test func withNothingGrantedItsPluginReadsWritesConnectsAndStartsNothing() throws {
        let folder = try TemporaryFolder()
        let run = try probe(folder, permissions: "{}")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("read: denied (Permission denied)"), "\(run.stdout)")
        #expect(run.stdout.contains("write: denied (Permission denied)"), "\(run.stdout)")
        #expect(run.stdout.contains("network: denied (Operation not permitted)"), "\(run.stdout)")
        #expect(run.stdout.contains("process: denied (Operation not permitted)"), "\(run.stdout)")
        #expect(run.stdout.contains("forks: 0 of 100 (Operation not permitted)"), "a fork bomb: \(run.stdout)")
        #expect(run.stdout.contains("terminal: none ("), "no terminal to open: \(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "out/new.txt").path))
    }

    @Test func whatTheConfigGrantsItMayDo() throws {
        let folder = try TemporaryFolder()
        let run = try probe(
            folder,
            permissions: """
                { "read": ["secret.txt"], "write": ["out"], "network": true, "processes": true }
                """)

        #expect(run.status == 0, "\(run.stderr)")
        for line in ["read: ok", "write: ok", "network: ok", "process: ok", "forks: 100 of 100", "terminal: none"] {
            #expect(run.stdout.contains(line), "\(line): \(run.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.url.appending(path: "out/new.txt").path))
    }

    @Test func permissionsAreCheckedWithTheirPathAndSaidToDoNothingInTheAppsProcess() throws {
        let folder = try TemporaryFolder()
        let wrong = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "isolation": "process", "permissions": { "write": "/tmp" } } }
                """, name: "wrong.json")
        let unisolated = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "NextScreen", "permissions": { "network": true } } }
                """, name: "plain.json")
        let refused = try TrellisProcess.run(["validate", wrong.path])
        let warned = try TrellisProcess.run(["validate", unisolated.path])

        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("routes.main.permissions.write"), "\(refused.stderr)")
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr.contains("routes.main.permissions does nothing"), "\(warned.stderr)")
    }

    /// A plugin that allocates without end is refused at the process's memory
    /// limit (RLIMIT_AS, 4 GiB), in that process alone.
    @Test func anAllocationWithoutEndIsRefusedAtItsLimit() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeIsolatedTestScreen("allocateWithoutEnd")

        let run = try TrellisProcess.run(["run", config.path, "--headless"], input: "expect Refused after\nprint\n")

        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(!run.stdout.contains("Never refused"))
    }
}
