import Foundation
import Testing
import TrellisTestSupport

/// The host keeps process-wide mutable state only where it must, and says why:
/// at most six mutable statics in its sources, each in the table of
/// Docs/Architecture.md ("The host's context"). What else a tree or a front
/// end needs is handed to it (`HostContext`).
struct MutableStaticsTests {
    /// A stored static variable: `Type.name`, where it is.
    struct Found: CustomStringConvertible {
        let name: String
        let place: String
        var description: String { "\(name) (\(place))" }
    }

    /// Every stored `static var` in Sources/, whatever its modifiers, and every
    /// variable at a file's top level outside a `main.swift` (where top-level
    /// code's variables are the program's own): one with a value or a type and
    /// no accessors (a computed one's `{` comes before any `=`).
    static func mutableStatics() throws -> [Found] {
        let sources = Products.repository.appendingPathComponent("Sources")
        let paths = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        let modifiers = #"(?:(?:nonisolated\(unsafe\)|\w+\(set\)|unowned\(\w+\)|@\w+(?:\(\w+\))?|\w+)\s+)*"#
        let declaration = try Regex(#"\bstatic\s+"# + modifiers + #"var\s+(\w+)(.*)$"#)
        let global = try Regex(#"^"# + modifiers + #"var\s+(\w+)(.*)$"#)
        let typeLine = try Regex(#"^(\s*)(?:[\w()@ ]+\s)?(?:struct|enum|class|extension|actor)\s+(\w+)"#)
        var found: [Found] = []
        for path in paths.sorted() where path.hasSuffix(".swift") {
            let lines = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            var types: [(indent: Int, name: String)] = []
            for (index, line) in lines.enumerated() {
                let code = line.drop { $0 == " " }
                if code.hasPrefix("//") { continue }
                let indent = line.count - code.count
                // A type closed on this line owns nothing after it.
                if code.hasPrefix("}") { types.removeAll { $0.indent >= indent - 1 } }
                // A type opened on this line owns what follows, on it too.
                if let match = line.firstMatch(of: typeLine), let name = match.output[2].substring {
                    types.removeAll { $0.indent >= indent }
                    types.append((indent - 1, String(name)))
                }
                let isMain = path.hasSuffix("main.swift")
                guard let match = line.firstMatch(of: declaration) ?? (isMain ? nil : line.wholeMatch(of: global)),
                    let name = match.output[1].substring, let rest = match.output[2].substring
                else { continue }
                let brace = rest.firstIndex(of: "{")
                let equals = rest.firstIndex(of: "=")
                if let brace, equals.map({ brace < $0 }) ?? true { continue }
                let owner = types.last { $0.indent < indent }?.name ?? "?"
                found.append(Found(name: "\(owner).\(name)", place: "Sources/\(path):\(index + 1)"))
            }
        }
        return found
    }

    @Test func atMostSixMutableStaticsEachWithItsReasonInTheArchitectureDoc() throws {
        let found = try Self.mutableStatics()
        let doc = try String(
            contentsOf: Products.repository.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        let context =
            doc.components(separatedBy: "## The host's context").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""

        #expect(found.count <= 6, "\(found.count) mutable statics: \(found)")
        for entry in found {
            #expect(context.contains("| `\(entry.name)`"), "\(entry) has no row in Docs/Architecture.md")
        }
        #expect(found.contains { $0.name == "Log.level" }, "the search finds the statics there are: \(found)")
    }
}
