import Foundation
import TrellisConfig
import TrellisCore
import TrellisPlatform
import TrellisSDK

/// The user's own keys in the terminal, as lazygit, k9s and htop read theirs:
/// `$XDG_CONFIG_HOME/trellis/keys.json` (`~/.config/trellis/keys.json`, or the
/// file `TRELLIS_KEYS` names), each key naming the key it acts as:
///
///     { "keys": { "ctrl-b": "pageup", "ctrl-f": "pagedown", "alt-s": "ctrl-s" } }
///
/// Keys are named as scripts name them (`key NAME`, Docs/Keys.md). A key of
/// the user's adds to the built-in ones, which keep working: what the status
/// line offers stays true. Ctrl-C always ends the app, so it cannot be given
/// another meaning.
public struct Keymap: Sendable {
    /// Each key of the user's, and the key it acts as.
    public private(set) var aliases: [Key: Key] = [:]
    /// The entries as written, for the help: `ctrl-j  as down`.
    public private(set) var lines: [String] = []
    /// Each key of the user's and the key it acts as, by their names in the file
    /// (`"ctrl-b": "down"`), for the browser's page, which translates them itself.
    public private(set) var names: [String: String] = [:]

    /// No keys of the user's.
    public init() {}

    /// The most entries a file may have, and its largest size.
    static let mostEntries = 500
    package static let largestFile = 64 * 1024

    /// The key `key` acts as.
    public func translate(_ key: Key) -> Key {
        aliases[key] ?? key
    }

    /// The file the user's keys are read from: `TRELLIS_KEYS`, else
    /// `$XDG_CONFIG_HOME/trellis/keys.json`, else `~/.config/trellis/keys.json`.
    public static func path(environment: [String: String]) -> String? {
        if let named = environment["TRELLIS_KEYS"], !named.isEmpty { return named }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/trellis/keys.json" }
        return environment["HOME"].map { $0 + "/.config/trellis/keys.json" }
    }

    /// The user's keys, or none when there is no file (a file `TRELLIS_KEYS`
    /// names must be there).
    ///
    /// - Throws: ``KeymapError`` naming the file, the entry and what to do.
    public static func load(environment: [String: String]) throws(KeymapError) -> Keymap {
        guard let path = path(environment: environment) else { return Keymap() }
        guard FileManager.default.fileExists(atPath: path) else {
            if environment["TRELLIS_KEYS"] != nil { throw KeymapError("\(path): TRELLIS_KEYS names no file") }
            return Keymap()
        }
        guard let file = try? RegularFile.read(path, limit: largestFile) else {
            throw KeymapError("\(path): cannot be read as a file of at most \(largestFile / 1024) KiB")
        }
        return try parse(file, path: path)
    }

    /// The keys of `bytes`, the contents of the file at `path`.
    public static func parse(_ bytes: [UInt8], path: String) throws(KeymapError) -> Keymap {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes: bytes)
        } catch {
            throw KeymapError("\(path):\(error.line):\(error.column): \(error.reason)")
        }
        let form = #"the file is { "keys": { "KEY": "KEY IT ACTS AS" } }"#
        guard case let .object(top) = json else { throw KeymapError("\(path): \(form)") }
        if let other = top.keys.sorted().first(where: { $0 != "keys" }) {
            throw KeymapError("\(path): \"\(other.escapingControlCharacters)\" is not a setting here; \(form)")
        }
        guard case let .object(entries)? = top["keys"] else { throw KeymapError("\(path): \(form)") }
        guard entries.count <= mostEntries else {
            throw KeymapError("\(path): keys: \(entries.count) entries, more than the \(mostEntries) a file may have")
        }
        var keymap = Keymap()
        for name in entries.keys.sorted() {
            let place = "\(path): keys.\"\(name.escapingControlCharacters)\""
            guard let key = Key.named(name) else {
                throw KeymapError(
                    "\(place): not a key name; name keys as scripts do (ctrl-j, alt-s, f1, pageup; Docs/Keys.md)")
            }
            guard key != .control("c") else { throw KeymapError("\(place): Ctrl-C always quits; give another key") }
            // A terminal sends these as Enter, Tab and Backspace: the app never sees them apart.
            if let same = [
                Key.control("j"): "Enter", .control("m"): "Enter", .control("i"): "Tab", .control("h"): "Backspace",
            ][key] {
                throw KeymapError("\(place): a terminal sends it as \(same), so it cannot be a key of its own")
            }
            guard case let .string(targetName)? = entries[name], let target = Key.named(targetName) else {
                throw KeymapError("\(place): the key it acts as must be a key name, as \"down\" or \"ctrl-s\"")
            }
            guard target != key else { throw KeymapError("\(place): a key acting as itself; leave it out") }
            keymap.aliases[key] = target
            keymap.lines.append("\(name)  as \(targetName)")
            keymap.names[name] = targetName
        }
        return keymap
    }
}

/// A keys file that cannot be used: the message names the file and the entry.
public struct KeymapError: Error, CustomStringConvertible {
    public let description: String

    package init(_ description: String) {
        self.description = description
    }
}
