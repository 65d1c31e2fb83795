import Foundation
import Testing
import TrellisTestSupport

/// The SDK's compatibility promise (Docs/PluginSystem.md, "Compatibility"): a
/// plugin built against SDK 1.N runs unchanged with every later 1.x host, and a
/// plugin of a newer minor or another major is refused before any of its code runs.
/// These tests build whole packages; they share the out-of-tree HelloPlugin build
/// (built once, by whichever asks first). They run side by side: one after
/// another they were the longest path of `swift test`, most of it one core's
/// work (linking, the ABI digester) while the other waited.
struct CompatibilityTests {
    /// The routes of a Main → Next app whose child is HelloScreen.
    private static let helloRoutes = """
        { "main": { "plugin": "MainScreen", "children": { "next": "next" } }, "next": { "plugin": "HelloScreen" } }
        """

    /// Main presents HelloScreen and Close dismisses it: the plugin's interactor
    /// (an override of an SDK method) and its view (an SDK class) both work.
    private static let helloWalk = "tap Click Button\nexpect Hello from a plugin\ntree\ntap Close\ntree\n"
    private static let helloTree = "main (MainScreen)\n  next (HelloScreen)\nmain (MainScreen)\n"

    /// Edits a copy's SDK as a minor release may: a view case, a stored property
    /// before the others in an open class, an open method before the others, a
    /// protocol requirement with a default (which the SDK calls), a new type.
    private func addToEveryKindOfDeclaration(in copy: RepositoryCopy) throws {
        try copy.edit(
            "SDK/Sources/TrellisSDK/View/ViewNode.swift", replacing: "    case empty\n",
            with: "    case empty\n    /// Added in a later minor.\n    case addedKind(String)\n")
        try copy.edit(
            "SDK/Sources/TrellisSDK/View/ViewController.swift",
            replacing: "open class ViewController: ViewControllable {\n",
            with:
                "open class ViewController: ViewControllable {\n    public var addedBeforeTheRest: [String] = [\"added\"]\n"
        )
        try copy.edit(
            "SDK/Sources/TrellisSDK/RIBs/Interactor.swift", replacing: "open class Interactor: Interactable {\n",
            with: "open class Interactor: Interactable {\n    open func addedHook() {}\n")
        try copy.edit(
            "SDK/Sources/TrellisSDK/Plugin/TrellisPlugin.swift",
            replacing: "    func makeBuilder() -> ScreenBuildable\n}\n",
            with: """
                    func makeBuilder() -> ScreenBuildable
                    func addedRequirement() -> String
                }

                extension TrellisPlugin {
                    public func addedRequirement() -> String { "the added requirement's default ran" }
                }

                public struct AddedType {
                    public init() {}
                }

                """)
        try copy.edit(
            "SDK/Sources/TrellisSDK/Plugin/TrellisPlugin.swift",
            replacing: "UInt(bitPattern: Unmanaged.passRetained(PluginExport(makePlugin())).toOpaque())",
            with: "let plugin = makePlugin()\n        print(plugin.addedRequirement())\n"
                + "        return UInt(bitPattern: Unmanaged.passRetained(PluginExport(plugin)).toOpaque())")
    }

    private func minorAfter(_ version: String) -> (minor: String, major: String) {
        let numbers = version.split(separator: ".").compactMap { Int($0) }
        return ("\(numbers[0]).\(numbers[1] + 1).0", "\(numbers[0] + 1).0.0")
    }

    private var sdkVersion: String {
        get throws {
            try String(contentsOf: Products.repository.appendingPathComponent("SDK/VERSION"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The whole promise on one copy of the repository: its SDK given additions and
    /// a new minor, then a new major.
    @Test func anOldPluginRunsWithANewerMinorAndIsRefusedByANewerMajor() async throws {
        let folder = try TemporaryFolder()
        let hello = try await SwiftBuild.sharedExample("HelloPlugin")
        let helloProducts = hello.appendingPathComponent(".build/debug")
        let current = try sdkVersion
        let (minor, major) = minorAfter(current)
        let copy = try RepositoryCopy(in: folder.url, name: "later")
        try addToEveryKindOfDeclaration(in: copy)
        try copy.setSDKVersion(minor)
        try await copy.build(["trellis", "MainScreen"])
        let config = try folder.write(
            """
            { "plugins": ["\(copy.products.path)", "\(helloProducts.path)"], "root": "main", "routes": \(Self.helloRoutes) }
            """, to: "later.json")
        let laterHost = copy.products.appendingPathComponent("trellis")

        // The plugin built against this SDK, not rebuilt, with the later host.
        let version = try await TrellisProcess.run(["--version"], executable: laterHost)
        let inspect = try await TrellisProcess.run(
            ["inspect", helloProducts.appendingPathComponent("libHelloScreen.so").path], executable: laterHost)
        let walk = try await TrellisProcess.run(
            ["run", config.path, "--headless"], input: Self.helloWalk, executable: laterHost)
        let abi = try await TrellisProcess.run(
            [copy.url.appendingPathComponent("Scripts/check-abi").path],
            executable: URL(fileURLWithPath: "/usr/bin/env"), timeLimit: SwiftBuild.timeLimit)

        #expect(version.stdout.contains("(SDK \(minor);"), "\(version.stdout)")
        #expect(
            inspect.status == 0 && inspect.stdout.contains("sdk:       \(current) (this host: \(minor))"),
            "\(inspect.stdout)\(inspect.stderr)")
        #expect(walk.status == 0, "\(walk.stderr)")
        #expect(
            walk.stdout.contains("the added requirement's default ran"),
            "the SDK called the requirement the old plugin lacks")
        #expect(walk.stdout.hasSuffix(Self.helloTree), "\(walk.stdout)")
        #expect(abi.status == 0, "additions are not breaking changes:\n\(abi.stdout)\(abi.stderr)")
        #expect(abi.stdout.contains("TrellisSDK: no breaking change"), "\(abi.stdout)")

        // A plugin built against the later SDK, with this host: refused, naming both.
        let newer = folder.url.appendingPathComponent("newer-hello")
        try SwiftBuild.copyExample(
            Products.repository.appendingPathComponent("Examples/HelloPlugin"), to: newer, sdk: copy.sdk)
        let newerBuild = try await SwiftBuild.run(package: newer)
        try #require(newerBuild.status == 0, "\(newerBuild.stdout)\(newerBuild.stderr)")
        let newerConfig = try folder.writeConfig(
            routes: Self.helloRoutes, name: "newer.json",
            pluginFolders: [newer.appendingPathComponent(".build/debug")])
        let refusedNewer = try await TrellisProcess.run(["run", newerConfig.path, "--headless"], input: Self.helloWalk)

        #expect(refusedNewer.status == 2)
        #expect(
            refusedNewer.stderr.contains(
                "was built against Trellis SDK \(minor), newer than this host's SDK \(current)"),
            "\(refusedNewer.stderr)")
        #expect(refusedNewer.stderr.contains("Update Trellis"))

        // The same old plugin with a host of the next major: refused before it is mapped.
        try copy.setSDKVersion(major)
        try await copy.build(["trellis", "MainScreen"])
        let refusedOld = try await TrellisProcess.run(
            ["LD_DEBUG=files", laterHost.path, "run", config.path, "--headless"],
            input: Self.helloWalk, executable: URL(fileURLWithPath: "/usr/bin/env"))

        #expect(refusedOld.status == 2)
        #expect(
            refusedOld.stderr.contains("was built against Trellis SDK \(current), and this host has SDK \(major)"),
            "\(refusedOld.stderr.suffix(3000))")
        // A plugin is mapped as /proc/self/fd/N, or through a link named after its file.
        let mapped = refusedOld.stderr.split(separator: "\n").filter { line in
            line.contains("file=") && (line.contains("libHelloScreen.so") || line.contains("file=/proc/self/fd/"))
        }
        #expect(mapped.isEmpty, "the old plugin's file was mapped: \(mapped)")
    }

    /// `Scripts/check-abi` on a copy whose SDK breaks its ABI twice (each break
    /// named), then adds to it without a new version. (On the repository itself,
    /// check-abi is a part of Scripts/test of its own, `abi`.)
    @Test func checkABIFailsOnARemovedMethodAChangedSignatureAndAnUnversionedAddition() async throws {
        let folder = try TemporaryFolder()
        let copy = try RepositoryCopy(in: folder.url, name: "broken")
        let script = copy.url.appendingPathComponent("Scripts/check-abi").path
        func check() async throws -> ProcessResult {
            try await TrellisProcess.run(
                [script], executable: URL(fileURLWithPath: "/usr/bin/env"), timeLimit: SwiftBuild.timeLimit)
        }
        let viewNode = "SDK/Sources/TrellisSDK/View/ViewNode.swift"
        let hstack = "    public static func hstack(spacing: Int = 2, _ children: [ViewNode]) -> ViewNode {"
        let loads = "public func loads(pluginBuiltAgainst built: SDKVersion) -> Bool {"
        let strictly = "public func loads(pluginBuiltAgainst built: SDKVersion, strictly: Bool = false) -> Bool {"
        try copy.edit(viewNode, replacing: hstack, with: hstack.replacingOccurrences(of: "public ", with: ""))
        try copy.edit("SDK/Sources/TrellisSDK/Plugin/SDKVersion.swift", replacing: loads, with: strictly)
        let broken = try await check()
        try copy.edit(viewNode, replacing: hstack.replacingOccurrences(of: "public ", with: ""), with: hstack)
        try copy.edit("SDK/Sources/TrellisSDK/Plugin/SDKVersion.swift", replacing: strictly, with: loads)
        try copy.edit(
            viewNode, replacing: hstack,
            with: "    public static func addedInTheCopy() -> ViewNode { .empty }\n\n" + hstack)
        let released = try String(contentsOf: copy.sdk.appendingPathComponent("ABI/RELEASE"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try copy.setSDKVersion(released)
        let unversioned = try await check()

        #expect(broken.status == 1, "\(broken.stdout)\(broken.stderr)")
        #expect(
            broken.stdout.contains("breaking: func ViewNode.hstack(spacing:_:) has been removed"), "\(broken.stdout)")
        #expect(broken.stdout.contains("breaking: func SDKVersion.loads(pluginBuiltAgainst:)"), "\(broken.stdout)")
        #expect(broken.stderr.contains("a break needs a new major version"))
        #expect(unversioned.status == 1, "\(unversioned.stdout)\(unversioned.stderr)")
        #expect(
            unversioned.stdout.contains("but SDK/VERSION still says \(released): bump its minor"),
            "\(unversioned.stdout)")
    }

    /// Every release in `SDK/RELEASES`: the bundled plugins and HelloPlugin, built
    /// from that commit's tree, run with this host, not rebuilt.
    @Test(.enabled(if: SDKReleases.areAllInThisClone, "a release's commit is not in this clone (a shallow clone?)"))
    func thePluginsOfEveryReleaseRunWithThisHost() async throws {
        try #require(!SDKReleases.all.isEmpty, "SDK/RELEASES lists no release")
        for release in SDKReleases.all {
            let folder = try TemporaryFolder()
            let tree = folder.url.appendingPathComponent("tree")
            try await Git.archive(release.commit, into: tree)
            let plugins = try FileManager.default.contentsOfDirectory(
                atPath: tree.appendingPathComponent("Plugins").path
            ).sorted()
            let old = RepositoryCopy(existingAt: tree)
            try await old.build(plugins)
            let hello = tree.appendingPathComponent("Examples/HelloPlugin")
            let helloBuild = try await SwiftBuild.run(package: hello)
            try #require(helloBuild.status == 0, "HelloPlugin at \(release): \(helloBuild.stdout)\(helloBuild.stderr)")

            // The gallery of that release, its plugins only, with this host.
            let gallery = try String(contentsOf: tree.appendingPathComponent("config.json"), encoding: .utf8)
                .replacingOccurrences(of: #""plugins": ["@host"]"#, with: "\"plugins\": [\"\(old.products.path)\"]")
            let config = try folder.write(gallery, to: "gallery.json")
            let inspect = try await TrellisProcess.run([
                "inspect", old.products.appendingPathComponent("libMainScreen.so").path,
            ])
            let walk = try await TrellisProcess.run(
                ["run", config.path, "--headless", "--size", "160x24"], input: everyDemoWalk)
            let helloConfig = try folder.write(
                """
                { "plugins": ["\(old.products.path)", "\(hello.appendingPathComponent(".build/debug").path)"], "root": "main",
                  "routes": \(Self.helloRoutes) }
                """, to: "hello.json")
            let helloWalk = try await TrellisProcess.run(
                ["run", helloConfig.path, "--headless"], input: Self.helloWalk)

            #expect(
                inspect.stdout.contains("sdk:       \(release.version) (this host: \(try sdkVersion))"),
                "\(inspect.stdout)")
            #expect(walk.status == 0, "the gallery of \(release): \(walk.stderr)")
            #expect(helloWalk.status == 0, "HelloPlugin of \(release): \(helloWalk.stderr)")
            #expect(helloWalk.stdout.hasSuffix(Self.helloTree), "\(helloWalk.stdout)")
        }
    }
}
