// swift-tools-version:6.2
import PackageDescription

// The authoring guide's example (Docs/Authoring.md): a Counter screen that presents
// a Details child through one slot and pushes another through a second, shares a
// store with them through a dependency, and is tested with the SDK's testing kit.
let sdk = Target.Dependency.product(name: "TrellisSDK", package: "SDK")
let manifest = Target.PluginUsage.plugin(name: "TrellisManifest", package: "SDK")
// A package of its own, so both plugins share one image of it (GuideContracts/Package.swift).
let contracts = Target.Dependency.product(name: "GuideContracts", package: "GuideContracts")

let package = Package(
    name: "Guide",
    products: [
        .library(name: "Counter", type: .dynamic, targets: ["Counter"]),
        .library(name: "Details", type: .dynamic, targets: ["Details"]),
    ],
    dependencies: [
        .package(path: "../../SDK"),
        .package(path: "GuideContracts"),
    ],
    targets: [
        .target(
            name: "Counter", dependencies: [sdk, contracts], exclude: ["trellis-plugin.json"], plugins: [manifest]),
        .target(
            name: "Details", dependencies: [sdk, contracts], exclude: ["trellis-plugin.json"], plugins: [manifest]),
        .testTarget(
            name: "CounterTests",
            dependencies: [
                "Counter", "Details", contracts, sdk,
                .product(name: "TrellisTesting", package: "SDK"),
            ],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--allow-multiple-definition"])]),
    ]
)
