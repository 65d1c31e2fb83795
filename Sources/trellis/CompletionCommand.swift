import TrellisHost

/// `trellis completion bash|zsh|fish`: a shell completion script, from the same
/// table of commands and options as the help.
struct CompletionCommand {
    let arguments: [String]

    /// Each command with every name of its options, `true` for one that takes a
    /// value: from the table the parser and `--help` read (``Commands``).
    static var commands: [(name: String, summary: String, options: [(String, Bool)])] {
        Commands.all.map { command in
            let options = command.name == "help" ? command.options : command.allOptions
            return (
                command.name, command.summary,
                options.flatMap { option in option.names.map { ($0, option.value != nil) } }
            )
        }
    }

    /// The options whose value is a path, completed with files; other values are not completed.
    private static var pathOptions: [String] {
        Array(Set(Commands.all.flatMap(\.options).filter(\.takesPath).flatMap(\.names))).sorted()
    }

    /// The options whose value is not a path (a size, a link, seconds).
    private static var otherValueOptions: [String] {
        Array(Set(Commands.all.flatMap(\.options).filter { $0.value != nil && !$0.takesPath }.flatMap(\.names)))
            .sorted()
    }

    static let shells = ["bash", "zsh", "fish"]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.completion)
        if parsed.wantsHelp {
            print(Help.completion)
            return .success
        }
        guard parsed.positional.count == 1, let shell = parsed.positional.first else {
            throw CommandError.usage("give one shell: bash, zsh or fish.", help: "completion")
        }
        guard Self.shells.contains(shell) else {
            throw CommandError.usage(
                "no completion for \"\(shell)\"; the shells are bash, zsh and fish.", help: "completion")
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
        let valued = pathOptions.joined(separator: "|")
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
                    \(otherValueOptions.joined(separator: "|"))) return ;;
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
            let files =
                command.name == "completion" ? " '1:shell:(\(shells.joined(separator: " ")))'" : " '*:file:_files'"
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
        var lines = [
            "# fish completion for trellis: trellis completion fish > ~/.config/fish/completions/trellis.fish",
            "complete -c trellis -f",
        ]
        for command in commands {
            lines.append("complete -c trellis -n '__fish_use_subcommand' -a \(command.name) -d '\(command.summary)'")
            for (option, takesValue) in command.options {
                let flag = option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                lines.append(
                    "complete -c trellis -n '__fish_seen_subcommand_from \(command.name)' \(flag)\(takesValue ? " -r -F" : "")"
                )
            }
        }
        lines.append(
            "complete -c trellis -n '__fish_seen_subcommand_from completion' -a '\(shells.joined(separator: " "))'")
        lines.append("complete -c trellis -n '__fish_seen_subcommand_from run validate inspect' -F")
        return lines.joined(separator: "\n")
    }
}
