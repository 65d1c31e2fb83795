// swift-tools-version:6.2
import PackageDescription

// RIBs code from the seeds, pasted into Trellis plugins: only import lines and view
// code changed (Docs/RIBs.md, "Porting RIBs code"). Seed000 is seed 000's Main and
// Next RIBs in one plugin, as its repository has them. Swift 5 language mode, as
// the iOS code it comes from: its protocols are not `@MainActor`.
let package = Package(
    name: "RIBsPorts",
    products: [
        .library(name: "Seed000", type: .dynamic, targets: ["Seed000"])
    ],
    dependencies: [
        .package(path: "../../SDK")
    ],
    targets: [
        .target(
            name: "Seed000", dependencies: [.product(name: "TrellisSDK", package: "SDK")],
            exclude: ["trellis-plugin.json"], plugins: [.plugin(name: "TrellisManifest", package: "SDK")])
    ],
    swiftLanguageModes: [.v5]
)
