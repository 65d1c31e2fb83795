import Foundation
import TrellisConfig
import TrellisPlatform
import TrellisSDK

/// Finds plugin libraries, checks them, and loads them with `dlopen`.
///
/// Checks that need no plugin code run first: the file is an ELF library, built by
/// the host's Swift toolchain, and exports the entry symbol of the host's SDK
/// interface. Images are never closed (Docs/PluginSystem.md); a file loaded twice
/// gives the same plugin.
@MainActor
public final class PluginLoader {
    /// The folders searched for `lib<name>.so`, in order.
    public let searchPath: [URL]

    package let hostToolchain: String?
    package let linkedPlugins: [String: (plugin: TrellisPlugin, manifest: PluginManifest)]
    /// The files read, each with its owner and modes checked as it was read.
    package var described: [String: PluginFile] = [:]
    var resolvedAllowedFolders: [String]?
    /// The config's folder, for `.so` paths in it; `nil` for a file named on the
    /// command line, which may be anywhere.
    package let configFolder: URL?
    package let allowsExternalPlugins: Bool
    var safety = PluginFileSafety()
    /// Each file's SHA-256, once a pin asked for it.
    package var hashes: [String: String] = [:]
    package var loaded: [String: LoadedPlugin] = [:] {
        didSet { epoch += 1 }
    }
    /// One more each time a plugin is loaded or loaded again: what was loaded
    /// before is still what a route builds from while this has not changed.
    public private(set) var epoch = 0
    /// What each loaded file was when it was loaded, to see that it changed.
    var loadedIdentities: [String: FileIdentity] = [:]
    /// Shadow copies made so far, for their unique names.
    var shadowCount = 0
    /// What a supervisor's crash report needs of each plugin file: the plugin's
    /// name, the routes built from it and the names its images were mapped under.
    var crashNotes: [String: CrashNote] = [:]

    /// Whether reading a plugin file also checks that it exports the entry
    /// symbol, from its dynamic symbol table (`validate`: without it, only
    /// `dlopen` would say, and a lazily loaded plugin is not opened). Set before
    /// the files are read.
    public var checksEntrySymbols = false
    /// Where each name on the search path was found: a config of many routes
    /// names few plugins.
    var located: [String: String] = [:]
    /// The real path of each plugin folder met, "" for one that has none.
    var resolvedFolders: [String: String] = [:]
    var lastBase: (URL, String)?

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - searchPath: The folders searched for `lib<name>.so`.
    ///   - hostToolchain: The toolchain plugins must be built by; the running
    ///     executable's unless given, `nil` to skip the check.
    ///   - linkedPlugins: Plugins linked into the executable, by the name routes
    ///     use; they are found before the search path (a static build, tests).
    ///   - configFolder: The folder `.so` paths are relative to and must stay in
    ///     (with the search folders); `nil` lets them be anywhere.
    ///   - allowsExternalPlugins: Whether `.so` paths may leave those folders.
    public init(
        searchPath: [URL], hostToolchain: String? = PluginLoader.runningToolchain,
        linkedPlugins: [String: (plugin: TrellisPlugin, manifest: PluginManifest)] = [:],
        configFolder: URL? = nil, allowsExternalPlugins: Bool = true
    ) {
        self.searchPath = searchPath
        self.hostToolchain = hostToolchain
        self.linkedPlugins = linkedPlugins
        self.configFolder = configFolder
        self.allowsExternalPlugins = allowsExternalPlugins
    }

    /// A loader for `config`: its search path, its folder, and whether it lets
    /// plugins come from outside them.
    public convenience init(config: RouteConfig) {
        self.init(
            searchPath: config.searchPath, configFolder: config.file.deletingLastPathComponent(),
            allowsExternalPlugins: config.allowExternalPlugins)
    }

    /// Where plugins linked into the executable come from.
    package static let executable = URL(fileURLWithPath: "/proc/self/exe", isDirectory: false)

    /// The Swift toolchain recorded in the running executable.
    public static let runningToolchain: String? = try? ELFComment.swiftToolchain(ofFileAt: "/proc/self/exe")

    /// Locates and loads the plugin a route names.
    ///
    /// - Throws: ``PluginLoadError`` saying why the plugin cannot be used.
    /// - Parameter pin: The SHA-256 the route pins the file to, if any; checked
    ///   before the file is mapped.
    public func load(_ reference: String, relativeTo base: URL, pin: String? = nil) throws(PluginLoadError)
        -> LoadedPlugin
    {
        if let linked = linkedPlugins[reference] {
            return LoadedPlugin(file: Self.executable, manifest: linked.manifest, toolchain: nil, plugin: linked.plugin)
        }
        let path = try locatePath(reference, relativeTo: self.path(of: base))
        if loaded[path] == nil { forgetIfChanged(path) }
        return try load(path: path, pin: pin)
    }

    /// Forgets what was read of the file at `path` (its manifest, its hash) if it
    /// changed since: a file read when the config was checked and rebuilt before
    /// its route is first built is checked again, not loaded on the old one's checks.
    func forgetIfChanged(_ path: String) {
        guard let known = described[path], known.identity != FileIdentity(path: path) else { return }
        described[path] = nil
        hashes[path] = nil
    }

    /// Reads and checks a plugin file's manifest (ELF headers, the manifest note,
    /// toolchain, SDK release) and nothing else: no place or permission checks,
    /// no cache. What the benchmark's `manifest_read_us` measures.
    public static func readManifest(atPath path: String) throws(PluginLoadError) -> PluginFile {
        try read(path, allowedFolders: nil, realFolders: nil, hostToolchain: runningToolchain)
    }

    /// What was read ahead and not yet taken.
    var readAhead: FileReading?

    /// The folders a plugin file must really be in, or `nil` when it may be anywhere.
    var containmentFolders: [String]? {
        guard let configFolder, !allowsExternalPlugins else { return nil }
        return allowedFolders(configFolder)
    }

    /// What the plugin file at `path` is, from the file alone. Free of the
    /// loader's state, so files can be read in parallel.
    ///
    /// - Parameter realFolders: The real paths of the files' folders, when the
    ///   caller needs the file's real path; `nil` when it does not.
    nonisolated package static func read(
        _ path: String, allowedFolders: [String]?, realFolders: [String: String]?,
        hostToolchain: String?, checksCompatibility: Bool = true,
        checksEntry: Bool = false
    ) throws(PluginLoadError) -> PluginFile {
        let elf = try open(path)
        defer { elf.close() }
        return try check(
            elf, path: path, allowedFolders: allowedFolders, realFolders: realFolders, hostToolchain: hostToolchain,
            checksCompatibility: checksCompatibility, checksEntry: checksEntry)
    }

    /// The files loaded so far (mapped with `dlopen`), in no order.
    public var loadedFiles: [URL] { loaded.values.map(\.file) }

    /// Checks and loads the plugin library at `file`.
    ///
    /// - Throws: ``PluginLoadError`` saying why the plugin cannot be used.
    public func load(fileAt file: URL) throws(PluginLoadError) -> LoadedPlugin {
        let path = file.path
        if loaded[path] == nil { forgetIfChanged(path) }
        return try load(path: path, pin: nil)
    }

    /// Opens the file once, checks it through the open file (and its `pin`), and
    /// maps that open file: a file renamed over the path meanwhile is not mapped.
    package func load(path: String, pin: String?) throws(PluginLoadError) -> LoadedPlugin {
        if let plugin = loaded[path] { return plugin }
        let (elf, description) = try openChecked(path)
        defer { elf.close() }
        if let pin { try check(elf, at: path, against: pin) }
        let plugin = try open(elf, path: path)
        let result = LoadedPlugin(
            file: description.file, manifest: description.manifest, toolchain: description.toolchain, plugin: plugin)
        loaded[path] = result
        loadedIdentities[path] = FileIdentity(status: elf.status)
        return result
    }

    /// Called just before a file is mapped, with its path and the name its image
    /// will have (what a crash's frames name), so a crash report can tell the two
    /// are one plugin, even for a crash in the file's constructors.
    public var onMapping: ((_ path: String, _ mappedName: String) -> Void)?

    /// Maps the open library `file` (opened from `path`) and calls its entry.
    func open(_ file: ELFFile, path: String) throws(PluginLoadError) -> TrellisPlugin {
        let handle = try ImageMapping.map(
            file, path: path, flags: RTLD_NOW | RTLD_LOCAL,
            checkBeside: { libraries throws(PluginLoadError) in
                guard !libraries.isEmpty else { return }
                try checkLibraries(libraries, of: path, realPath: PluginFileSafety.realPath(path) ?? path)
            },
            willMap: {
                noteMapping(path: path, name: $0)
                onMapping?(path, $0)
            })
        let reported = path
        guard let symbol = dlsym(handle, TrellisSDKInterface.entrySymbol) else {
            throw .missingEntry(
                path: reported, expected: TrellisSDKInterface.entrySymbol, found: Self.otherEntrySymbol(in: path))
        }
        // Optional: a C library may export the name and return NULL.
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeMutableRawPointer?).self)
        guard let pointer = entry(),
            let plugin = (Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? PluginExport)?.plugin
        else {
            throw .wrongEntryObject(path: reported)
        }
        return plugin
    }

    /// The generation of the file at `path`: 0 if it is not loaded, 1 once loaded,
    /// one more for each new build ``reload(path:pin:)`` loaded since.
    public func generation(ofPath path: String) -> Int {
        loaded[path]?.generation ?? 0
    }

    /// Loads the plugin file at `path` again if it changed since it was loaded,
    /// for a live swap: the new file is checked as at first (place, permissions,
    /// manifest, toolchain, SDK release, `pin`), copied to a new name beside
    /// it, and the copy is mapped (opening the same path again would give the old
    /// image). Old images stay mapped (Docs/PluginSystem.md). A file not loaded yet
    /// needs nothing: its first build reads it.
    ///
    /// - Returns: Whether the file is of a new generation now.
    /// - Throws: ``PluginLoadError`` when the new file cannot be used; the old
    ///   image stays the one routes are built from.
    @discardableResult
    public func reload(path: String, pin: String? = nil) throws(PluginLoadError) -> Bool {
        guard let current = loaded[path] else { return false }
        let identity = FileIdentity(path: path)
        guard identity != loadedIdentities[path], identity != nil else { return false }
        described[path] = nil
        hashes[path] = nil
        let (original, _) = try openChecked(path)
        defer { original.close() }
        // What is mapped is a copy of the file as opened: check the copy.
        let shadow = try shadowCopy(of: original, path: path)
        defer { shadow.close() }
        let copy = try Self.check(
            shadow, path: path, allowedFolders: nil, realFolders: nil, hostToolchain: hostToolchain)
        // Another plugin's build renamed over this file is not a new version of it:
        // its routes would lose their state to a screen of another kind.
        guard copy.manifest.name == current.manifest.name else {
            throw .anotherPlugin(path: path, loaded: current.manifest.name, found: copy.manifest.name)
        }
        if let pin { try check(shadow, at: path, against: pin) }
        let plugin = try open(shadow, path: path)
        Log.info("reloaded \(path) (\(copy.manifest.name) \(copy.manifest.version))")
        loaded[path] = LoadedPlugin(
            file: current.file, manifest: copy.manifest, toolchain: copy.toolchain, plugin: plugin,
            generation: current.generation + 1)
        loadedIdentities[path] = FileIdentity(status: original.status)
        return true
    }

    /// A copy of the open file `file` (opened from `path`) with no name: a new
    /// build written over the old one in place has the old one's inode, which the
    /// dynamic loader would take for the image it has. Made in the file's own
    /// folder, where mapping code is allowed, or in the temporary folder; its name
    /// is removed as soon as it is made, so no one else can open it.
    func shadowCopy(of file: ELFFile, path: String) throws(PluginLoadError) -> ELFFile {
        let bytes: [UInt8]
        do {
            bytes = try file.contents(limit: 256 << 20)
        } catch {
            throw .notAPlugin(path: path, reason: "it cannot be read to load it again (\(error.reason))")
        }
        shadowCount += 1
        let name = "." + PluginFileSafety.fileName(of: path) + ".swap-\(getpid())-\(shadowCount).so"
        let temporary = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")
        for folder in [PluginFileSafety.folder(of: path), temporary] {
            let shadow = folder + "/" + name
            let descriptor = Glibc.open(shadow, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
            guard descriptor >= 0 else { continue }
            unlink(shadow)
            defer { close(descriptor) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count, let copy = try? ELFFile(path: "/proc/self/fd/\(descriptor)") else { continue }
            return copy
        }
        throw .openFailed(
            path: path, reason: "no copy of it could be written beside it or in \(temporary) to load it again")
    }

}
