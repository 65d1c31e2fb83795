// swift-tools-version:6.0
import PackageDescription

// The types the tutorial's plugins share: player names, the score stream, and the
// listener and actionable-item protocols between parent and child. Like the SDK it
// is a dynamic product of its own package, so every plugin that imports it binds
// to one image and its types are the same types in all of them.
let package = Package(
    name: "TicTacToeContracts",
    products: [
        .library(name: "TicTacToeContracts", type: .dynamic, targets: ["TicTacToeContracts"])
    ],
    dependencies: [
        .package(path: "../../SDK")
    ],
    targets: [
        // Built with library evolution, as the SDK is: a plugin built against one
        // version of the contracts keeps working with later additive versions.
        .target(
            name: "TicTacToeContracts", dependencies: [.product(name: "TrellisSDK", package: "SDK")],
            swiftSettings: [.unsafeFlags(["-enable-library-evolution", "-no-verify-emitted-module-interface"])])
    ]
)
