import Foundation
import Testing
import TrellisCore
import TrellisHost
import TrellisTestSupport

/// The first load checked a plugin file by its path and then mapped the path
/// again: a loop renaming two versions over the name got a file mapped that
/// failed its pin, or a link out of the search folder. Each try below renames a
/// good and a bad file over the plugin's name as fast as it can while the loader
/// loads it, in a fresh folder (the dynamic loader maps each file once). Loading
/// may fail (the check met the bad file); it must never map the bad one.
@MainActor
struct LoadRaceTests {
    private static let tries = 40

    @Test func aFileRenamedOverAPinnedPluginWhileItLoadsIsNeverMapped() async throws {
        let pin = try #require(PluginLoader(searchPath: []).hash(ofFileAt: Products.plugin("NextScreen").path))
        var loads = 0
        for _ in 0..<Self.tries {
            let folder = try TemporaryFolder()
            let good = folder.url.appendingPathComponent("good.so")
            let bad = folder.url.appendingPathComponent("bad.so")
            try FileManager.default.copyItem(at: Products.plugin("NextScreen"), to: good)
            try FileManager.default.copyItem(at: Products.plugin("LeafScreen"), to: bad)
            let loaded = try Self.load(in: folder.url, alternating: good.path, bad.path) { loader in
                try loader.load("NextScreen", relativeTo: folder.url, pin: pin)
            }
            loads += loaded ? 1 : 0
            // Between tries, the main actor is the other tests' (a race takes long on a loaded machine).
            await pauseOffTheCooperativePool(milliseconds: 1)
        }
        // Not asserted: how often the check met the good file is the machine's.
        print("LoadRaceTests: \(loads) of \(Self.tries) pinned loads met the good file")
    }

    @Test func aLinkOutOfTheSearchFolderRenamedOverAPluginWhileItLoadsIsNeverMapped() async throws {
        var loads = 0
        for _ in 0..<Self.tries {
            let folder = try TemporaryFolder()
            let outside = try TemporaryFolder()
            let good = folder.url.appendingPathComponent("good.so")
            let outsideFile = outside.url.appendingPathComponent("libLeafScreen.so")
            try FileManager.default.copyItem(at: Products.plugin("NextScreen"), to: good)
            try FileManager.default.copyItem(at: Products.plugin("LeafScreen"), to: outsideFile)
            let link = folder.url.appendingPathComponent("outside.so")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outsideFile)
            let loaded = try Self.load(in: folder.url, alternating: good.path, link.path, configFolder: folder.url) {
                loader in
                try loader.load("NextScreen", relativeTo: folder.url)
            }
            loads += loaded ? 1 : 0
            await pauseOffTheCooperativePool(milliseconds: 1)
        }
        print("LoadRaceTests: \(loads) of \(Self.tries) contained loads met the good file")
    }

    /// A mapped file's descriptor is kept open so that its `/proc/self/fd` name
    /// stays its own; a plugin that closes it frees the number, and the dynamic
    /// loader would give the earlier image for the next file given that name.
    @Test func aKeptDescriptorThatAPluginClosedDoesNotGiveTheNextFileTheEarlierImage() throws {
        let folder = try TemporaryFolder()
        let first = folder.url.appendingPathComponent("libNextScreen.so")
        let second = folder.url.appendingPathComponent("libLeafScreen.so")
        try FileManager.default.copyItem(at: Products.plugin("NextScreen"), to: first)
        try FileManager.default.copyItem(at: Products.plugin("LeafScreen"), to: second)
        let loader = PluginLoader(searchPath: [folder.url])
        var mappedNames: [String] = []
        loader.onMapping = { _, name in mappedNames.append(name) }
        _ = try loader.load(fileAt: first)
        let name = try #require(mappedNames.last)
        let kept = try #require(
            Int32(name.dropFirst("/proc/self/fd/".count)), "not mapped through a kept descriptor: \(name)")
        close(kept)

        let loaded = try loader.load(fileAt: second)

        let type = String(reflecting: Swift.type(of: loaded.plugin))
        #expect(type.hasPrefix("LeafScreen."), "the second file was given the first one's image: its plugin is \(type)")
    }

    /// Loads with `body` while another thread renames `good` and `bad` (hard
    /// links of them) over `libNextScreen.so` in `folder`, and records an issue if
    /// what was mapped is not the good file's plugin.
    ///
    /// - Returns: Whether the load succeeded.
    private static func load(
        in folder: URL, alternating good: String, _ bad: String, configFolder: URL? = nil,
        _ body: (PluginLoader) throws -> LoadedPlugin
    ) throws -> Bool {
        let target = folder.appendingPathComponent("libNextScreen.so").path
        #expect(link(good, target) == 0)
        let swapper = Swapper(target: target, versions: [good, bad])
        swapper.start()
        defer { swapper.stop() }
        swapper.waitForFirstSwaps()
        let loader = PluginLoader(
            searchPath: [folder], configFolder: configFolder, allowsExternalPlugins: configFolder == nil)
        let loaded: LoadedPlugin
        do {
            loaded = try body(loader)
        } catch {
            return false
        }
        let type = String(reflecting: Swift.type(of: loaded.plugin))
        #expect(type.hasPrefix("NextScreen."), "the file mapped is not the one checked: its plugin is \(type)")
        #expect(loaded.manifest.name == "NextScreen")
        return true
    }
}

/// Renames hard links of each version in turn over `target`, on a thread of its
/// own, until stopped.
private final class Swapper: @unchecked Sendable {
    private let target: String
    private let versions: [String]
    private let lock = NSLock()
    private var stopping = false
    private var swaps = 0
    private let ended = DispatchSemaphore(value: 0)

    init(target: String, versions: [String]) {
        (self.target, self.versions) = (target, versions)
    }

    func start() {
        Thread.detachNewThread { [self] in
            let staging = target + ".next"
            var index = 0
            while !lock.withLock({ stopping }) {
                index = (index + 1) % versions.count
                unlink(staging)
                guard link(versions[index], staging) == 0, rename(staging, target) == 0 else { continue }
                lock.withLock { swaps += 1 }
            }
            ended.signal()
        }
    }

    /// Waits until the versions have been swapped a few times, so the load runs
    /// while the swapping does.
    func waitForFirstSwaps() {
        while lock.withLock({ swaps < 4 }) { usleep(100) }
    }

    func stop() {
        lock.withLock { stopping = true }
        ended.wait()
    }
}
