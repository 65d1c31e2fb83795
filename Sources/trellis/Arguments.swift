/// The words of a subcommand, split into options and positional arguments.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Splits `words`.
    ///
    /// - Parameters:
    ///   - words: The words after the subcommand.
    ///   - command: The subcommand, for messages.
    ///   - flags: Options that stand alone; `-h` and `--help` always are.
    ///   - options: Options that take a value (`--size 80x24` or `--size=80x24`).
    /// - Throws: ``CommandError`` for an unknown option or a missing value.
    init(_ words: [String], command: String, flags knownFlags: Set<String> = [], options: Set<String> = []) throws {
        var remaining = words[...]
        while let word = remaining.popFirst() {
            guard word.hasPrefix("-"), word != "-" else {
                positional.append(word)
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if knownFlags.union(["-h", "--help"]).contains(name), parts.count == 1 {
                flags.insert(name)
            } else if options.contains(name) {
                guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                    throw CommandError.usage("\(name) needs a value.", help: command)
                }
                values[name, default: []].append(value)
            } else {
                throw CommandError.usage("unknown option \"\(word)\" for `trellis \(command)`.", help: command)
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Whether `-h` or `--help` was given.
    var wantsHelp: Bool { has("-h") || has("--help") }

    /// The value of `option`, the last one if it was given more than once.
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
