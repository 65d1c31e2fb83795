import Foundation
import Testing
import TrellisTestSupport

/// A plugin built in its own package against the SDK by path: it loads into the
/// host, and rebuilding it changes what the host shows without touching the host.
struct ExternalPluginTests {
    @Test func anOutOfTreePluginLoadsAndRebuildingItLeavesTheHostAlone() async throws {
        let folder = try TemporaryFolder()
        let package = try await SwiftBuild.buildExample("HelloPlugin", in: folder.url)
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "HelloPlugin/.build/debug/libHelloScreen.so" } }
                """)
        let hostBefore = try Data(contentsOf: Products.trellis)

        let before = try await TrellisProcess.run(
            ["run", config.path, "--headless"],
            input: "tap Click Button\nexpect Hello from a plugin built outside Trellis\ntree\ntap Close\ntree\n")

        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout == "main (MainScreen)\n  next (HelloScreen)\nmain (MainScreen)\n")

        let source = package.appendingPathComponent("Sources/HelloScreen/HelloBuilder.swift")
        let edited = try String(contentsOf: source, encoding: .utf8)
            .replacingOccurrences(
                of: "Hello from a plugin built outside Trellis", with: "Rebuilt without touching the host")
        try edited.write(to: source, atomically: true, encoding: .utf8)
        let secondBuild = try await SwiftBuild.run(package: package, arguments: ["--product", "HelloScreen"])
        try #require(secondBuild.status == 0, "\(secondBuild.stdout)\(secondBuild.stderr)")

        let after = try await TrellisProcess.run(
            ["run", config.path, "--headless"], input: "tap Click Button\nprint\n")

        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("Rebuilt without touching the host"))
        #expect(try Data(contentsOf: Products.trellis) == hostBefore, "the host binary must not change")
    }

    @Test func aChildPluginThatThrowsIsShownAsAnErrorInItsPlace() async throws {
        let folder = try TemporaryFolder()
        let package = try await SwiftBuild.sharedExample("HelloPlugin")
        let config = try folder.writeConfig(
            routes: """
                { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
                  "next": { "plugin": "HelloScreen", "parameters": { "fail": true } } }
                """, pluginFolders: [package.appendingPathComponent(".build/debug")])

        let result = try await TrellisProcess.run(
            ["run", config.path, "--headless"],
            input: """
                tap Click Button
                expect This screen could not be shown
                expect parameters.fail is true
                tree
                tap Close
                expect Click Button!
                tree
                """)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "main (MainScreen)\n  next (error)\nmain (MainScreen)\n")
    }
}
