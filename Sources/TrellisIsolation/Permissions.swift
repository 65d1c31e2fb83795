import Foundation
import TrellisConfig
import TrellisLoader
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK

/// What a plugin asks for in its manifest (`"permissions"`), and the user's
/// answers, kept by plugin and file hash.
extension Route.Permissions {
    /// The permissions `asks` name (`read:PATH`, `write:PATH`, `network`,
    /// `processes`), paths expanded (``expand(_:)``); what is not one of them
    /// is left out.
    public init(asks: [String]) {
        self.init()
        for ask in asks {
            if ask.hasPrefix("read:"), let path = Self.checkedPath(String(ask.dropFirst(5))) {
                read.append(path)
            } else if ask.hasPrefix("write:"), let path = Self.checkedPath(String(ask.dropFirst(6))) {
                write.append(path)
            } else if ask == "network" {
                network = true
            } else if ask == "processes" {
                processes = true
            }
        }
    }

    /// `path` with `~/`, `$XDG_DATA_HOME/`, `$XDG_CONFIG_HOME/` or
    /// `$XDG_CACHE_HOME/` at its start made absolute, as the XDG base
    /// directories say (an unset or relative variable is its default).
    public static func expand(_ path: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? NSHomeDirectory()
        let bases = [
            ("~", home), ("$XDG_DATA_HOME", "/.local/share"), ("$XDG_CONFIG_HOME", "/.config"),
            ("$XDG_CACHE_HOME", "/.cache"),
        ]
        for (name, fallback) in bases where path.hasPrefix(name + "/") {
            let variable = environment[String(name.dropFirst())].flatMap { $0.hasPrefix("/") ? $0 : nil }
            let base = name == "~" ? home : variable ?? home + fallback
            return base + path.dropFirst(name.count)
        }
        return path
    }

    /// `path` expanded (``expand(_:)``), absolute, with `.` and `..` and the
    /// links on the way resolved, as the sandbox will grant it; `nil` for one
    /// that is not absolute, or holds a control character or a zero byte.
    static func checkedPath(_ path: String) -> String? {
        let expanded = expand(path)
        guard expanded.hasPrefix("/"), !expanded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        // The links of the part that exists, which a folder made later would be under.
        var existing = URL(fileURLWithPath: expanded).standardized
        var rest: [String] = []
        while existing.path != "/", !FileManager.default.fileExists(atPath: existing.path) {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        guard let real = realpath(existing.path, nil) else { return nil }
        defer { free(real) }
        return rest.reduce(URL(fileURLWithPath: String(cString: real))) { $0.appendingPathComponent($1) }.path
    }

    /// The asks of `asks` these permissions do not cover: a path neither it nor
    /// a folder above it granted (a read by a read or a write), the network or
    /// processes not allowed.
    public func uncovered(_ asks: [String]) -> [String] {
        // Both as the sandbox sees them: `..` and links resolved.
        func covers(_ granted: [String], _ path: String) -> Bool {
            granted.compactMap(Self.checkedPath).contains {
                path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/")
            }
        }
        return asks.filter { ask in
            let asked = Route.Permissions(asks: [ask])
            if let path = asked.read.first { return !covers(read + write, path) }
            if let path = asked.write.first { return !covers(write, path) }
            if asked.network { return !network }
            if asked.processes { return !processes }
            return true
        }
    }

    /// These with the permissions `asks` names added.
    func adding(_ asks: [String]) -> Route.Permissions {
        let more = Route.Permissions(asks: asks)
        var result = self
        result.read += more.read
        result.write += more.write
        result.network = network || more.network
        result.processes = processes || more.processes
        return result
    }

    /// An ask in words: `read ~/notes`, `read and write ~/notes`, `use the
    /// network`, `start processes`; what this trellis does not know is quoted.
    public static func words(_ ask: String) -> String {
        // The path the sandbox would grant, `..` and links resolved: what the user is asked for.
        if ask.hasPrefix("read:"), let path = checkedPath(String(ask.dropFirst(5))) {
            return "read " + path.escapingControlCharacters
        }
        if ask.hasPrefix("write:"), let path = checkedPath(String(ask.dropFirst(6))) {
            return "read and write " + path.escapingControlCharacters
        }
        if ask == "network" { return "use the network" }
        if ask == "processes" { return "start processes" }
        return "\"\(ask.escapingControlCharacters)\" (not a permission this trellis knows: not granted)"
    }
}

/// The user's answers to plugins' asks, in
/// `$XDG_CONFIG_HOME/trellis/permissions.json` (`~/.config` when unset): by
/// plugin name, the file's SHA-256 it was given for (a new build asks again),
/// and what was granted and denied. `trellis permissions` lists and revokes them.
public struct PermissionStore {
    public struct Answer: Codable, Equatable, Sendable {
        public var sha256: String
        public var granted: [String]
        public var denied: [String]
        /// When it was given, ISO 8601.
        public var answered: String

        public init(sha256: String, granted: [String], denied: [String], answered: String) {
            (self.sha256, self.granted, self.denied, self.answered) = (sha256, granted, denied, answered)
        }
    }

    public let file: URL

    public init(file: URL = PermissionStore.defaultFile) {
        self.file = file
    }

    public static var defaultFile: URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return URL(fileURLWithPath: base + "/trellis/permissions.json")
    }

    /// Every answer kept, by plugin: none when the file is not there.
    public func answers() throws(PermissionStoreError) -> [String: Answer] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        do {
            let data = try Data(contentsOf: file)
            guard data.count <= 1 << 20 else { throw CocoaError(.fileReadTooLarge) }
            return try JSONDecoder().decode([String: Answer].self, from: data)
        } catch {
            throw PermissionStoreError(
                message: "\(file.path) cannot be read as trellis's permissions (\(error.localizedDescription)); "
                    + "fix it, or remove it and answer again")
        }
    }

    /// Keeps `answer` for `plugin`, replacing what was kept for it.
    public func keep(_ answer: Answer?, for plugin: String) throws(PermissionStoreError) {
        var all = try answers()
        all[plugin] = answer
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(all).write(to: file, options: .atomic)
        } catch {
            throw PermissionStoreError(message: "could not write \(file.path): \(error.localizedDescription)")
        }
    }
}

public struct PermissionStoreError: Error, Equatable {
    public let message: String
}

/// What an isolated route's plugin asks for (its manifest's `"permissions"`),
/// and how each ask is answered: by the config's `"permissions"` for the route,
/// by the user's kept answer for this build of the plugin, or still to ask.
package struct PermissionAsks {
    /// The plugin's name, which answers are kept by.
    package var plugin: String
    package var sha256: String
    package var granted: [String] = []
    package var denied: [String] = []
    package var pending: [String] = []
    /// Why the kept answers could not be read, if they could not.
    package var problem: String?

    static let allowID = "trellis.permissions.allow"
    static let denyID = "trellis.permissions.deny"

    /// The question in the route's place: what it asks, in words, and Deny
    /// (focused first) and Allow.
    func prompt(route: String) -> ViewNode {
        let lines: [String] = pending.map { "  • " + Route.Permissions.words($0) }
        let kept: String = PermissionStore.defaultFile.path
        let title: String = "\(plugin) asks, for route \(route), to:".escapingControlCharacters
        var note: String = "It runs in a process of its own and can do nothing else outside its files and data folder. "
        note += "Your answer is kept for this build of \(plugin) in \(kept); "
        note += "`trellis permissions` lists answers and revokes them."
        if let problem { note += "\n" + problem }
        let buttons: [ViewNode] = [.button(title: "Deny", id: Self.denyID), .button(title: "Allow", id: Self.allowID)]
        return .stack(
            axis: .vertical, spacing: 1,
            children: [
                .styled(.title, .text(title)), .text(lines.joined(separator: "\n")),
                .text(note.escapingControlCharacters),
                .stack(axis: .horizontal, spacing: 2, children: buttons),
            ])
    }

    /// `pending` answered: granted when `allowed`, else denied, and kept.
    /// What could not be kept, in words.
    package mutating func answer(allowed: Bool) -> String? {
        if allowed { granted += pending } else { denied += pending }
        pending = []
        guard !sha256.isEmpty else { return nil }
        let answer = PermissionStore.Answer(
            sha256: sha256, granted: granted, denied: denied, answered: ISO8601DateFormatter().string(from: Date()))
        do {
            try PermissionStore().keep(answer, for: plugin)
            return nil as String?
        } catch {
            return "\(error.message); the answer holds until the app ends"
        }
    }

    /// Makes each folder granted for writing that is not there yet, as the
    /// plugin's own (a manifest's `write` names folders): the sandbox grants
    /// only what exists.
    func makeWritableFolders() {
        for folder in Route.Permissions(asks: granted).write where !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    /// What was denied, for the status line and the log; `nil` when nothing was.
    var deniedNotice: String? {
        guard !denied.isEmpty else { return nil }
        return "\(plugin) was denied: " + denied.map(Route.Permissions.words).joined(separator: "; ")
    }
}

extension PermissionAsks {
    /// What `route`'s plugin asks for and how each ask is answered: by the
    /// config, by a kept answer, or still to ask; `nil` when it asks nothing.
    @MainActor
    package static func of(_ route: Route, loader: PluginLoader, base: URL) -> PermissionAsks? {
        guard let file = try? loader.describe(route.plugin, relativeTo: base, pin: route.sha256),
            !file.manifest.permissions.isEmpty
        else { return nil }
        // What this trellis cannot grant (an unknown word, a bad path) is denied, and said.
        let asked = file.manifest.permissions.filter { Route.Permissions(asks: [$0]) != Route.Permissions() }
        let unknown = file.manifest.permissions.filter { !asked.contains($0) }
        var asks = PermissionAsks(plugin: file.manifest.name, sha256: SHA256.hex(ofFileAt: file.path) ?? "")
        asks.denied = unknown
        if asks.sha256.isEmpty {
            // Kept answers are by build: without a hash, none is kept or used.
            asks.problem = "this machine cannot hash plugin files (no libcrypto.so.3), so the answer is not kept"
        }
        if route.answersPermissions {
            // The config answers for the route: what it does not grant is denied.
            let uncovered = route.permissions.uncovered(asked)
            asks.denied += uncovered
            asks.granted = asked.filter { !uncovered.contains($0) }
            return asks
        }
        do {
            if !asks.sha256.isEmpty, let kept = try PermissionStore().answers()[asks.plugin],
                kept.sha256 == asks.sha256
            {
                asks.granted = asked.filter(kept.granted.contains)
                asks.denied += asked.filter(kept.denied.contains)
            }
        } catch {
            asks.problem = error.message
        }
        asks.pending = asked.filter { !asks.granted.contains($0) && !asks.denied.contains($0) }
        return asks
    }
}

extension RouteConfig {
    /// For `validate`: a line for each isolated route whose plugin asks for
    /// permissions, saying each ask and how it is answered.
    @MainActor
    public func permissionLines(loader: PluginLoader) -> [String] {
        let base = file.deletingLastPathComponent()
        return routes.values.filter { $0.isolation == .process }.sorted { $0.id < $1.id }.compactMap { route in
            guard let asks = PermissionAsks.of(route, loader: loader, base: base) else { return nil }
            let how = route.answersPermissions ? "by the config" : "(kept answer)"
            let parts =
                asks.granted.map { "\(Route.Permissions.words($0)): granted \(how)" }
                + asks.denied.map { "\(Route.Permissions.words($0)): denied \(how)" }
                + asks.pending.map { "\(Route.Permissions.words($0)): asked when its screen first opens" }
            return "Route \(route.id): plugin \(asks.plugin) asks to " + parts.joined(separator: "; ") + "."
        }
    }
}
