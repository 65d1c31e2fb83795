import Foundation

/// `trellis-embed-tool OUTPUT FILE…`: writes OUTPUT, a Swift file in which
/// `EmbeddedFiles.<name>` holds each FILE's text (the EmbedFiles build plugin's tool).
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: trellis-embed-tool OUTPUT FILE…\n".utf8))
    exit(2)
}

/// A raw string literal of `text`: as many `#` as it takes for no `"""` or `\`
/// in the text to end the literal or start an escape.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    // The line break before the closing quotes is not the string's.
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var source = """
    // Written by trellis-embed-tool (the EmbedFiles build plugin); do not edit.

    /// The files of the target's `Embedded` folder, as text.
    enum EmbeddedFiles {

    """
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("trellis-embed-tool: \(path) cannot be read as UTF-8 text\n".utf8))
        exit(1)
    }
    let name = url.lastPathComponent.map { $0.isLetter || $0.isNumber ? $0 : "_" }
    source += "    /// `\(url.lastPathComponent)`.\n"
    source += "    static let \(String(name)) = \(literal(text))\n\n"
}
source += "}\n"
// Unchanged output keeps its date, so TrellisServe is not compiled again: SwiftPM
// runs the plugin again each time it links the tool, which `swift build
// --product X` after `swift build` did (a minute and a half a product in release).
if FileManager.default.contents(atPath: output) == Data(source.utf8) { exit(0) }
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output))
} catch {
    FileHandle.standardError.write(Data("trellis-embed-tool: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
