// swift-tools-version:6.0
import PackageDescription

// The SDK is its own package so that SwiftPM links it as one shared image:
// the host and every plugin load the same `libTrellisSDK.so` (Docs/PluginSystem.md).
let package = Package(
    name: "TrellisSDK",
    products: [
        .library(name: "TrellisSDK", type: .dynamic, targets: ["TrellisSDK"]),
    ],
    targets: [
        .target(name: "TrellisSDK"),
    ]
)
