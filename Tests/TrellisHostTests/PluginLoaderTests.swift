import Foundation
import Testing
import TrellisHost
import TrellisSDK
import TrellisTestSupport

@MainActor
struct PluginLoaderTests {
    private func loadError(_ body: () throws -> Void) -> PluginLoadError? {
        do {
            try body()
            return nil
        } catch {
            return error as? PluginLoadError
        }
    }

    @Test func loadsABundledPluginByNameAndReadsItsManifest() throws {
        let loader = PluginLoader(searchPath: [Products.directory])
        let plugin = try loader.load("MainScreen", relativeTo: Products.directory)

        #expect(plugin.manifest.name == "MainScreen")
        #expect(plugin.manifest.slots == ["next"])
        #expect(plugin.manifest.sdkVersion == TrellisSDKInterface.release)
        #expect(plugin.toolchain == PluginLoader.runningToolchain)
    }

    @Test func loadingTheSameFileTwiceGivesTheSamePlugin() throws {
        let loader = PluginLoader(searchPath: [Products.directory])
        let first = try loader.load("NextScreen", relativeTo: Products.directory)
        let second = try loader.load(fileAt: Products.plugin("NextScreen"))
        #expect(first.plugin === second.plugin)
    }

    /// A pin was checked against a hash cached by device, inode, size and
    /// modification time: a file rewritten in place after the check, same size,
    /// its modification time set back, was loaded on the old check.
    @Test func aPinnedFileRewrittenInPlaceWithItsTimeSetBackIsCheckedAgain() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("libNextScreen.so")
        try FileManager.default.copyItem(at: Products.plugin("NextScreen"), to: file)
        let loader = PluginLoader(searchPath: [folder.url])
        let pin = try #require(loader.hash(ofFileAt: file.path))
        _ = try loader.describe("NextScreen", relativeTo: folder.url, pin: pin)

        var before = stat()
        #expect(stat(file.path, &before) == 0)
        let descriptor = open(file.path, O_WRONLY)
        #expect(descriptor >= 0)
        var byte: UInt8 = 0x5A
        #expect(pwrite(descriptor, &byte, 1, off_t(before.st_size - 1)) == 1)
        close(descriptor)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        var after = stat()
        #expect(stat(file.path, &after) == 0)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        guard case .hashMismatch? = loadError({ _ = try loader.load("NextScreen", relativeTo: folder.url, pin: pin) })
        else {
            Issue.record("the rewritten file was loaded on its old check")
            return
        }
    }

    @Test func aMissingPluginNamesTheFoldersSearched() {
        let loader = PluginLoader(searchPath: [URL(fileURLWithPath: "/nowhere")])
        #expect(
            loadError { _ = try loader.load("Ghost", relativeTo: Products.directory) }
                == .notFound(plugin: "Ghost", searched: ["/nowhere"]))
        #expect(
            loadError { _ = try loader.load("/nowhere/libGhost.so", relativeTo: Products.directory) }
                == .fileMissing(path: "/nowhere/libGhost.so"))
    }

    @Test func aFileThatIsNotELFIsRefusedBeforeLoading() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("not a library", to: "libJunk.so")
        #expect(
            loadError { _ = try PluginLoader(searchPath: []).load(fileAt: file) }
                == .notAPlugin(path: file.path, reason: "it is not an ELF shared library"))
    }

    @Test func aPluginFromAnotherToolchainIsRefusedBeforeLoading() {
        let loader = PluginLoader(searchPath: [], hostToolchain: "clang version 1.0 (other toolchain)")
        guard
            case .incompatibleToolchain(_, let plugin, let host)? = loadError({
                _ = try loader.load(fileAt: Products.plugin("MainScreen"))
            })
        else {
            Issue.record("expected the toolchain check to refuse the plugin")
            return
        }
        #expect(host == "clang version 1.0 (other toolchain)")
        #expect(plugin == PluginLoader.runningToolchain)
    }

    @Test func aLibraryWithoutAManifestIsNotAPlugin() throws {
        // The SDK library is a Swift ELF library of this toolchain without a manifest.
        let sdk = Products.directory.appendingPathComponent("libTrellisSDK.so")
        #expect(loadError { _ = try PluginLoader(searchPath: []).load(fileAt: sdk) } == .noManifest(path: sdk.path))
    }

    @Test func theManifestNoteReadsTheSameInASegmentAlignedTo8() throws {
        // What a linker does that puts every note in one segment, beside an
        // 8-aligned GNU property note: the segment says 8, and the manifest's note,
        // 4-aligned, must read the same.
        var bytes = [UInt8](try Data(contentsOf: Products.plugin("NextScreen")))
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }
        let table = integer(0x20, 8)
        let count = integer(0x38, 2)
        let note = try #require((0..<count).map { table + $0 * 56 }.first { integer($0, 4) == 4 })
        #expect(integer(note + 48, 8) == 4)
        bytes[note + 48] = 8
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("libAligned.so")
        try Data(bytes).write(to: file)

        #expect(try PluginLoader.readManifest(atPath: file.path).manifest.name == "NextScreen")
    }

    @Test func aFileRebuiltAfterItWasReadIsCheckedAgainWhenLoaded() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("libRebuilt.so")
        try FileManager.default.copyItem(at: Products.plugin("MainScreen"), to: file)
        let loader = PluginLoader(searchPath: [])
        #expect(try loader.describe(file.path, relativeTo: folder.url).manifest.name == "MainScreen")

        // Rebuilt before its route is first built, as under --watch: a new file in its place.
        let rebuilt = folder.url.appendingPathComponent("libRebuilt.new")
        try FileManager.default.copyItem(at: Products.plugin("NextScreen"), to: rebuilt)
        #expect(rename(rebuilt.path, file.path) == 0)

        #expect(try loader.load(file.path, relativeTo: folder.url).manifest.name == "NextScreen")
    }

    @Test func filesReadAheadAreDescribedAsFilesReadThenAndTheirErrorsStillReported() throws {
        let folder = try TemporaryFolder()
        var references: [String] = []
        for index in 0..<40 {
            let copy = folder.url.appendingPathComponent("libCopy\(index).so")
            try FileManager.default.copyItem(
                at: Products.plugin(index % 2 == 0 ? "MainScreen" : "NextScreen"), to: copy)
            references.append(copy.path)
        }
        let junk = try folder.write("not a library", to: "libJunk.so")
        let missing = folder.url.appendingPathComponent("libGone.so").path
        let loader = PluginLoader(searchPath: [])
        loader.startPrefetch(references + [junk.path, missing], relativeTo: folder.url)
        loader.prefetch(references + [junk.path, missing], relativeTo: folder.url)

        for (index, reference) in references.enumerated() {
            let file = try loader.describe(reference, relativeTo: folder.url)
            #expect(file.manifest.name == (index % 2 == 0 ? "MainScreen" : "NextScreen"))
            #expect(file.manifest.sdkVersion == TrellisSDKInterface.release)
        }
        #expect(
            loadError { _ = try loader.describe(junk.path, relativeTo: folder.url) }
                == .notAPlugin(path: junk.path, reason: "it is not an ELF shared library"))
        #expect(loadError { _ = try loader.describe(missing, relativeTo: folder.url) } == .fileMissing(path: missing))
    }
}

/// The interface version is written once: the entry symbol derives from it, and
/// every bundled plugin's `@_cdecl` must name that symbol (a literal, so checked
/// here instead of derived).
struct EntrySymbolAgreementTests {
    @Test func everyPluginSourceExportsTheSDKsEntrySymbol() throws {
        let folders = ["Plugins", "Tests/Plugins", "Examples/HelloPlugin/Sources"].map {
            Products.repository.appendingPathComponent($0)
        }
        var checked = 0
        for folder in folders {
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                ?? []
            for file in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("@_cdecl(\"trellis_plugin_entry") {
                    #expect(line == "@_cdecl(\"\(TrellisSDKInterface.entrySymbol)\")", "\(file.path)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 13, "every bundled plugin, the test plugins and the example")
    }
}
