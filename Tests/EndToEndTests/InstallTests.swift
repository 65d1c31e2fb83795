import Foundation
import Testing
import TrellisTestSupport

/// `Scripts/install`: an app laid out as bin/, lib/ and share/ that runs after it is
/// moved, from any working folder, with the Swift runtime it carries.
@Suite(.serialized)
struct InstallTests {
    /// Installs the debug build (built already by `swift test`) with its runtime,
    /// then moves the folder.
    private func installAndMove(into folder: TemporaryFolder, options: [String] = ["--with-runtime"]) throws -> URL {
        let first = folder.url.appendingPathComponent("first")
        let result = try TrellisProcess.run(
            [
                Products.repository.appendingPathComponent("Scripts/install").path, first.path,
                "--configuration", "debug", "--no-build",
            ] + options,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        let moved = folder.url.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: first, to: moved)
        return moved
    }

    private func runInstalled(_ prefix: URL, script: String, from folder: TemporaryFolder) throws -> ProcessResult {
        try TrellisProcess.run(
            ["run", prefix.appendingPathComponent("share/trellis/config.json").path, "--headless", "--size", "160x24"],
            input: script, in: folder.url, executable: prefix.appendingPathComponent("bin/trellis"))
    }

    @Test func aMovedInstallRunsTheGalleryWithItsOwnRuntimeAndResources() throws {
        let folder = try TemporaryFolder()
        let prefix = try installAndMove(into: folder)

        // Every demo, a game of TicTacToe included.
        let demos = try runInstalled(prefix, script: everyDemoWalk, from: folder)
        #expect(demos.status == 0, "\(demos.stderr)")

        // Nothing comes from the build folder: the dynamic loader maps the app's own
        // copies, runtime included.
        let loading = try TrellisProcess.run(
            ["LD_DEBUG=libs", prefix.appendingPathComponent("bin/trellis").path, "--version"],
            in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/env"))
        let opened = loading.stderr.split(separator: "\n").filter { $0.contains("calling init:") }
        #expect(!opened.isEmpty, "\(loading.stderr.prefix(2000))")
        #expect(
            opened.allSatisfy { !$0.contains(Products.repository.path) && !$0.contains("/swift/linux/") }, "\(opened)")

        let runpath = try TrellisProcess.run(
            ["readelf", "-d", prefix.appendingPathComponent("bin/trellis").path],
            executable: URL(fileURLWithPath: "/usr/bin/env")
        ).stdout
        #expect(
            runpath.contains("Library runpath: [$ORIGIN:$ORIGIN/../lib]"),
            "no toolchain folder before the app's own:\n\(runpath)")
        let libraries = try FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("lib").path)
        #expect(libraries.contains("libswiftCore.so"), "the runtime, found with ldd, is copied")
        #expect(libraries.contains("Trellis_AirportSearch.resources"))
        #expect(!libraries.contains("libTestScreens.so"), "the test plugins stay behind")

        // The SDK at its release, which `trellis new` of the moved install points at.
        let sdk = prefix.appendingPathComponent("share/trellis/SDK")
        let installedVersion = try String(contentsOf: sdk.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(
            installedVersion
                == (try String(contentsOf: Products.repository.appendingPathComponent("SDK/VERSION"), encoding: .utf8)))
        #expect(!FileManager.default.fileExists(atPath: sdk.appendingPathComponent(".build").path))
        let new = try TrellisProcess.run(
            ["new", "Probe", "--in", folder.url.path], in: folder.url,
            executable: prefix.appendingPathComponent("bin/trellis"))
        #expect(new.status == 0, "\(new.stderr)")
        let manifest = try String(contentsOf: folder.url.appendingPathComponent("Probe/Package.swift"), encoding: .utf8)
        // Named from the package, as the two share the test's folder.
        let named = try #require(manifest.firstMatch(of: /\.package\(path: "([^"]+)"\)/)?.1, "\(manifest)")
        let resolved = folder.url.appendingPathComponent("Probe").appendingPathComponent(String(named))
        #expect(!named.hasPrefix("/"), "\(manifest)")
        #expect(
            resolved.standardizedFileURL.resolvingSymlinksInPath().path == sdk.resolvingSymlinksInPath().path,
            "\(named)")

        // The templates are the install's own: one missing is named, and nothing is written.
        let router = prefix.appendingPathComponent("share/trellis/templates/Plugin/Router.swift.template")
        try FileManager.default.removeItem(at: router)
        let damaged = try TrellisProcess.run(
            ["new", "Other", "--in", folder.url.path], in: folder.url,
            executable: prefix.appendingPathComponent("bin/trellis"))
        #expect(
            damaged.status == 2 && damaged.stderr.contains("cannot read the template \(router.path)"),
            "\(damaged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Other").path))
    }

    @Test func aPluginWhoseResourcesAreMissingShowsItsErrorInPlace() throws {
        let folder = try TemporaryFolder()
        let prefix = try installAndMove(into: folder, options: [])
        try FileManager.default.removeItem(at: prefix.appendingPathComponent("lib/Trellis_AirportSearch.resources"))

        let result = try runInstalled(
            prefix,
            script: "tap Coordinator: Airports\nexpect cannot read the airport data\nkey esc\nexpect RIBs: Main\n",
            from: folder)
        #expect(
            result.status == 0,
            "the error shows in the Airports screen's place and the launcher keeps running: \(result.stderr)")
        let validate = try TrellisProcess.run(
            ["validate", prefix.appendingPathComponent("share/trellis/config.json").path],
            in: folder.url, executable: prefix.appendingPathComponent("bin/trellis"))
        #expect(validate.stderr.contains("plugin AirportSearch needs airports.tsv"), "\(validate.stderr)")
    }
}
