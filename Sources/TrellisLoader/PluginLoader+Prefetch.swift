import Foundation
import TrellisConfig
import TrellisSDK

extension PluginLoader {
    /// Reads the plugin files that `references` name, several at a time, so that
    /// checking a config of many routes costs a fraction of reading them one by
    /// one; finishes a ``startPrefetch(_:relativeTo:)`` first. What cannot be
    /// located or read is left for ``describe(_:relativeTo:pin:)`` to report.
    public func prefetch(_ references: [String], relativeTo base: URL) {
        finishPrefetch()
        guard let reading = startReading(references, relativeTo: base) else { return }
        keep(reading.finish())
    }

    /// Starts reading the plugin files that `references` name on other threads and
    /// returns at once, so the caller goes on while they are read; the next
    /// ``describe(_:relativeTo:pin:)`` (or ``prefetch(_:relativeTo:)``) takes what was read.
    public func startPrefetch(_ references: [String], relativeTo base: URL) {
        finishPrefetch()
        readAhead = startReading(references, relativeTo: base)
    }

    /// Starts reading the plugin files of every route of `config`: what the
    /// composition root does once it has the config, so the validator, which only
    /// asks for each file, finds them read.
    public func startPrefetch(for config: RouteConfig) {
        startPrefetch(config.routes.values.map(\.plugin), relativeTo: config.file.deletingLastPathComponent())
    }

    /// Takes what a ``startPrefetch(_:relativeTo:)`` read, waiting for the rest.
    func finishPrefetch() {
        guard let ahead = readAhead else { return }
        readAhead = nil
        keep(ahead.finish())
    }

    /// Starts reading, in parallel, the files `references` name that are not
    /// described yet; `nil` when there are fewer than two.
    func startReading(_ references: [String], relativeTo base: URL) -> FileReading? {
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
    package func keep(_ files: [PluginFile]) {
        for file in files where described[file.path] == nil {
            guard (try? safety.checkPermissions(ofFileAt: file.realPath ?? file.path, status: file.status)) != nil,
                (try? checkLibraries(file.librariesBeside, of: file.path, realPath: file.realPath ?? file.path)) != nil
            else { continue }
            remember(file)
        }
    }
}
