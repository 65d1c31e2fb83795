/// `trellis completion bash|zsh|fish`: a shell completion script, from the same
/// table of commands and options as the help.
struct CompletionCommand {
    let arguments: [String]

    /// Each command with its options; `true` for an option that takes a value.
    static let commands: [(name: String, summary: String, options: [(String, Bool)])] = [
        ("run", "run the app a route config describes",
         [("--headless", false), ("--script", true), ("--size", true), ("--open", true), ("--timeout", true), ("--eager", false), ("--watch", false),
          ("--plugins", true), ("-v", false), ("--no-mouse", false), ("--help", false)]),
        ("validate", "check a config and every plugin it names",
         [("--deep", false), ("--json", false), ("--plugins", true), ("-v", false), ("--help", false)]),
        ("inspect", "show a plugin's manifest, or list a folder's plugins", [("--json", false), ("--help", false)]),
        ("new", "write a new plugin package", [("--in", true), ("--slot", true), ("--viewless", false), ("--sdk", true), ("--help", false)]),
        ("completion", "print a shell completion script", [("--help", false)]),
        ("help", "show help, or the manual page with --man", [("--man", false)]),
    ]

    static let shells = ["bash", "zsh", "fish"]

    func run() throws -> ExitStatus {
        if arguments.first == "-h" || arguments.first == "--help" {
            print(Help.completion)
            return .success
        }
        guard arguments.count == 1, let shell = arguments.first, Self.shells.contains(shell) else {
            throw CommandError.usage("give one shell: bash, zsh or fish.", help: "completion")
        }
        switch shell {
        case "bash": print(Self.bash)
        case "zsh": print(Self.zsh)
        default: print(Self.fish)
        }
        return .success
    }

    private static var names: String { commands.map(\.name).joined(separator: " ") }

    static var bash: String {
        let cases = commands.map { command in
            "        \(command.name)) options=\"\(command.options.map(\.0).joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
        let valued = Set(commands.flatMap { $0.options.filter(\.1).map(\.0) }).sorted().joined(separator: "|")
        return """
            # bash completion for trellis: eval "$(trellis completion bash)"
            _trellis() {
                local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}" options=""
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(names) --help --version" -- "$current"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
            \(cases)
                esac
                if [ "${COMP_WORDS[1]}" = completion ]; then
                    COMPREPLY=($(compgen -W "\(shells.joined(separator: " "))" -- "$current"))
                    return
                fi
                case "$previous" in
                    --size|--open|--timeout) return ;;
                    \(valued)) COMPREPLY=($(compgen -f -- "$current")); return ;;
                esac
                if [[ "$current" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$current"))
                else
                    COMPREPLY=($(compgen -f -- "$current"))
                fi
            }
            complete -o filenames -F _trellis trellis
            """
    }

    static var zsh: String {
        let cases = commands.map { command in
            let options = command.options.map { option, takesValue in
                takesValue ? "'\(option)=[]:value:_files'" : "'\(option)[]'"
            }.joined(separator: " ")
            let files = command.name == "completion" ? " '1:shell:(\(shells.joined(separator: " ")))'" : " '*:file:_files'"
            return "        \(command.name)) _arguments \(options)\(files) ;;"
        }.joined(separator: "\n")
        let described = commands.map { "'\($0.name):\($0.summary)'" }.joined(separator: " ")
        return """
            #compdef trellis
            # zsh completion for trellis: trellis completion zsh > "${fpath[1]}/_trellis"
            _trellis() {
                if (( CURRENT == 2 )); then
                    local -a commands
                    commands=(\(described))
                    _describe 'command' commands
                    return
                fi
                shift words
                (( CURRENT-- ))
                case "${words[1]}" in
            \(cases)
                esac
            }
            compdef _trellis trellis
            """
    }

    static var fish: String {
        var lines = ["# fish completion for trellis: trellis completion fish > ~/.config/fish/completions/trellis.fish",
                     "complete -c trellis -f"]
        for command in commands {
            lines.append("complete -c trellis -n '__fish_use_subcommand' -a \(command.name) -d '\(command.summary)'")
            for (option, takesValue) in command.options {
                let flag = option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                lines.append("complete -c trellis -n '__fish_seen_subcommand_from \(command.name)' \(flag)\(takesValue ? " -r -F" : "")")
            }
        }
        lines.append("complete -c trellis -n '__fish_seen_subcommand_from completion' -a '\(shells.joined(separator: " "))'")
        lines.append("complete -c trellis -n '__fish_seen_subcommand_from run validate inspect' -F")
        return lines.joined(separator: "\n")
    }
}
