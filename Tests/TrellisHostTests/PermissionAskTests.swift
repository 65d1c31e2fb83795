import Foundation
import Testing
import TrellisHost

/// The vocabulary of a manifest's `"permissions"`, and the file the user's
/// answers are kept in.
struct PermissionAskTests {
    @Test func asksAreReadExpandedAndCoveredByWhatIsGranted() {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        var granted = Route.Permissions()
        granted.write = ["/srv/notes"]
        granted.read = ["/etc/hosts"]

        #expect(Route.Permissions.expand("~/notes") == home + "/notes")
        #expect(Route.Permissions.expand("/abs") == "/abs")
        #expect(Route.Permissions(asks: ["read:/a", "write:/b", "network", "processes", "camera"]).read == ["/a"])
        #expect(
            granted.uncovered(["read:/srv/notes/x", "write:/srv/notes", "read:/etc/hosts", "write:/etc/hosts"])
                == ["write:/etc/hosts"], "a write is not covered by a read")
        #expect(granted.uncovered(["read:/srv/notesother", "network", "processes"]).count == 3)
        #expect(Route.Permissions.words("network") == "use the network")
        #expect(Route.Permissions.words("camera").contains("not a permission this trellis knows"))
        #expect(Route.Permissions.words("read:/a\u{1B}[2J").contains("\\u{1B}[2J"), "escaped")
        #expect(Route.Permissions.words("read:/a\u{1B}[2J").contains("not a permission this trellis knows"))
    }

    @Test func answersAreKeptReplacedRevokedAndABrokenFileIsSaidWithItsPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-answers-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = PermissionStore(file: folder.appendingPathComponent("trellis/permissions.json"))
        let answer = PermissionStore.Answer(sha256: "ab", granted: ["network"], denied: [], answered: "now")

        #expect(try store.answers().isEmpty)
        try store.keep(answer, for: "Notes")
        #expect(try store.answers() == ["Notes": answer])
        try store.keep(nil, for: "Notes")
        #expect(try store.answers().isEmpty)
        try Data("{ not json".utf8).write(to: store.file)
        #expect(throws: PermissionStoreError.self) { try store.answers() }
        do {
            _ = try store.answers()
        } catch {
            #expect(error.message.contains(store.file.path))
        }
    }

    /// What the sandbox would grant is what is compared and shown: `..` and
    /// links resolved, so neither escapes a granted folder; a path that is not
    /// absolute, or holds a control character, is no ask at all.
    @Test func dotDotAndLinksDoNotEscapeAGrantedFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-asks-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("secrets"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: notes.appendingPathComponent("link"), withDestinationURL: folder.appendingPathComponent("secrets"))
        var granted = Route.Permissions()
        granted.write = [notes.path]
        let escapes = ["write:\(notes.path)/../secrets", "write:\(notes.path)/link", "read:\(notes.path)/link/key"]

        #expect(granted.uncovered(escapes) == escapes)
        #expect(granted.uncovered(["write:\(notes.path)/day.txt"]).isEmpty)
        #expect(Route.Permissions.words("write:\(notes.path)/link").hasSuffix("/secrets"), "the user sees where")
        #expect(Route.Permissions(asks: ["read:relative/path", "write:/a\u{0}b", "read:/tmp/\u{1B}x"]) == .init())
    }
}
