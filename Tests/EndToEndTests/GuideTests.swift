import Foundation
import Testing
import TrellisTestSupport

/// Docs/Authoring.md and its example package, `Examples/Guide`: the code the guide
/// shows is the code that is built, tested and run here.
struct GuideTests {
    /// The guides, each with the folders its code comes from.
    static let guides = [
        (
            "Docs/Authoring.md",
            [
                "Examples/Guide", "Plugins/LoggedIn", "Plugins/OffGame", "Contracts/TicTacToeContracts",
                "Tests/PluginTests", "Plugins/Widgets", "Plugins/LoggedOut", "Plugins/TutorialRoot",
            ], 15
        ),
        ("Docs/Notes.md", ["Plugins/Notes", "Tests/PluginTests/NotesTests.swift"], 10),
    ]

    /// Every Swift block of a guide, and every JSON block that is a whole file,
    /// is in one of its files: its lines, without their indentation, in order.
    @Test(arguments: guides)
    func everyCodeBlockOfTheGuideIsInAFileTheTestsBuild(guidePath: String, folders: [String], least: Int) throws {
        let repository = Products.repository
        let guide = try String(contentsOf: repository.appendingPathComponent(guidePath), encoding: .utf8)
        let sources = try folders.flatMap { folder in
            try files(in: repository.appendingPathComponent(folder)).filter {
                ["swift", "json"].contains($0.pathExtension)
            }
        }
        let sourceLines = try sources.map { try lines(of: String(contentsOf: $0, encoding: .utf8)) }

        let blocks = codeBlocks(in: guide).filter {
            $0.language == "swift" || ($0.language == "json" && $0.text.hasPrefix("{"))
        }

        #expect(blocks.count >= least, "the guide shows its code")
        for block in blocks {
            let wanted = lines(of: block.text)
            #expect(
                sourceLines.contains { isSubsequence(wanted, of: $0) },
                "this block of \(guidePath) is in no file the tests build:\n\(block.text)")
        }
    }

    @Test func theGuidesPackageBuildsPassesItsTestsAndRuns() async throws {
        let folder = try TemporaryFolder()
        let package = try await SwiftBuild.buildExample("Guide", in: folder.url)
        let test = try await SwiftBuild.swift(["test"], in: package)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")

        let run = try await TrellisProcess.run(
            ["run", "config.json", "--headless"],
            input: """
                expect Count: 3
                tap Add
                tap Details
                expect Opened at 4; the count is 4 now
                tap Reset
                expect the count is 0 now
                expect Open for 1 s
                tree
                tap Close
                expect Count: 0
                tap History
                expect The count is 0
                key esc
                expect-not The count is
                tree
                """, in: package)

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "counter (Counter)\n  details (Details)\ncounter (Counter)\n")
    }

    private func files(in folder: URL) throws -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return [folder]
        }
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { !$0.path.contains("/.build/") }
    }

    private func lines(of text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private func isSubsequence(_ wanted: [String], of lines: [String]) -> Bool {
        var remaining = wanted[...]
        for line in lines where line == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }

    private func codeBlocks(in markdown: String) -> [(language: String, text: String)] {
        var blocks: [(String, String)] = []
        var current: (language: String, lines: [String])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append((open.language, open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else {
                current?.lines.append(String(line))
            }
        }
        return blocks
    }
}
