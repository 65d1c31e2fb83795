/// An option of a command, declared once: the parser, `--help`, the manual page
/// and the three completion scripts are all made from it, as
/// swift-argument-parser makes them from `@Option(help:)`.
struct OptionSpec {
    /// Its names, a short one first: `["-v", "--verbose"]`. The last is the one
    /// the command asks the parsed arguments for.
    let names: [String]
    /// What its value is called (`FILE`), or `nil` for a flag.
    var value: String?
    /// What it does, one paragraph: `--help` wraps it.
    let help: String
    /// Whether it may be given more than once (`--plugins DIR`...).
    var repeats = false
    /// Whether its value is a path, for which completion offers files.
    var takesPath = false

    /// A flag.
    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, value: nil, help: help)
    }

    /// An option with a value.
    static func option(_ name: String, _ value: String, help: String, repeats: Bool = false, takesPath: Bool = false)
        -> OptionSpec
    {
        OptionSpec(names: [name], value: value, help: help, repeats: repeats, takesPath: takesPath)
    }

    /// The name commands ask the parsed arguments for.
    var name: String { names.last ?? "" }

    /// How the usage line shows it: `[--script FILE]`, `[--plugins DIR]...`, `[-v]`.
    var usage: String {
        "[\(names[0])\(value.map { " " + $0 } ?? "")]\(repeats ? "..." : "")"
    }

    /// How the option list shows it: `--script FILE`, `-v, --verbose`.
    var label: String {
        names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }
}

/// A command of `trellis`, declared once with its options and texts.
struct CommandSpec {
    /// `run`.
    let name: String
    /// Its arguments, one form a usage line (`[CONFIG]`; `PLUGIN.so` and `FOLDER`).
    let forms: [String]
    /// One line, for `trellis --help` and the completion scripts.
    let summary: String
    /// What it does: the paragraphs after the usage.
    let description: String
    /// Its options, without `-h, --help`, which every command has.
    let options: [OptionSpec]
    /// What follows the options in `--help`: exit codes, headless commands.
    var sections = ""

    /// `-h, --help`.
    static let help = OptionSpec.flag("-h", "--help", help: "show this help")

    /// Every option, `-h, --help` last.
    var allOptions: [OptionSpec] { options + [Self.help] }

    /// The text of `trellis NAME --help`.
    var helpText: String {
        let prefix = "USAGE: trellis \(name) "
        let usage = forms.enumerated().map { index, form in
            let words = [form] + options.map(\.usage)
            let lines = Self.wrap(words, width: 88 - prefix.count)
            let indent = String(repeating: " ", count: prefix.count)
            return (index == 0 ? prefix : "       trellis \(name) ")
                + lines.joined(separator: "\n" + indent)
        }.joined(separator: "\n")
        var text =
            usage + "\n\n" + description + "\n\nOPTIONS:\n" + allOptions.map(Self.optionLine).joined(separator: "\n")
        if !sections.isEmpty { text += "\n\n" + sections }
        return text
    }

    /// `  --script FILE       read headless commands …`, the help wrapped in a
    /// column of its own.
    private static func optionLine(_ option: OptionSpec) -> String {
        twoColumns(option.label, option.help)
    }

    /// `  label               text…`: `text` wrapped in a column from the 23rd,
    /// starting on a line of its own when `label` reaches that column.
    static func twoColumns(_ label: String, _ text: String) -> String {
        let column = 22
        let label = "  " + label
        let lines = wrap(text.split(separator: " ").map(String.init), width: 80 - column)
        let first =
            label.count < column
            ? label.padding(toLength: column, withPad: " ", startingAt: 0)
            : label + "\n" + String(repeating: " ", count: column)
        return first + lines.joined(separator: "\n" + String(repeating: " ", count: column))
    }

    /// `words` in lines of at most `width` characters (a longer word alone).
    static func wrap(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        for word in words where !word.isEmpty {
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }
}
