import Foundation
import Testing
import TrellisTestSupport

/// Each command's options are declared once: every option its `--help` lists is
/// in its usage line, taken by the parser (value and all), in the manual page and
/// offered by the three completion scripts; an option it does not list is refused.
struct CommandTableTests {
    /// The options of a `--help` text's OPTIONS section: each one's names and
    /// whether it takes a value (`--script FILE`).
    private func options(ofHelp help: String) -> [(names: [String], takesValue: Bool)] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            guard line.hasPrefix("  -") else { return nil }
            let label = line.dropFirst(2).components(separatedBy: "  ")[0]
            let words = label.split(separator: " ")
            let names = label.components(separatedBy: ", ").map { String($0.split(separator: " ")[0]) }
            return (names, words.last.map { !$0.hasPrefix("-") } ?? false)
        }
    }

    @Test(arguments: ["run", "validate", "inspect", "new", "completion"])
    func everyOptionIsInTheUsageTheParserTheManualPageAndEachCompletion(command: String) throws {
        let help = try TrellisProcess.run([command, "--help"])
        let usage = help.stdout.components(separatedBy: "\n\n")[0]
        let man = try TrellisProcess.run(["help", "--man"]).stdout
        let scripts = try ["bash", "zsh", "fish"].map { try TrellisProcess.run(["completion", $0]).stdout }
        let options = options(ofHelp: help.stdout)

        #expect(help.status == 0)
        #expect(options.contains { $0.names == ["-h", "--help"] }, "\(help.stdout)")
        for option in options {
            for name in option.names {
                // The parser takes it: with a value where it wants one, then --help.
                let parsed = try TrellisProcess.run([command, name] + (option.takesValue ? ["x"] : []) + ["--help"])
                #expect(parsed.status == 0, "\(command) \(name): \(parsed.stderr)")
                let bash = scripts[0].split(separator: "\n").first { $0.contains("\(command)) options=") } ?? ""
                let bashWords = bash.split(whereSeparator: { $0 == " " || $0 == "\"" })
                #expect(bashWords.contains(Substring(name)) && scripts[1].contains("'\(name)"), "\(command) \(name)")
                let fish = name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
                #expect(scripts[2].contains("__fish_seen_subcommand_from \(command)' \(fish)"), "\(command) \(name)")
            }
            #expect(man.contains(option.names.joined(separator: ", ")), "\(command) \(option.names)")
            if option.names != ["-h", "--help"], command != "completion" {
                #expect(usage.contains("[\(option.names[0])"), "\(command)'s usage names \(option.names[0]): \(usage)")
            }
        }
        let unknown = try TrellisProcess.run([command, "--no-such-option"])
        #expect(
            unknown.status == 2 && unknown.stderr.contains("unknown option \"--no-such-option\""), "\(unknown.stderr)")
    }

    @Test func helpWithACommandIsThatCommandsHelpAndAnUnknownShellIsNamed() throws {
        let help = try TrellisProcess.run(["help", "run"])
        let run = try TrellisProcess.run(["run", "--help"])
        let shell = try TrellisProcess.run(["completion", "tcsh"])

        #expect(help.status == 0 && help.stdout == run.stdout)
        #expect(shell.status == 2 && shell.stderr.contains("no completion for \"tcsh\""), "\(shell.stderr)")
    }

    @Test func anEmptyThemeIsUnsetAndAnUnknownOneIsRefusedByName() throws {
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let empty = try TrellisProcess.run(
            ["TRELLIS_THEME=", Products.trellis.path, "run", "config.json", "--headless"], input: "quit\n",
            executable: env)
        let dark = try TrellisProcess.run(
            ["TRELLIS_THEME=dark", Products.trellis.path, "run", "config.json", "--headless"], input: "quit\n",
            executable: env)

        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(dark.status == 2 && dark.stderr.contains("TRELLIS_THEME must be one of"), "\(dark.stderr)")
    }
}
