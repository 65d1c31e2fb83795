// swift-tools-version:6.2
import PackageDescription

// What the guide's plugins share. A package of its own, used through its dynamic
// product: a target of the plugins' package would be linked into each plugin, and
// each would have its own CounterStore type, which the other's casts refuse.
let package = Package(
    name: "GuideContracts",
    products: [
        .library(name: "GuideContracts", type: .dynamic, targets: ["GuideContracts"])
    ],
    dependencies: [
        .package(path: "../../../SDK")
    ],
    targets: [
        .target(name: "GuideContracts", dependencies: [.product(name: "TrellisSDK", package: "SDK")])
    ]
)
