import Foundation
import PackagePlugin

/// Writes a plugin's manifest, and the fingerprint of the SDK it compiles against,
/// into an ELF note of its library (`.note.trellis`); applied to the SDK itself,
/// compiles the SDK's own fingerprint into it.
///
/// The fingerprint is computed from the SDK's source files, which this plugin finds
/// through the target's dependency on the `TrellisSDK` product, so it is always the
/// SDK the target really compiles against.
@main
struct TrellisManifest: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "trellis-manifest-tool").url
        let output = context.pluginWorkDirectoryURL.appending(path: "TrellisManifest.generated.swift")
        if module.name == "TrellisSDK" {
            let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
            return [.buildCommand(displayName: "Fingerprinting the Trellis SDK", executable: tool,
                                  arguments: ["sdk", output.path] + sources.map(\.path),
                                  inputFiles: sources, outputFiles: [output])]
        }
        let manifest = module.directoryURL.appending(path: "trellis-plugin.json")
        var sdkSources: [URL] = []
        for dependency in module.dependencies {
            guard case let .product(product) = dependency, product.name == "TrellisSDK" else { continue }
            for sdkTarget in product.targets {
                if let sdkModule = sdkTarget as? SourceModuleTarget { sdkSources += sdkModule.sourceFiles(withSuffix: "swift").map(\.url) }
            }
        }
        return [.buildCommand(displayName: "Trellis manifest for \(module.name)", executable: tool,
                              arguments: ["plugin", output.path, manifest.path] + sdkSources.map(\.path),
                              inputFiles: [manifest] + sdkSources, outputFiles: [output])]
    }
}
