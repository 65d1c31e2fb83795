// swift-tools-version:6.0
import PackageDescription

// A screen plugin that lives outside the Trellis package. It reaches the SDK by
// path, through the SDK's dynamic product, so the host and this plugin share one
// libTrellisSDK.so at run time.
let package = Package(
    name: "HelloPlugin",
    products: [
        .library(name: "HelloScreen", type: .dynamic, targets: ["HelloScreen"])
    ],
    dependencies: [
        .package(path: "../../SDK")
    ],
    targets: [
        // The TrellisManifest build tool compiles trellis-plugin.json into the library.
        .target(
            name: "HelloScreen", dependencies: [.product(name: "TrellisSDK", package: "SDK")],
            exclude: ["trellis-plugin.json"], plugins: [.plugin(name: "TrellisManifest", package: "SDK")])
    ]
)
