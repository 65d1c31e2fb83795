import Foundation
import Testing
import TrellisTestSupport

/// `trellis new`: a plugin package in a fresh folder that builds, passes its test
/// and runs on the first try.
@Suite(.serialized)
struct NewCommandTests {
    /// A nested `swift build` or `swift test` of a new package, which builds the
    /// SDK from source: under the build time limit, not a command's 60 s, and
    /// waited for off Swift concurrency's threads.
    private func swift(_ arguments: [String], in package: URL) async throws -> ProcessResult {
        try await SwiftBuild.swift(arguments, in: package)
    }

    /// `trellis new NAME OPTIONS` in `folder`, which must succeed: the package.
    private func newPackage(_ name: String, _ options: [String], in folder: TemporaryFolder) async throws -> URL {
        let made = try await TrellisProcess.run(["new", name, "--in", folder.url.path] + options)
        #expect(made.status == 0, "\(made.stderr)")
        return folder.url.appendingPathComponent(name)
    }

    /// `swift build`, which must succeed, then `swift test` of `package`: the test's result.
    private func buildAndTest(_ package: URL) async throws -> ProcessResult {
        let build = try await swift(["build"], in: package)
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        let test = try await swift(["test"], in: package)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        return test
    }

    /// A plugin without slots got `"children": {  }` in its config.
    @Test func aSlotlessPluginsConfigHasNoEmptyChildren() async throws {
        let folder = try TemporaryFolder()
        let made = try await TrellisProcess.run(["new", "Plain", "--in", folder.url.path])
        #expect(made.status == 0, "\(made.stderr)")
        let config = try String(
            contentsOf: folder.url.appendingPathComponent("Plain/config.json"), encoding: .utf8)

        #expect(!config.contains("children"), "\(config)")
        #expect((try? JSONSerialization.jsonObject(with: Data(config.utf8))) != nil, "\(config)")
        let validate = try await TrellisProcess.run(
            ["validate", "config.json"], in: folder.url.appendingPathComponent("Plain"))
        #expect(!validate.stderr.contains("JSON"), "\(validate.stderr)")
    }

    /// The package named the SDK by its absolute path, so it broke when the two
    /// moved together (another checkout, another machine): inside one folder, the
    /// path is relative.
    @Test func aPackageBesideTheSDKNamesItByARelativePath() async throws {
        let parent = Products.repository.appendingPathComponent(".build/new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let made = try await TrellisProcess.run(["new", "Beside", "--in", parent.path])
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try String(
            contentsOf: parent.appendingPathComponent("Beside/Package.swift"), encoding: .utf8)

        #expect(manifest.contains(#".package(path: "../../../SDK")"#), "\(manifest)")
    }

    @Test func aScreenWithASlotBuildsPassesItsTestAndRuns() async throws {
        let folder = try TemporaryFolder()
        let package = try await newPackage("Counter", ["--slot", "details"], in: folder)

        let test = try await buildAndTest(package)
        #expect(test.stdout.contains("eachSlotIsBuiltWithTheInteractorAsItsListener"))

        let run = try await TrellisProcess.run(
            ["run", "config.json", "--headless"],
            input: """
                tap Open details
                expect The details slot
                tree
                tap Close
                expect-not The details slot
                tap Open details
                expect The details slot
                key esc
                expect-not The details slot
                """, in: package)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "counter (Counter)\n  details (NextScreen)\n")

        try await rebuiltCounterIsSwappedInPlace(package)
    }

    /// `trellis run --watch` with Main presenting the package's Counter: an edit and
    /// `swift build` show the new Counter in place, over the same Main.
    private func rebuiltCounterIsSwappedInPlace(_ package: URL) async throws {
        try Data(
            #"""
            { "plugins": [".build/debug", "@host"], "root": "main",
              "routes": { "main": { "plugin": "MainScreen", "children": { "next": "counter" } },
                          "counter": { "plugin": "Counter", "children": { "details": "details" } },
                          "details": { "plugin": "NextScreen" } } }
            """#.utf8
        ).write(to: package.appendingPathComponent("live.json"))
        let host = try LiveTrellis(["run", "live.json", "--headless", "--watch", "--timeout", "120"], in: package)
        let before = host.send("tap Click Button\nexpect Open details\ntree", readingThrough: "(Counter)\n")

        let view = package.appendingPathComponent("Sources/Counter/CounterViewController.swift")
        let source = try String(contentsOf: view, encoding: .utf8)
        try source.replacingOccurrences(of: ".title(title)", with: ".title(title + \" (edited)\")").write(
            to: view, atomically: true, encoding: .utf8)
        // SwiftPM misses an edit made within a second of its last build (PLUGIN-FACTS §10).
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(2)], ofItemAtPath: view.path)
        let build = try await swift(["build"], in: package)
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        let swapped = host.readErrors(through: "swapped counter (Counter")
        let after = host.send("expect (edited)\ntree", readingThrough: "(Counter)\n")
        let back = host.send("key esc\nexpect Click Button\nexpect-not edited\ntree", readingThrough: "(MainScreen)\n")
        let result = try host.finish()

        #expect(before == "main (MainScreen)\n  counter (Counter)\n")
        #expect(swapped.contains("swapped counter (Counter"), "\(swapped)")
        #expect(after == "main (MainScreen)\n  counter (Counter)\n")
        #expect(back == "main (MainScreen)\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// An app's package: two plugins, the second in a slot of the first, and a
    /// contracts package of the store they share, built, tested and run as made.
    @Test func anAppOfTwoPluginsAndItsContractsBuildsPassesItsTestsAndRuns() async throws {
        let folder = try TemporaryFolder()
        let package = try await newPackage(
            "Expenses", ["--plugins", "ExpenseList,ExpenseForm", "--contracts", "ExpensesContracts"], in: folder)

        let test = try await buildAndTest(package)
        for suite in ["ExpenseListTests", "ExpenseFormTests"] {
            #expect(test.stdout.contains("Suite \(suite) passed"), "\(test.stdout)")
        }
        #expect(test.stdout.contains("addItemAddsToTheStoreItsScreensShare"))

        // The form, in the list's slot, shows and changes the list's store.
        let run = try await TrellisProcess.run(
            ["run", "config.json", "--headless"],
            input: """
                tap Add item
                expect 1 item
                tap Open expenseForm
                expect ExpenseForm
                tap Add item
                expect 2 items
                tree
                tap Close
                expect-not ExpenseForm
                expect 2 items
                """, in: package)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "expenseList (ExpenseList)\n  expenseForm (ExpenseForm)\n")
    }

    /// `TRELLIS_SDK` names the SDK when `--sdk` does not, and a wrong one is said.
    @Test func trellisSDKNamesTheSDK() throws {
        let folder = try TemporaryFolder()
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let sdk = Products.repository.appendingPathComponent("SDK").path
        let made = try TrellisProcess.run(
            ["TRELLIS_SDK=\(sdk)", Products.trellis.path, "new", "Named", "--in", folder.url.path], executable: env)
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try String(contentsOf: folder.url.appendingPathComponent("Named/Package.swift"), encoding: .utf8)
        #expect(manifest.contains("/SDK\")"), "\(manifest)")

        let refused = try TrellisProcess.run(
            ["TRELLIS_SDK=\(folder.url.path)", Products.trellis.path, "new", "Other", "--in", folder.url.path],
            executable: env)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("TRELLIS_SDK=\(folder.url.path) holds no Package.swift"), "\(refused.stderr)")
    }

    @Test func aViewlessRIBRunsInsideItsHostScreen() async throws {
        let folder = try TemporaryFolder()
        let package = try await newPackage("Shell", ["--viewless", "--slot", "home"], in: folder)

        let test = try await swift(["test"], in: package)
        try #require(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("itNeedsAHostView"))

        let run = try await TrellisProcess.run(
            ["run", "config.json", "--headless"], input: "expect The home slot\ntree\n", in: package)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "shellHost (ShellHost)\n  shell (Shell)\n    home (NextScreen)\n")
    }

    @Test(arguments: [
        (["new", "counter"], "is not a plugin name"), (["new", "Counter", "--slot", "Details"], "is not a slot name"),
        (["new"], "give the plugin's name"), (["new", "TrellisSDK"], "so its package would not build"),
        (["new", "Swift"], "so its package would not build"),
        (["new", "A" + String(repeating: "b", count: 64)], "up to 64"),
        (["new", "Expenses", "--plugins", "ExpenseList"], "at least one more"),
        (["new", "Expenses", "--contracts", "ExpensesContracts"], "name them with --plugins"),
        (["new", "Expenses", "--plugins", "List,List"], "\"List\" is named twice"),
        (["new", "Expenses", "--plugins", "List,ExpensesStore"], "\"ExpensesStore\" is named twice"),
        (["new", "Expenses", "--plugins", "List,form"], "\"form\" is not a plugin name"),
        (["new", "Expenses", "--plugins", "List,Form", "--slot", "more"], "--slot is for a package of one plugin"),
        (["new", "Expenses", "--plugins", "List,Form", "--contracts", "Expenses"], "cannot be named Expenses"),
    ])
    func aBadNameIsRefusedWithWhatToDo(arguments: [String], words: String) throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(arguments + ["--in", folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(words), "\(result.stderr)")
    }

    @Test func aFileGivenAsTheFolderIsSaidPlainly() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("not a folder", to: "notes.txt")
        let result = try TrellisProcess.run(["new", "Counter", "--in", file.path])

        #expect(result.status == 2)
        #expect(result.stderr.contains("--in \(file.path) is a file, not a folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Error Domain"))
    }
}
