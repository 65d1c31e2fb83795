import Foundation
import Testing
import TrellisTestSupport

/// A library a plugin needs from its own folder (ELF NEEDED through `$ORIGIN`: a
/// contracts package beside it) passes the plugin's checks, in `run` and
/// `validate`: it used to be linked for the dynamic loader by name, its owner,
/// modes and real place never looked at, so a world-writable contracts library
/// rewritten with a constructor ran its code in both.
struct LibrarySafetyTests {
    /// The tutorial's plugins and the contracts library they need, copied into
    /// `plugins/`, and the tutorial's config loading them from there.
    private func setUp() throws -> (folder: TemporaryFolder, contracts: URL, config: URL) {
        let folder = try TemporaryFolder()
        let plugins = folder.url.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Products.plugin("LoggedIn"), to: plugins.appendingPathComponent("libLoggedIn.so"))
        let contracts = plugins.appendingPathComponent("libTicTacToeContracts.so")
        try FileManager.default.copyItem(
            at: Products.directory.appendingPathComponent("libTicTacToeContracts.so"), to: contracts)
        for plugin in ["TutorialRoot", "LoggedOut", "OffGame", "TicTacToe"] {
            try FileManager.default.copyItem(
                at: Products.plugin(plugin), to: plugins.appendingPathComponent("lib\(plugin).so"))
        }
        // The tutorial's config, from this folder.
        let tutorial = try String(
            contentsOf: Products.repository.appendingPathComponent("Examples/tictactoe.json"), encoding: .utf8)
        let config = try folder.write(
            tutorial.replacingOccurrences(of: #""plugins": ["@host"]"#, with: #""plugins": ["plugins"]"#),
            to: "config.json")
        return (folder, contracts, config)
    }

    @Test func aContractsLibraryOthersCanWriteIsRefusedByValidateAndRun() throws {
        let (folder, contracts, config) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        chmod(contracts.path, 0o666)

        let validated = try TrellisProcess.run(["validate", config.path])
        // The contracts library is needed once LoggedIn is built, after the login.
        let run = try TrellisProcess.run(["run", config.path, "--headless", "--eager"], input: "print\n")

        let refusal = "the library \(contracts.path), which it needs from its own folder, can be written by other users"
        #expect(validated.status == 2 && validated.stderr.contains(refusal), "\(validated.stderr)")
        #expect((run.stdout + run.stderr).contains(refusal), "\(run.stdout)\(run.stderr)")
    }

    @Test func aContractsLibraryThatIsALinkToElsewhereIsRefusedAndASafeOneIsNot() throws {
        let (folder, contracts, config) = try setUp()
        let safe = try TrellisProcess.run(["validate", config.path])
        let elsewhere = folder.url.appendingPathComponent("elsewhere.so")
        try FileManager.default.moveItem(at: contracts, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: contracts, withDestinationURL: elsewhere)

        let linked = try TrellisProcess.run(["validate", config.path])

        #expect(!safe.stderr.contains("the library"), "a safe library beside the plugin: \(safe.stderr)")
        #expect(
            linked.status == 2 && linked.stderr.contains("is really \(elsewhere.path), outside the plugin's folder"),
            "\(linked.stderr)")
    }
}
