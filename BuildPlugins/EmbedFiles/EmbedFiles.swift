import Foundation
import PackagePlugin

/// Compiles the files of a target's `Embedded` folder into it, as
/// `EmbeddedFiles.<name>` (the file's name with `.` and `-` as `_`): the web
/// page's HTML, CSS and script stay files that editors, linters and the page's
/// own tests read, and the host still needs nothing beside its binary.
///
/// Not SwiftPM's `embedInCode` resources: Swift 6.3's build does not embed an
/// edited file again, so an edit to the page would not reach the host.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let folder = module.directoryURL.appending(path: "Embedded")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        let files = names.sorted().map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.generated.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.sorted().joined(separator: ", ")) in \(module.name)",
                executable: try context.tool(named: "trellis-embed-tool").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files, outputFiles: [output])
        ]
    }
}
