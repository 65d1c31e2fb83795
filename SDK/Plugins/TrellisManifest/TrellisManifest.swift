import Foundation
import PackagePlugin

/// Writes a plugin's manifest, and the release of the SDK it compiles against,
/// into an ELF note of its library (`.note.trellis`); applied to the SDK itself,
/// compiles the SDK's release into it.
///
/// The release is read from the `VERSION` file at the top of the SDK's package,
/// which this plugin finds through the target's dependency on the `TrellisSDK`
/// product, so it is always the SDK the target really compiles against.
@main
struct TrellisManifest: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "trellis-manifest-tool").url
        let output = context.pluginWorkDirectoryURL.appending(path: "TrellisManifest.generated.swift")
        if module.name == "TrellisSDK" {
            let version = Self.versionFile(ofSDKTarget: module)
            return [
                .buildCommand(
                    displayName: "Trellis SDK release", executable: tool,
                    arguments: ["sdk", output.path, version.path],
                    inputFiles: [version], outputFiles: [output])
            ]
        }
        let manifest = module.directoryURL.appending(path: "trellis-plugin.json")
        var versions: [URL] = []
        for dependency in module.dependencies {
            guard case let .product(product) = dependency, product.name == "TrellisSDK" else { continue }
            versions += product.targets.filter { $0.name == "TrellisSDK" }.map { Self.versionFile(ofSDKTarget: $0) }
        }
        return [
            .buildCommand(
                displayName: "Trellis manifest for \(module.name)", executable: tool,
                arguments: ["plugin", output.path, manifest.path] + versions.prefix(1).map(\.path),
                inputFiles: [manifest] + versions.prefix(1), outputFiles: [output])
        ]
    }

    /// `VERSION` at the top of the SDK's package, two folders above the target's
    /// sources (`Sources/TrellisSDK`).
    private static func versionFile(ofSDKTarget target: Target) -> URL {
        target.directoryURL.deletingLastPathComponent().deletingLastPathComponent().appending(path: "VERSION")
    }
}
