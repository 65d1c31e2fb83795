// swift-tools-version:6.2
import PackageDescription

// The SDK is its own package so that SwiftPM links it as one shared image:
// the host and every plugin load the same `libTrellisSDK.so` (Docs/PluginSystem.md).
//
// It also offers the `TrellisManifest` build tool plugin: applied to a plugin's
// target, it reads the target's `trellis-plugin.json` and compiles it, with the
// release of the SDK (SDK/VERSION), into an ELF note the host reads without loading the file.
/// Built with library evolution, so a plugin built against one 1.x release runs
/// with every later 1.x host (Docs/PluginSystem.md, "Compatibility").
let libraryEvolution: [SwiftSetting] = [
    .unsafeFlags(["-enable-library-evolution", "-no-verify-emitted-module-interface"])
]

let package = Package(
    name: "TrellisSDK",
    products: [
        // TrellisCore, the session and renderer the host's front ends and the testing
        // kit share, rides in the same image; it is not for plugins and promises nothing.
        .library(name: "TrellisSDK", type: .dynamic, targets: ["TrellisSDK", "TrellisCore"]),
        .plugin(name: "TrellisManifest", targets: ["TrellisManifest"]),
        // For plugin authors' tests: a screen built from its builder and driven in
        // the test's process (Docs/Authoring.md, Testing).
        .library(name: "TrellisTesting", targets: ["TrellisTesting"]),
    ],
    targets: [
        .target(name: "TrellisSDK", swiftSettings: libraryEvolution, plugins: ["TrellisManifest"]),
        .target(name: "TrellisCore", dependencies: ["TrellisSDK"]),
        .target(name: "TrellisTesting", dependencies: ["TrellisSDK", "TrellisCore"], swiftSettings: libraryEvolution),
        .executableTarget(name: "trellis-manifest-tool"),
        .plugin(name: "TrellisManifest", capability: .buildTool(), dependencies: ["trellis-manifest-tool"]),
    ]
)
