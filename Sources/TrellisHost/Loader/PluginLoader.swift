import Foundation
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

    private let hostToolchain: String?
    private let linkedPlugins: [String: (plugin: TrellisPlugin, manifest: PluginManifest)]
    /// The files read, each with its owner and modes checked as it was read.
    private var described: [String: PluginFile] = [:]
    private var resolvedAllowedFolders: [String]?
    /// The config's folder, for `.so` paths in it; `nil` for a file named on the
    /// command line, which may be anywhere.
    private let configFolder: URL?
    private let allowsExternalPlugins: Bool
    private var safety = PluginFileSafety()
    /// Each file's SHA-256, once a pin asked for it.
    private var hashes: [String: String] = [:]
    private var loaded: [String: LoadedPlugin] = [:] {
        didSet { epoch += 1 }
    }
    /// One more each time a plugin is loaded or loaded again: what was loaded
    /// before is still what a route builds from while this has not changed.
    public private(set) var epoch = 0
    /// What each loaded file was when it was loaded, to see that it changed.
    private var loadedIdentities: [String: FileIdentity] = [:]
    /// Shadow copies made so far, for their unique names.
    private var shadowCount = 0

    /// Whether reading a plugin file also checks that it exports the entry
    /// symbol, from its dynamic symbol table (`validate`: without it, only
    /// `dlopen` would say, and a lazily loaded plugin is not opened). Set before
    /// the files are read.
    public var checksEntrySymbols = false
    /// Where each name on the search path was found: a config of many routes
    /// names few plugins.
    private var located: [String: String] = [:]
    /// The real path of each plugin folder met, "" for one that has none.
    private var resolvedFolders: [String: String] = [:]
    private var lastBase: (URL, String)?

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
    private static let executable = URL(fileURLWithPath: "/proc/self/exe", isDirectory: false)

    /// The Swift toolchain recorded in the running executable.
    public static let runningToolchain: String? = try? ELFComment.swiftToolchain(ofFileAt: "/proc/self/exe")

    /// The file a route's `plugin` names: a path ending in `.so` (relative to
    /// `base`), or a library name looked up as `lib<name>.so` on the search path.
    ///
    /// - Throws: ``PluginLoadError/notFound(plugin:searched:)`` or
    ///   ``PluginLoadError/fileMissing(path:)``.
    public func locate(_ reference: String, relativeTo base: URL) throws(PluginLoadError) -> URL {
        URL(fileURLWithPath: try locatePath(reference, relativeTo: path(of: base)), isDirectory: false)
    }

    /// `base.path`, remembered for the last folder asked: every route of a config
    /// is relative to the same one, and a URL's path costs more than a system call.
    private func path(of base: URL) -> String {
        if let (url, path) = lastBase, url == base { return path }
        let path = base.path
        lastBase = (base, path)
        return path
    }

    /// ``locate(_:relativeTo:)`` as a path. Plain strings, no URLs and no system
    /// call for a path: this runs once per route at start-up, where each costs
    /// against dlopen's floor. Whether the file exists, and where it really is
    /// (through `..` and links), is asked of the file when it is opened to be read.
    private func locatePath(_ reference: String, relativeTo base: String) throws(PluginLoadError) -> String {
        // On the bytes: Foundation's `contains` on strings goes through NSString,
        // and this runs for every build of a route.
        if reference.hasSuffix(".so") || reference.utf8.contains(UInt8(ascii: "/")) {
            return reference.hasPrefix("/") ? reference : base + "/" + reference
        }
        if let path = located[reference] { return path }
        let fileName = "lib\(reference).so"
        for folder in searchPath {
            let path = folder.path + "/" + fileName
            if access(path, F_OK) == 0 {
                Log.debug("plugin \(reference): found \(path)")
                located[reference] = path
                return path
            }
            Log.debug("plugin \(reference): not in \(folder.path)")
        }
        throw .notFound(plugin: reference, searched: searchPath.map(\.path))
    }

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
    private func forgetIfChanged(_ path: String) {
        guard let known = described[path], known.identity != FileIdentity(path: path) else { return }
        described[path] = nil
        hashes[path] = nil
    }

    /// Locates the plugin a route names and reads what it is from its file,
    /// without loading it: none of its code runs.
    ///
    /// - Throws: ``PluginLoadError`` saying why the plugin cannot be used.
    public func describe(_ reference: String, relativeTo base: URL, pin: String? = nil) throws(PluginLoadError)
        -> PluginFile
    {
        if let linked = linkedPlugins[reference] {
            return PluginFile(
                path: Self.executable.path, manifest: linked.manifest, toolchain: nil, realPath: nil, status: nil)
        }
        return try describe(path: try locate(reference, relativeTo: base, pin: pin))
    }

    /// ``locate(_:relativeTo:)``, then the file's `pin`, if the route has one.
    private func locate(_ reference: String, relativeTo base: URL, pin: String?) throws(PluginLoadError) -> String {
        let path = try locatePath(reference, relativeTo: path(of: base))
        if let pin { try check(path, against: pin) }
        return path
    }

    /// Reads and checks what the plugin library at `file` is, without loading it:
    /// a regular ELF file, built by the host's toolchain, against the host's SDK
    /// (the manifest's SDK release), with safe permissions.
    ///
    /// - Throws: ``PluginLoadError`` saying why the plugin cannot be used.
    public func describe(fileAt file: URL) throws(PluginLoadError) -> PluginFile {
        try describe(path: file.path)
    }

    private func describe(path: String) throws(PluginLoadError) -> PluginFile {
        if let known = described[path] { return known }
        let file = try openChecked(path)
        file.elf.close()
        return file.description
    }

    /// Opens the file at `path` and checks it through the open file: place,
    /// manifest, toolchain, SDK release, owner and modes. The caller closes it.
    private func openChecked(_ path: String) throws(PluginLoadError) -> (elf: ELFFile, description: PluginFile) {
        let elf: ELFFile
        let result: PluginFile
        do throws(PluginLoadError) {
            elf = try Self.open(path)
            do throws(PluginLoadError) {
                result = try Self.check(
                    elf, path: path, allowedFolders: containmentFolders, realFolders: realFolders(of: [path]),
                    hostToolchain: hostToolchain, checksEntry: checksEntrySymbols)
                // Who may have written it is part of what the file is: `validate`
                // and `run` refuse an unsafe plugin before the first frame, not
                // when it is first built, and what is mapped is checked as opened.
                try safety.checkPermissions(ofFileAt: result.realPath ?? path, status: result.status)
            } catch {
                elf.close()
                throw error
            }
        } catch {
            Log.info("refused \(path): \(error.localizedDescription)")
            throw error
        }
        if described[path]?.identity != result.identity { remember(result) }
        return (elf, result)
    }

    private func remember(_ file: PluginFile) {
        Log.debug("read the manifest of \(file.path): \(file.manifest.name) \(file.manifest.version)")
        described[file.path] = file
    }

    /// Reads and checks a plugin file's manifest (ELF headers, the manifest note,
    /// toolchain, SDK release) and nothing else: no place or permission checks,
    /// no cache. What the benchmark's `manifest_read_us` measures.
    public static func readManifest(atPath path: String) throws(PluginLoadError) -> PluginFile {
        try read(path, allowedFolders: nil, realFolders: nil, hostToolchain: runningToolchain)
    }

    /// What the plugin file at `file` says it is, whatever it was built with, for
    /// `inspect`: the toolchain and SDK release are returned, not checked.
    public func inspect(fileAt file: URL) throws(PluginLoadError) -> PluginFile {
        try Self.read(file.path, allowedFolders: nil, realFolders: nil, hostToolchain: nil, checksCompatibility: false)
    }

    /// Reads the plugin files that `references` name, several at a time, so that
    /// checking a config of many routes costs a fraction of reading them one by
    /// one; finishes a ``startPrefetch(_:relativeTo:)`` first. What cannot be
    /// located or read is left for ``describe(_:relativeTo:pin:)`` to report.
    public func prefetch(_ references: [String], relativeTo base: URL) {
        if let ahead = readAhead {
            readAhead = nil
            keep(ahead.finish())
        }
        guard let reading = startReading(references, relativeTo: base) else { return }
        keep(reading.finish())
    }

    /// Starts reading the plugin files that `references` name on other threads and
    /// returns at once, so the caller goes on (checking the config's routes) while
    /// they are read; the next ``prefetch(_:relativeTo:)`` takes what was read.
    public func startPrefetch(_ references: [String], relativeTo base: URL) {
        if let earlier = readAhead { keep(earlier.finish()) }
        readAhead = startReading(references, relativeTo: base)
    }

    /// What was read ahead and not yet taken.
    private var readAhead: FileReading?

    /// Starts reading, in parallel, the files `references` name that are not
    /// described yet; `nil` when there are fewer than two.
    private func startReading(_ references: [String], relativeTo base: URL) -> FileReading? {
        var files: [String] = []
        var seen: Set<String> = []
        let basePath = path(of: base)
        for reference in references where linkedPlugins[reference] == nil {
            guard let path = try? locatePath(reference, relativeTo: basePath), described[path] == nil,
                seen.insert(path).inserted
            else { continue }
            files.append(path)
        }
        guard files.count > 1 else { return nil }
        // For the files to read only: a second prefetch of the same routes reads
        // none, and reserving for them all would copy the table for nothing.
        described.reserveCapacity(described.count + files.count)
        return FileReading(
            files: files, allowedFolders: containmentFolders, realFolders: realFolders(of: files),
            hostToolchain: hostToolchain, checksEntry: checksEntrySymbols)
    }

    /// Keeps the files read whose owner and modes are safe; ``describe(_:relativeTo:pin:)``
    /// reads the others again, to say why they are refused.
    private func keep(_ files: [PluginFile]) {
        for file in files where described[file.path] == nil {
            guard (try? safety.checkPermissions(ofFileAt: file.realPath ?? file.path, status: file.status)) != nil
            else { continue }
            remember(file)
        }
    }

    /// The folders a plugin file must really be in, or `nil` when it may be anywhere.
    private var containmentFolders: [String]? {
        guard let configFolder, !allowsExternalPlugins else { return nil }
        return allowedFolders(configFolder)
    }

    /// The real paths of the folders `paths` are in, by folder, resolved once each.
    private func realFolders(of paths: [String]) -> [String: String] {
        for path in paths {
            let folder = PluginFileSafety.folder(of: path)
            if resolvedFolders[folder] == nil { resolvedFolders[folder] = PluginFileSafety.realPath(folder) ?? "" }
        }
        return resolvedFolders
    }

    /// What the plugin file at `path` is, from the file alone. Free of the
    /// loader's state, so files can be read in parallel.
    ///
    /// - Parameter realFolders: The real paths of the files' folders, when the
    ///   caller needs the file's real path; `nil` when it does not.
    nonisolated static func read(
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

    /// Opens the plugin file at `path` as an ELF library.
    nonisolated private static func open(_ path: String) throws(PluginLoadError) -> ELFFile {
        do {
            return try ELFFile(path: path)
        } catch .missing {
            throw .fileMissing(path: URL(fileURLWithPath: path, isDirectory: false).standardizedFileURL.path)
        } catch {
            throw .notAPlugin(path: path, reason: error.reason)
        }
    }

    /// What the open plugin file `elf`, opened from `path`, is; see
    /// ``read(_:allowedFolders:realFolders:hostToolchain:checksCompatibility:checksEntry:)``.
    nonisolated private static func check(
        _ elf: ELFFile, path: String, allowedFolders: [String]?, realFolders: [String: String]?,
        hostToolchain: String?, checksCompatibility: Bool = true,
        checksEntry: Bool = false
    ) throws(PluginLoadError) -> PluginFile {
        // The file must really be in the config's folder or a search folder, after
        // `..` and links (a search folder that is a link, like SwiftPM's .build/debug,
        // is resolved first). A file opened without following a link is where its
        // folder really is; a link is asked of the open file, with no race.
        var real: String?
        if let realFolders {
            if !elf.isLink, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path.hasPrefix("/"),
                let realFolder = realFolders[PluginFileSafety.folder(of: path)], !realFolder.isEmpty
            {
                real = (realFolder == "/" ? "" : realFolder) + path[slash...]
            } else {
                real = elf.resolvedPath
            }
        }
        if let folders = allowedFolders, let real {
            guard folders.contains(where: { PluginFileSafety.isInside(real, $0) }) else {
                throw .outsideAllowedFolders(path: path, resolved: real, folders: folders)
            }
        }
        let manifest: PluginManifest
        do {
            guard let note = try elf.note(owner: PluginManifest.note.owner, type: PluginManifest.note.type) else {
                throw PluginLoadError.noManifest(path: path)
            }
            manifest = try PluginManifest(bytes: note)
        } catch let error as ELFFile.Failure {
            throw .notAPlugin(path: path, reason: error.reason)
        } catch let error as PluginManifest.Failure {
            throw .notAPlugin(path: path, reason: error.reason)
        } catch {
            throw error as? PluginLoadError ?? .noManifest(path: path)
        }
        // The toolchain line the manifest records is the one the linker put in
        // `.comment`: reading it from the manifest saves a read per plugin.
        let toolchain: String? = manifest.toolchain.isEmpty ? nil : manifest.toolchain
        if checksCompatibility {
            try checkToolchain(toolchain, of: path, host: hostToolchain)
            let host = TrellisSDKInterface.release
            guard let built = manifest.sdkVersion, host.loads(pluginBuiltAgainst: built) else {
                throw .incompatibleSDK(path: path, plugin: manifest.sdkVersion, host: host)
            }
        }
        if checksEntry {
            // What `dlopen` would find only by mapping the file and running its code.
            let defined: Bool?
            do {
                defined = try elf.definesDynamicSymbol(TrellisSDKInterface.entrySymbol)
            } catch {
                throw .notAPlugin(path: path, reason: error.reason)
            }
            if defined == false {
                throw .missingEntry(
                    path: path, expected: TrellisSDKInterface.entrySymbol, found: otherEntrySymbol(in: path))
            }
        }
        return PluginFile(
            path: path, manifest: manifest, toolchain: toolchain, realPath: real,
            status: PluginFileSafety.Status(elf.status),
            identity: FileIdentity(status: elf.status))
    }

    /// The real paths of the folders `.so` paths may be in, resolved once.
    private func allowedFolders(_ configFolder: URL) -> [String] {
        if let resolvedAllowedFolders { return resolvedAllowedFolders }
        let folders = ([configFolder] + searchPath).compactMap { PluginFileSafety.realPath($0.path) }
        resolvedAllowedFolders = folders
        return folders
    }

    /// The files loaded so far (mapped with `dlopen`), in no order.
    public var loadedFiles: [URL] { loaded.values.map(\.file) }

    /// The SHA-256 of the file at `path`, as `"sha256"` pins it.
    public func hash(ofFileAt path: String) -> String? {
        if let known = hashes[path] { return known }
        let hash = SHA256.hex(ofFileAt: path)
        hashes[path] = hash
        return hash
    }

    private func check(_ path: String, against pin: String) throws(PluginLoadError) {
        guard SHA256.isAvailable else { throw .pinUncheckable(path: path) }
        guard access(path, F_OK) == 0 else {
            throw .fileMissing(path: URL(fileURLWithPath: path, isDirectory: false).standardizedFileURL.path)
        }
        try check(hash(ofFileAt: path), of: path, against: pin)
    }

    /// Checks the pin against the file about to be mapped, hashed through the
    /// open file: what is mapped, however the file was rewritten since it was read.
    private func check(_ file: ELFFile, at path: String, against pin: String) throws(PluginLoadError) {
        guard SHA256.isAvailable else { throw .pinUncheckable(path: path) }
        try check(file.sha256(), of: path, against: pin)
    }

    private func check(_ hash: String?, of path: String, against pin: String) throws(PluginLoadError) {
        guard let hash else { throw .notAPlugin(path: path, reason: "it cannot be read to check its pin") }
        guard hash == pin.lowercased() else { throw .hashMismatch(path: path, pinned: pin, actual: hash) }
    }

    /// Checks and loads the plugin library at `file`.
    ///
    /// - Throws: ``PluginLoadError`` saying why the plugin cannot be used.
    public func load(fileAt file: URL) throws(PluginLoadError) -> LoadedPlugin {
        if loaded[file.path] == nil { forgetIfChanged(file.path) }
        return try load(path: file.path, pin: nil)
    }

    /// Opens the file once, checks it through the open file (and its `pin`), and
    /// maps that open file: a file renamed over the path meanwhile is not mapped.
    private func load(path: String, pin: String?) throws(PluginLoadError) -> LoadedPlugin {
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
    private func open(_ file: ELFFile, path: String) throws(PluginLoadError) -> TrellisPlugin {
        let handle = try ImageMapping.map(file, path: path, flags: RTLD_NOW | RTLD_LOCAL) { onMapping?(path, $0) }
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

    /// The path of the file a route's `plugin` names, or `nil` for a plugin linked
    /// into the executable, which cannot be reloaded.
    public func path(of reference: String, relativeTo base: URL) throws(PluginLoadError) -> String? {
        linkedPlugins[reference] == nil ? try locatePath(reference, relativeTo: path(of: base)) : nil
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
    private func shadowCopy(of file: ELFFile, path: String) throws(PluginLoadError) -> ELFFile {
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

    private nonisolated static func checkToolchain(_ toolchain: String?, of path: String, host hostToolchain: String?)
        throws(PluginLoadError)
    {
        guard let hostToolchain else { return }
        // A library no Swift toolchain built (C, say) cannot be a plugin, and its
        // entry, if it has one, must not be called.
        guard let toolchain else {
            throw .notAPlugin(path: path, reason: "no Swift toolchain built it (its manifest names none)")
        }
        guard toolchain == hostToolchain else {
            throw .incompatibleToolchain(path: path, plugin: toolchain, host: hostToolchain)
        }
    }

    /// The entry symbol of another SDK interface that the file names, if any.
    /// Only asked after a failed load, of files up to 64 MiB.
    nonisolated private static func otherEntrySymbol(in path: String) -> String? {
        guard let bytes = try? RegularFile.read(path, limit: 64 << 20) else { return nil }
        let prefix = Array("trellis_plugin_entry_v".utf8)
        let isNamePart = { (byte: UInt8) in byte == 0x5F || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
        }
        var searchStart = bytes.startIndex
        while let match = bytes[searchStart...].firstRange(of: prefix) {
            let end = bytes[match.lowerBound...].firstIndex { !isNamePart($0) } ?? bytes.count
            let name = String(decoding: bytes[match.lowerBound..<end], as: UTF8.self)
            if name != TrellisSDKInterface.entrySymbol { return name }
            searchStart = end
        }
        return nil
    }
}
