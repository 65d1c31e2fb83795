// swift-tools-version:6.2
import PackageDescription

// Every target reaches the SDK through its package's dynamic product, never as a
// target of this package: SwiftPM would link a target statically into each image,
// and casts across the plugin boundary would fail (Docs/PluginSystem.md).
let sdk = Target.Dependency.product(name: "TrellisSDK", package: "SDK")
/// Compiles each plugin's `trellis-plugin.json`, with the SDK's release, into its
/// library, where the host reads it without loading the library.
func manifest() -> Target.PluginUsage { .plugin(name: "TrellisManifest", package: "SDK") }
let ticTacToeContracts = Target.Dependency.product(name: "TicTacToeContracts", package: "TicTacToeContracts")

/// A screen plugin under `Plugins/<name>`, built as `lib<name>.so`.
func screenPlugin(_ name: String, contracts: [Target.Dependency] = [], resources: [Resource]? = nil) -> (
    Product, Target
) {
    (
        .library(name: name, type: .dynamic, targets: [name]),
        .target(
            name: name, dependencies: [sdk] + contracts, path: "Plugins/\(name)",
            exclude: ["trellis-plugin.json"], resources: resources, plugins: [manifest()])
    )
}

let plugins =
    ["MainScreen", "NextScreen", "Launcher", "CandyStore", "Repositories", "Notes"].map { screenPlugin($0) }
    // The gallery's picture, which `trellis serve` shows as one.
    + [screenPlugin("Widgets", resources: [.copy("Resources/gallery.png")])]
    + ["TutorialRoot", "LoggedOut", "LoggedIn", "OffGame", "TicTacToe"].map {
        screenPlugin($0, contracts: [ticTacToeContracts])
    }
    + [
        screenPlugin(
            "AirportSearch", resources: [.copy("Resources/airports.tsv"), .copy("Resources/LICENSE-airportsdata.txt")])
    ]

/// Plugins that misbehave on purpose, for the tests, and the benchmark's plain
/// screen, under `Tests/Plugins/<name>`.
let testPlugins = ["TestScreens", "TrapInEntry", "TestParent", "LeafScreen"].map { name -> (Product, Target) in
    (
        .library(name: name, type: .dynamic, targets: [name]),
        .target(
            name: name, dependencies: [sdk], path: "Tests/Plugins/\(name)", exclude: ["trellis-plugin.json"],
            plugins: [manifest()])
    )
}

/// The host, a target a layer, lowest first (Docs/Architecture.md, "The host's
/// layers"): each uses only the layers below it that it names, and TrellisHost
/// gives them all to the command line, the benchmark and the tests.
func hostLayer(_ name: String, _ below: [String], exclude: [String] = [], plugins: [Target.PluginUsage]? = nil)
    -> Target
{
    .target(name: name, dependencies: below.map { .target(name: $0) } + [sdk], exclude: exclude, plugins: plugins)
}

let hostLayers: [Target] = [
    hostLayer("TrellisPlatform", ["CTerminal"]),
    hostLayer("TrellisConfig", ["TrellisPlatform"]),
    hostLayer("TrellisLoader", ["CTerminal", "TrellisPlatform", "TrellisConfig"]),
    hostLayer("TrellisLoop", ["TrellisPlatform", "TrellisLoader"]),
    hostLayer("TrellisIsolation", ["CTerminal", "TrellisPlatform", "TrellisConfig", "TrellisLoader"]),
    hostLayer("TrellisTree", ["TrellisPlatform", "TrellisConfig", "TrellisLoader", "TrellisLoop", "TrellisIsolation"]),
    hostLayer("TrellisSession", ["TrellisPlatform", "TrellisLoop", "TrellisTree"]),
    hostLayer(
        "TrellisPluginHost",
        [
            "CTerminal", "TrellisPlatform", "TrellisConfig", "TrellisLoader", "TrellisLoop", "TrellisIsolation",
            "TrellisTree", "TrellisSession",
        ]),
    hostLayer(
        "TrellisTerminal",
        ["CTerminal", "TrellisPlatform", "TrellisConfig", "TrellisLoop", "TrellisTree", "TrellisSession"]),
    // The web page's files (`Embedded/`) are compiled into it.
    hostLayer(
        "TrellisServe",
        ["TrellisPlatform", "TrellisConfig", "TrellisLoader", "TrellisLoop", "TrellisTree", "TrellisSession"],
        exclude: ["Embedded"], plugins: ["EmbedFiles"]),
    // The supervisor, `trellis new`'s scaffolding, and every layer below.
    hostLayer(
        "TrellisHost",
        [
            "CTerminal", "TrellisPlatform", "TrellisConfig", "TrellisLoader", "TrellisLoop", "TrellisIsolation",
            "TrellisTree", "TrellisSession", "TrellisPluginHost", "TrellisTerminal", "TrellisServe",
        ]),
]

let package = Package(
    name: "Trellis",
    products: [
        .executable(name: "trellis", targets: ["trellis"]),
        .executable(name: "trellis-bench", targets: ["trellis-bench"]),
        .executable(name: "trellis-static", targets: ["trellis-static"]),
    ] + (plugins + testPlugins).map(\.0),
    dependencies: [
        .package(path: "SDK"),
        .package(path: "Contracts/TicTacToeContracts"),
    ],
    targets: [
        .target(name: "CTerminal")
    ] + hostLayers + [
        .executableTarget(name: "trellis-embed-tool"),
        .plugin(
            name: "EmbedFiles", capability: .buildTool(), dependencies: ["trellis-embed-tool"],
            path: "BuildPlugins/EmbedFiles"),
        // Installed as bin/trellis with the SDK and plugins in ../lib (Scripts/install).
        .executableTarget(
            name: "trellis", dependencies: ["TrellisHost", sdk],
            // `trellis new`'s templates, read at run time (installed in share/trellis/templates).
            exclude: ["Templates"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../lib"])]),
        // The browser's figures drive Chromium with the tests' DevTools client.
        .executableTarget(name: "trellis-bench", dependencies: ["TrellisHost", "CTerminal", "ChromiumDriver", sdk]),
        // The screens linked in statically, as the benchmark's baseline. Each plugin
        // defines the same C entry symbol, which this executable never uses.
        .executableTarget(
            name: "trellis-static", dependencies: ["TrellisHost", "MainScreen", "NextScreen", sdk],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--allow-multiple-definition"])]),
        .target(
            name: "TrellisTestSupport", dependencies: ["TrellisHost", "ChromiumDriver", sdk],
            path: "Tests/TrellisTestSupport"),
        // A headless Chromium driven through its DevTools pipe, for the tests and the benchmark.
        .target(name: "ChromiumDriver", path: "Tests/ChromiumDriver"),
        .testTarget(name: "TrellisSDKTests", dependencies: [sdk]),
        // Counterparts of RIBs-iOS's own tests, named after them (Docs/RIBs.md).
        .testTarget(name: "RIBsConformanceTests", dependencies: [sdk]),
        .testTarget(name: "TrellisHostTests", dependencies: ["TrellisHost", "TrellisTestSupport", sdk]),
        .testTarget(name: "EndToEndTests", dependencies: ["TrellisTestSupport"]),
        // The bundled plugins' own tests, with the SDK's testing kit: each plugin is
        // linked in, and each defines the same C entry symbol, which tests never call.
        .testTarget(
            name: "PluginTests",
            dependencies: [
                "MainScreen", "NextScreen", "TicTacToe", "LoggedIn", "AirportSearch", "Widgets", "Notes",
                ticTacToeContracts,
                sdk,
                .product(name: "TrellisTesting", package: "SDK"), "TrellisTestSupport",
            ],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--allow-multiple-definition"])]),
    ] + (plugins + testPlugins).map(\.1)
)
