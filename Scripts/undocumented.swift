// Lists the public symbols of the symbol graphs given that have no documentation
// comment, one `file:line: kind name` a line, and exits 1 if there is any
// (Scripts/docs runs it: every public SDK symbol is a promise, and documented).
import Foundation

struct Graph: Decodable {
    let symbols: [Symbol]
}

struct Symbol: Decodable {
    struct Comment: Decodable {}
    struct Position: Decodable { let line: Int }
    struct Location: Decodable {
        let uri: String
        let position: Position
    }
    struct Kind: Decodable { let displayName: String }

    let pathComponents: [String]
    let docComment: Comment?
    let location: Location?
    let kind: Kind
}

var missing: [String] = []
for path in CommandLine.arguments.dropFirst() {
    let graph: Graph
    do {
        graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        FileHandle.standardError.write(Data("undocumented: cannot read \(path): \(error)\n".utf8))
        exit(2)
    }
    // Only what the SDK's sources declare: a conformance the compiler makes has no place.
    for symbol in graph.symbols where symbol.docComment == nil {
        guard let location = symbol.location, location.uri.contains("/Sources/") else { continue }
        let file = location.uri.replacingOccurrences(of: "file://", with: "")
        missing.append(
            "\(file):\(location.position.line + 1): \(symbol.kind.displayName.lowercased()) "
                + "\(symbol.pathComponents.joined(separator: ".")) has no documentation comment")
    }
}
for line in missing.sorted() { print(line) }
exit(missing.isEmpty ? 0 : 1)
