/// A template of `trellis new`, in the part of Mustache's syntax it needs:
/// `{{name}}` is replaced by a value; `{{#name}}…{{/name}}` is kept for a true
/// flag and repeated for each item of a list (whose values it can use);
/// `{{^name}}…{{/name}}` is kept for a false flag or an empty list. A line that
/// holds only a section's tag is left out whole, so a template reads as the file
/// it makes.
///
/// Templates are files installed with `trellis` (`Sources/trellis/Templates`,
/// `share/trellis/templates`), so a damaged one is an error naming the file and
/// line, never a trap.
public struct Template {
    /// What a name in a template stands for.
    public enum Value {
        case text(String)
        case flag(Bool)
        /// Items, each with its own names (`{{#slots}}{{slot}}{{/slots}}`).
        case list([[String: Value]])
    }

    /// Why a template cannot be read or filled in.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong, with the file and line.
        public let message: String

        public init(message: String) {
            self.message = message
        }

        public var description: String { message }
    }

    private indirect enum Part {
        case text(Substring)
        case value(String, line: Int)
        case section(String, inverted: Bool, [Part], line: Int)
    }

    /// The deepest sections may nest: a damaged file cannot exhaust the stack.
    public static let nestingLimit = 8

    private let parts: [Part]
    private let file: String

    /// Reads `source`, the text of the template `file` (named in messages).
    public init(_ source: String, file: String) throws(Failure) {
        self.file = file
        var scanner = Scanner(text: Self.withoutSectionLines(source), file: file)
        parts = try scanner.parts(until: nil, depth: 0)
    }

    /// The text with each name replaced by its value in `values`.
    ///
    /// - Throws: ``Failure`` for a name `values` does not have, or one used as the
    ///   wrong kind (a list where text is written).
    public func render(_ values: [String: Value]) throws(Failure) -> String {
        var output = ""
        try render(parts, scopes: [values], into: &output)
        return output
    }

    private func render(_ parts: [Part], scopes: [[String: Value]], into output: inout String) throws(Failure) {
        for part in parts {
            switch part {
            case let .text(text):
                output += text
            case let .value(name, line):
                guard case let .text(text) = try lookUp(name, in: scopes, line: line) else {
                    throw Failure(message: "\(file):\(line): {{\(name)}} is a flag or a list, not text")
                }
                output += text
            case let .section(name, inverted, inner, line):
                let items: [[String: Value]]
                switch try lookUp(name, in: scopes, line: line) {
                case let .flag(isSet): items = isSet ? [[:]] : []
                case let .list(list): items = list
                case let .text(text): items = text.isEmpty ? [] : [[:]]
                }
                if inverted {
                    if items.isEmpty { try render(inner, scopes: scopes, into: &output) }
                } else {
                    for item in items { try render(inner, scopes: scopes + [item], into: &output) }
                }
            }
        }
    }

    private func lookUp(_ name: String, in scopes: [[String: Value]], line: Int) throws(Failure) -> Value {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        throw Failure(message: "\(file):\(line): {{\(name)}} names nothing `trellis new` fills in")
    }

    /// The source with each line that holds only a section tag reduced to the
    /// tag: its indentation and line break are not part of the output (the line
    /// break is kept in a comment tag, `{{!…}}`, so messages count lines right).
    private static func withoutSectionLines(_ source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var result = ""
        for (index, line) in lines.enumerated() {
            let tag = line.drop { $0 == " " }
            let isSectionTag =
                tag.hasPrefix("{{") && tag.hasSuffix("}}") && tag.dropFirst(2).first.map("#^/".contains) == true
                && tag.dropFirst(3).dropLast(2).allSatisfy { $0.isLetter || $0.isNumber }
            let isLast = index == lines.count - 1
            result += isSectionTag ? tag + (isLast ? "" : "{{!\n}}") : line + (isLast ? "" : "\n")
        }
        return result
    }

    /// Reads parts from the template's text, one tag at a time.
    private struct Scanner {
        let text: String
        let file: String
        var index: String.Index
        var line = 1

        init(text: String, file: String) {
            self.text = text
            self.file = file
            index = text.startIndex
        }

        /// The parts up to the end of the section `closing`, or of the text.
        mutating func parts(until closing: String?, depth: Int) throws(Failure) -> [Part] {
            guard depth <= Template.nestingLimit else {
                throw Failure(message: "\(file):\(line): sections nest deeper than \(Template.nestingLimit)")
            }
            var result: [Part] = []
            while index < text.endIndex {
                guard let open = text.range(of: "{{", range: index..<text.endIndex) else {
                    result.append(.text(text[index...]))
                    index = text.endIndex
                    break
                }
                result.append(.text(text[index..<open.lowerBound]))
                line += text[index..<open.lowerBound].count { $0 == "\n" }
                guard let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) else {
                    throw Failure(message: "\(file):\(line): a {{ is never closed with }}")
                }
                let tag = text[open.upperBound..<close.lowerBound]
                index = close.upperBound
                let name = String(tag.dropFirst())
                switch tag.first {
                case "!":
                    line += tag.count { $0 == "\n" }
                case "#", "^":
                    let tagLine = line
                    let inner = try parts(until: name, depth: depth + 1)
                    result.append(.section(name, inverted: tag.first == "^", inner, line: tagLine))
                case "/":
                    guard name == closing else {
                        throw Failure(
                            message: "\(file):\(line): {{/\(name)}} closes "
                                + (closing.map { "a section opened as {{#\($0)}}" } ?? "no open section"))
                    }
                    return result
                default:
                    guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                        throw Failure(message: "\(file):\(line): {{\(tag)}} is not a name")
                    }
                    result.append(.value(String(tag), line: line))
                }
            }
            if let closing { throw Failure(message: "\(file): the section {{#\(closing)}} is never closed") }
            return result
        }
    }
}
