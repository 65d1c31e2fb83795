import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// `trellis inspect PLUGIN.so [--json]`.

extension JSONEncoder {
    /// An encoder with sorted keys, so output is stable for tools and tests.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

@MainActor
struct InspectCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.inspect)
        if parsed.wantsHelp {
            print(Help.inspect)
            return .success
        }
        guard let path = try parsed.singlePositional(command: "inspect", name: "plugin") else {
            throw CommandError.usage(
                "give the plugin file to inspect, for example .build/debug/libMainScreen.so.", help: "inspect")
        }
        var isFolder: ObjCBool = false
        // A folder is listed; a path ending in .so is a plugin file, whatever it is.
        if !path.hasSuffix(".so"), FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
            isFolder.boolValue
        {
            return try listFolder(path, json: parsed.has("--json"))
        }
        let loader = PluginLoader(searchPath: [])
        let plugin: PluginFile
        do {
            // Read from the file alone: none of the plugin's code runs. A plugin
            // this host cannot run is still shown, then reported.
            let file = try loader.locate(
                path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            plugin = try loader.inspect(fileAt: file)
        } catch {
            throw CommandError(message: error.localizedDescription)
        }
        var incompatibility: String?
        do {
            _ = try loader.describe(fileAt: plugin.file)
        } catch {
            incompatibility = error.localizedDescription
        }
        let manifest = plugin.manifest
        let hash = loader.hash(ofFileAt: plugin.file.path)
        if parsed.has("--json") {
            var fields: [String: JSONValue] = [
                "name": .string(manifest.name), "version": .string(manifest.version),
                "summary": .string(manifest.summary),
                "file": .string(plugin.file.path),
                "sdkVersion": manifest.sdkVersion.map { .string($0.description) } ?? .null,
                "slots": .array(manifest.slots.map(JSONValue.string)),
                "requires": .array(manifest.requires.map(JSONValue.string)),
                "provides": .array(manifest.provides.map(JSONValue.string)),
                "builds": .array(manifest.builds.map(JSONValue.string)),
                "slotTypes": .object(manifest.slotTypes.mapValues(JSONValue.string)),
                "permissions": .array(manifest.permissions.map(JSONValue.string)),
            ]
            fields["toolchain"] = plugin.toolchain.map(JSONValue.string) ?? .null
            fields["sha256"] = hash.map(JSONValue.string) ?? .null
            fields["usable"] = .bool(incompatibility == nil)
            let data = try JSONEncoder.sorted.encode(JSONValue.object(fields))
            print(String(decoding: data, as: UTF8.self))
            if let incompatibility { throw CommandError(message: incompatibility) }
            return .success
        }
        func list(_ names: [String]) -> String { names.isEmpty ? "(none)" : names.joined(separator: ", ") }
        // Every field comes from the plugin's file: escaped before it reaches the terminal.
        print(
            """
            \(manifest.name) \(manifest.version)
              file:      \(plugin.file.path)
              summary:   \(manifest.summary.isEmpty ? "(none)" : manifest.summary)
              sdk:       \(manifest.sdkVersion.map(\.description) ?? "before 1.0.0") (this host: \(TrellisSDKInterface.release))
              toolchain: \(plugin.toolchain ?? "(not recorded)")
              slots:     \(list(manifest.slots.map { slot in manifest.slotTypes[slot].map { "\(slot) (gives a \($0))" } ?? slot }))
              requires:  \(list(manifest.requires))
              provides:  \(list(manifest.provides))\(manifest.builds.isEmpty ? "" : "\n  builds:    " + list(manifest.builds))
              asks:      \(manifest.permissions.isEmpty ? "nothing beyond its own files (in a process of its own)" : manifest.permissions.map(Route.Permissions.words).joined(separator: "; "))
              sha256:    \(hash ?? "(no libcrypto.so.3 here to compute it)")
            """.escapingControlCharacters)
        if let incompatibility { throw CommandError(message: incompatibility) }
        return .success
    }

    /// `inspect DIR`: each `lib*.so` in the folder, read from its file, a line each:
    /// name, version, and whether this host can use it (or why not).
    private func listFolder(_ path: String, json: Bool) throws -> ExitStatus {
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") }.sorted()
        } catch {
            throw CommandError(message: "cannot list \(folder.path): \(error.userMessage)")
        }
        let loader = PluginLoader(searchPath: [])
        var rows: [JSONValue] = []
        var lines: [String] = []
        for name in names {
            let file = folder.appendingPathComponent(name)
            // A library that is not a plugin (the SDK, a runtime library) is left out.
            guard let plugin = try? loader.inspect(fileAt: file) else { continue }
            var problem: String?
            do {
                _ = try loader.describe(fileAt: file)
            } catch {
                problem = error.localizedDescription
            }
            rows.append([
                "name": .string(plugin.manifest.name), "version": .string(plugin.manifest.version),
                "file": .string(file.path), "summary": .string(plugin.manifest.summary),
                "usable": .bool(problem == nil), "problem": problem.map(JSONValue.string) ?? .null,
            ])
            lines.append(
                "\(plugin.manifest.name) \(plugin.manifest.version)  \(name)"
                    + (problem == nil ? "" : "  (not usable here: \(problem!))"))
        }
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(JSONValue.array(rows)), as: UTF8.self))
        } else if lines.isEmpty {
            print("no plugins in \(folder.path)".escapingControlCharacters)
        } else {
            print(lines.joined(separator: "\n").escapingControlCharacters)
        }
        return .success
    }
}
