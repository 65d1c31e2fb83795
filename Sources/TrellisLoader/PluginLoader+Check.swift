import Foundation
import TrellisPlatform
import TrellisSDK

extension PluginLoader {
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

    /// Reads and checks what the plugin library at `file` is, without loading it:
    /// a regular ELF file, built by the host's toolchain, against the host's SDK
    /// (the manifest's SDK release), with safe permissions.
    ///
    /// - Throws: ``PluginLoadError`` saying why the plugin cannot be used.
    public func describe(fileAt file: URL) throws(PluginLoadError) -> PluginFile {
        try describe(path: file.path)
    }

    package func describe(path: String) throws(PluginLoadError) -> PluginFile {
        // The files a started prefetch is reading are taken first, not read again.
        finishPrefetch()
        if let known = described[path] { return known }
        let file = try openChecked(path)
        file.elf.close()
        return file.description
    }

    /// Opens the file at `path` and checks it through the open file: place,
    /// manifest, toolchain, SDK release, owner and modes. The caller closes it.
    func openChecked(_ path: String) throws(PluginLoadError) -> (elf: ELFFile, description: PluginFile) {
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
                try checkLibraries(result.librariesBeside, of: path, realPath: result.realPath ?? path)
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

    func remember(_ file: PluginFile) {
        Log.debug("read the manifest of \(file.path): \(file.manifest.name) \(file.manifest.version)")
        described[file.path] = file
    }

    /// What the plugin file at `file` says it is, whatever it was built with, for
    /// `inspect`: the toolchain and SDK release are returned, not checked.
    public func inspect(fileAt file: URL) throws(PluginLoadError) -> PluginFile {
        try Self.read(file.path, allowedFolders: nil, realFolders: nil, hostToolchain: nil, checksCompatibility: false)
    }

    /// The SHA-256 of the file at `path`, as `"sha256"` pins it.
    public func hash(ofFileAt path: String) -> String? {
        if let known = hashes[path] { return known }
        let hash = SHA256.hex(ofFileAt: path)
        hashes[path] = hash
        return hash
    }

    package func check(_ path: String, against pin: String) throws(PluginLoadError) {
        guard SHA256.isAvailable else { throw .pinUncheckable(path: path) }
        guard access(path, F_OK) == 0 else {
            throw .fileMissing(path: URL(fileURLWithPath: path, isDirectory: false).standardizedFileURL.path)
        }
        try check(hash(ofFileAt: path), of: path, against: pin)
    }

    /// Checks the pin against the file about to be mapped, hashed through the
    /// open file: what is mapped, however the file was rewritten since it was read.
    package func check(_ file: ELFFile, at path: String, against pin: String) throws(PluginLoadError) {
        guard SHA256.isAvailable else { throw .pinUncheckable(path: path) }
        try check(file.sha256(), of: path, against: pin)
    }

    package func check(_ hash: String?, of path: String, against pin: String) throws(PluginLoadError) {
        guard let hash else { throw .notAPlugin(path: path, reason: "it cannot be read to check its pin") }
        guard hash == pin.lowercased() else { throw .hashMismatch(path: path, pinned: pin, actual: hash) }
    }

    /// Opens the plugin file at `path` as an ELF library.
    nonisolated static func open(_ path: String) throws(PluginLoadError) -> ELFFile {
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
    nonisolated package static func check(
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
        var beside: [String] = []
        if checksEntry {
            // What `dlopen` would find only by mapping the file and running its code.
            beside = librariesBeside(elf, path: path)
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
            identity: FileIdentity(status: elf.status), librariesBeside: beside)
    }

    nonisolated package static func checkToolchain(_ toolchain: String?, of path: String, host hostToolchain: String?)
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
    nonisolated package static func otherEntrySymbol(in path: String) -> String? {
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
