/// The words of a subcommand, split into options and positional arguments by the
/// command's table (``CommandSpec``).
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Splits `words` by the options `command` declares. Each option is kept
    /// under its last name (``OptionSpec/name``): `-v` is asked for as `--verbose`.
    ///
    /// - Throws: ``CommandError`` for an unknown option or a missing value.
    init(_ words: [String], command: CommandSpec) throws {
        var byName: [String: OptionSpec] = [:]
        for option in command.allOptions {
            for name in option.names { byName[name] = option }
        }
        var remaining = words[...]
        while let word = remaining.popFirst() {
            guard word.hasPrefix("-"), word != "-" else {
                positional.append(word)
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = byName[parts[0]], option.value != nil || parts.count == 1 else {
                throw CommandError.usage(
                    "unknown option \"\(word)\" for `trellis \(command.name)`.", help: command.name)
            }
            guard option.value != nil else {
                flags.insert(option.name)
                continue
            }
            guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                throw CommandError.usage("\(parts[0]) needs a value.", help: command.name)
            }
            // One value wins, and which one would be a guess: a second is refused.
            if !option.repeats, let first = values[option.name]?.first {
                throw CommandError.usage(
                    "\(parts[0]) was given twice (\"\(first.prefix(40))\" and \"\(value.prefix(40))\"); give it once.",
                    help: command.name)
            }
            values[option.name, default: []].append(value)
        }
    }

    /// Whether the flag named `flag` (its last name) was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Whether `-h` or `--help` was given.
    var wantsHelp: Bool { has("--help") }

    /// The value of `option` (one that does not repeat is given at most once).
    func value(_ option: String) -> String? { values[option]?.last }

    /// Every value of an option that may be given more than once, in order.
    func allValues(_ option: String) -> [String] { values[option] ?? [] }

    /// The one optional positional argument, or an error if there are more.
    func singlePositional(command: String, name: String) throws -> String? {
        guard positional.count <= 1 else {
            throw CommandError.usage("expected at most one \(name), got \(positional.count).", help: command)
        }
        return positional.first
    }
}
