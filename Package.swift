// swift-tools-version:6.0
import PackageDescription

// Every target reaches the SDK through its package's dynamic product, never as a
// target of this package: SwiftPM would link a target statically into each image,
// and casts across the plugin boundary would fail (Docs/PluginSystem.md).
let sdk = Target.Dependency.product(name: "TrellisSDK", package: "SDK")

/// A screen plugin under `Plugins/<name>`, built as `lib<name>.so`.
func screenPlugin(_ name: String) -> (Product, Target) {
    (.library(name: name, type: .dynamic, targets: [name]),
     .target(name: name, dependencies: [sdk], path: "Plugins/\(name)"))
}

let plugins = ["MainScreen", "NextScreen"].map(screenPlugin)

let package = Package(
    name: "Trellis",
    products: [
        .executable(name: "trellis", targets: ["trellis"]),
    ] + plugins.map(\.0),
    dependencies: [
        .package(path: "SDK"),
    ],
    targets: [
        .target(name: "CTerminal"),
        .target(name: "TrellisHost", dependencies: ["CTerminal", sdk]),
        .executableTarget(name: "trellis", dependencies: ["TrellisHost", sdk]),
        .target(name: "TrellisTestSupport", dependencies: ["TrellisHost", sdk], path: "Tests/TrellisTestSupport"),
        .testTarget(name: "TrellisSDKTests", dependencies: [sdk]),
        .testTarget(name: "TrellisHostTests", dependencies: ["TrellisHost", "TrellisTestSupport", sdk]),
        .testTarget(name: "EndToEndTests", dependencies: ["TrellisTestSupport"]),
    ] + plugins.map(\.1)
)
