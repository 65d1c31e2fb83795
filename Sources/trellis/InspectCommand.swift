import Foundation
import TrellisHost
import TrellisSDK

/// `trellis inspect PLUGIN.so`.
@MainActor
struct InspectCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: "inspect")
        if parsed.wantsHelp {
            print(Help.inspect)
            return .success
        }
        guard let path = try parsed.singlePositional(command: "inspect", name: "plugin") else {
            throw CommandError.usage("give the plugin file to inspect, for example .build/debug/libMainScreen.so.", help: "inspect")
        }
        let loader = PluginLoader(searchPath: [])
        let plugin: LoadedPlugin
        do {
            plugin = try loader.load(path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        } catch {
            throw CommandError(message: error.localizedDescription)
        }
        let manifest = plugin.manifest
        func list(_ names: [String]) -> String { names.isEmpty ? "(none)" : names.joined(separator: ", ") }
        // Every field comes from the plugin: escaped before it reaches the terminal.
        print("""
            \(manifest.name) \(manifest.version)
              file:      \(plugin.file.path)
              summary:   \(manifest.summary.isEmpty ? "(none)" : manifest.summary)
              sdk:       interface \(manifest.sdkInterface) (this host: \(TrellisSDKInterface.version))
              compiler:  \(manifest.compiler)
              toolchain: \(plugin.toolchain ?? "(not recorded)")
              slots:     \(list(manifest.slots))
              requires:  \(list(manifest.requires))
              provides:  \(list(manifest.provides))
              sha256:    \(loader.hash(ofFileAt: plugin.file.path) ?? "(no libcrypto.so.3 here to compute it)")
            """.escapingControlCharacters)
        return .success
    }
}
