import Foundation
import Testing
import TrellisTestSupport

/// What `trellis` offers around running an app: seeing what was loaded, listing a
/// folder's plugins, machine-readable reports, completion scripts and a manual page.
struct CommandLineToolsTests {
    private let mainNext = Products.repository.appendingPathComponent("Examples/main-next.json").path

    @Test func verboseRunNamesTheFileEachRoutesPluginCameFrom() throws {
        let result = try TrellisProcess.run(
            ["run", mainNext, "--headless", "-v"], input: "tap Click Button\nexpect Close\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "info: route main: checked plugin MainScreen 1.0.0 in \(Products.directory.path)/libMainScreen.so"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "info: route main: loaded plugin MainScreen 1.0.0 from \(Products.directory.path)/libMainScreen.so"))
        #expect(result.stderr.contains("info: route next: loaded plugin NextScreen 1.0.0 from"))
    }

    @Test func inspectAFolderListsItsPluginsWithTheirVersions() throws {
        let text = try TrellisProcess.run(["inspect", Products.directory.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("MainScreen 1.0.0  libMainScreen.so"))
        #expect(!text.stdout.contains("libTrellisSDK.so"), "a library with no manifest is not a plugin")

        let json = try TrellisProcess.run(["inspect", Products.directory.path, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.contains { $0["name"] as? String == "NextScreen" && $0["usable"] as? Bool == true })
    }

    @Test func validateJSONReportsTheProblemsAndExitsWithTheirStatus() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(routes: #"{ "main": { "plugin": "MainScreen" } }"#)

        let result = try TrellisProcess.run(["validate", config.path, "--json"])

        #expect(result.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["ok"] as? Bool == false)
        let problems = try #require(report["problems"] as? [[String: String]])
        #expect(
            problems.contains { $0["severity"] == "error" && $0["message"]?.contains("slot \"next\"") == true },
            "\(problems)")
    }

    @Test func pluginFoldersGivenOnTheCommandLineAreSearchedFirst() throws {
        let folder = try TemporaryFolder()
        let own = folder.url.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Products.directory.appendingPathComponent("libNextScreen.so"),
            to: own.appendingPathComponent("libNextScreen.so"))

        let result = try TrellisProcess.run(
            ["run", mainNext, "--headless", "-v", "--plugins", own.path],
            input: "tap Click Button\nexpect Close\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("plugin NextScreen 1.0.0 from \(own.path)/libNextScreen.so"), "\(result.stderr)")
    }

    @Test func aPluginFromAnotherBuildConfigurationIsAWarning() throws {
        let folder = try TemporaryFolder()
        let release = folder.url.appendingPathComponent("release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Products.directory.appendingPathComponent("libNextScreen.so"),
            to: release.appendingPathComponent("libNextScreen.so"))

        let result = try TrellisProcess.run(["validate", mainNext, "--plugins", release.path])

        #expect(result.status == 0, "a warning, not an error: \(result.stderr)")
        #expect(result.stderr.contains("comes from a release build"), "\(result.stderr)")
    }

    @Test func completionScriptsAndTheManualPageComeFromTheSameCommands() throws {
        let bash = try TrellisProcess.run(["completion", "bash"])
        #expect(bash.status == 0)
        #expect(bash.stdout.contains("complete -o filenames -F _trellis trellis"))
        let folder = try TemporaryFolder()
        let script = try folder.write(bash.stdout, to: "trellis.bash")
        let syntax = try TrellisProcess.run(
            ["bash", "-n", script.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(syntax.status == 0, "\(syntax.stderr)")
        for shell in ["zsh", "fish"] {
            let result = try TrellisProcess.run(["completion", shell])
            #expect(result.status == 0)
            #expect(["run", "validate", "inspect", "completion"].allSatisfy(result.stdout.contains))
        }
        #expect(try TrellisProcess.run(["completion", "tcsh"]).status == 2)

        let man = try TrellisProcess.run(["help", "--man"])
        #expect(man.stdout.hasPrefix(".TH TRELLIS 1"))
        #expect(man.stdout.contains(".SH VALIDATE") && man.stdout.contains("TRELLIS_PLUGIN_PATH"))
    }
}
