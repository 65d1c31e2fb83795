import Foundation

/// The TrellisManifest build tool plugin's worker.
///
///     trellis-manifest-tool sdk OUTPUT SDK-SOURCES...
///     trellis-manifest-tool plugin OUTPUT trellis-plugin.json SDK-SOURCES...
///
/// Both compute the SDK fingerprint: a hash of every SDK source file with comments
/// and runs of whitespace removed. Without library evolution the layout of every
/// type, private stored properties included, is part of the ABI, so every
/// declaration counts, not only the public ones; a comment-only change keeps the
/// fingerprint. `sdk` writes it into the SDK; `plugin` writes the plugin's manifest
/// with it into an ELF note (owner `TrellisSDK`, type 1, section `.note.trellis`), as
/// `key=value` lines after a `trellis-manifest 1` line (lists comma-separated).

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["sdk", "plugin"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: trellis-manifest-tool sdk|plugin OUTPUT [MANIFEST] SOURCES...\n".utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

/// Swift source without comments, and with every run of whitespace made one space.
func normalized(_ source: String) -> [UInt8] {
    let bytes = Array(source.utf8)
    var result: [UInt8] = []
    var index = 0
    var pendingSpace = false
    func emit(_ byte: UInt8) {
        if pendingSpace, !result.isEmpty { result.append(0x20) }
        pendingSpace = false
        result.append(byte)
    }
    func starts(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - index >= pattern.count && Array(bytes[index..<index + pattern.count]) == pattern
    }
    while index < bytes.count {
        if starts("//") {
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            pendingSpace = true
        } else if starts("/*") {
            var depth = 0
            repeat {
                if starts("/*") { depth += 1; index += 2 } else if starts("*/") { depth -= 1; index += 2 } else { index += 1 }
            } while depth > 0 && index < bytes.count
            pendingSpace = true
        } else if starts("\"\"\"") {
            emit(bytes[index]); emit(bytes[index + 1]); emit(bytes[index + 2])
            index += 3
            while index < bytes.count, !starts("\"\"\"") {
                if bytes[index] == 0x5C, index + 1 < bytes.count { result.append(bytes[index]); index += 1 }
                result.append(bytes[index])
                index += 1
            }
            if index < bytes.count { result += Array("\"\"\"".utf8); index += 3 }
        } else if bytes[index] == 0x22 {
            emit(0x22)
            index += 1
            while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x0A {
                if bytes[index] == 0x5C, index + 1 < bytes.count { result.append(bytes[index]); index += 1 }
                result.append(bytes[index])
                index += 1
            }
            if index < bytes.count { result.append(bytes[index]); index += 1 }
        } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            pendingSpace = true
            index += 1
        } else {
            emit(bytes[index])
            index += 1
        }
    }
    return result
}

/// Two 64-bit FNV-1a hashes with different seeds, as 32 hex digits: a check for
/// accidental drift, not a defence against a forger.
func fingerprint(of files: [String]) -> String {
    var hashes: [UInt64] = [0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4]
    // Named by their path inside the SDK's module, so two checkouts of the same
    // SDK agree and a renamed file counts as a change.
    let named = files.map { path -> (String, String) in
        let marker = "/Sources/TrellisSDK/"
        let name = path.range(of: marker, options: .backwards).map { String(path[$0.upperBound...]) } ?? (path as NSString).lastPathComponent
        return (name, path)
    }.sorted { $0.0 < $1.0 }
    for (name, path) in named {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
        for byte in Array(name.utf8) + [0] + normalized(text) + [0] {
            for slot in hashes.indices {
                hashes[slot] = (hashes[slot] ^ UInt64(byte)) &* (slot == 0 ? 0x0000_0100_0000_01B3 : 0x0000_0100_0000_0233)
            }
        }
    }
    return hashes.map { String(format: "%016llx", $0) }.joined()
}

func write(_ text: String, to path: String) {
    // Unchanged output keeps its date, so nothing that depends on it rebuilds.
    if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write \(path): \(error)")
    }
}

let output = arguments[2]
if arguments[1] == "sdk" {
    let print = fingerprint(of: Array(arguments.dropFirst(3)))
    write("""
        // Generated by the TrellisManifest build tool plugin: the fingerprint of these sources.
        extension TrellisSDKInterface {
            /// The fingerprint of the SDK the host has loaded, computed from the SDK's
            /// sources when it was built (see `trellis-manifest-tool`). A plugin's
            /// manifest records the fingerprint of the SDK it was built against; the
            /// host refuses a plugin whose fingerprint differs, before loading it.
            public static let fingerprint = "\(print)"
        }

        """, to: output)
    exit(0)
}

guard arguments.count >= 4 else { fail("plugin mode needs the manifest file") }
let manifestPath = arguments[3]
guard let data = FileManager.default.contents(atPath: manifestPath) else {
    fail("\(manifestPath): no trellis-plugin.json next to the plugin's sources. Write one, for example "
         + #"{ "name": "MyScreen", "summary": "What it shows", "slots": [] }"#)
}
guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
    fail("\(manifestPath): not a JSON object")
}
let allowed: Set<String> = ["name", "version", "summary", "slots", "requires", "provides", "resources", "parameters",
                            "builds", "slotTypes"]
if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
    fail("\(manifestPath): unknown key \"\(unknown)\"; the keys are \(allowed.sorted().joined(separator: ", "))")
}
guard let name = object["name"] as? String, !name.isEmpty else { fail("\(manifestPath): \"name\" must be a non-empty string") }
for key in ["version", "summary"] where object[key] != nil && !(object[key] is String) {
    fail("\(manifestPath): \"\(key)\" must be a string")
}
for key in ["slots", "requires", "provides", "resources", "builds"] where object[key] != nil && !(object[key] is [String]) {
    fail("\(manifestPath): \"\(key)\" must be an array of strings")
}
// `parameters`: what the plugin reads from its route's parameters, by name, with
// the type it reads each as; `validate` checks the config against them.
let parameterTypes: Set<String> = ["string", "integer", "number", "bool", "strings", "object"]
guard object["parameters"] == nil || object["parameters"] is [String: String] else {
    fail("\(manifestPath): \"parameters\" must be an object of names and types, for example { \"title\": \"string\" }")
}
let parameters = (object["parameters"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }
for (name, type) in parameters {
    guard !name.isEmpty, name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "_-".unicodeScalars.contains($0) }) else {
        fail("\(manifestPath): parameter \"\(name)\": names are letters, digits, _ and -")
    }
    guard parameterTypes.contains(type) else {
        fail("\(manifestPath): parameter \"\(name)\" has type \"\(type)\"; the types are \(parameterTypes.sorted().joined(separator: ", "))")
    }
}
// `slotTypes`: the builder protocol each typed slot gives (`context.slot(_:as:)`);
// `builds`: the builder protocols this plugin's builder is. `validate` checks that
// each typed slot is bound to a plugin that builds its protocol.
guard object["slotTypes"] == nil || object["slotTypes"] is [String: String] else {
    fail("\(manifestPath): \"slotTypes\" must be an object of slot names and builder protocols, for example { \"offGame\": \"OffGameBuildable\" }")
}
let slotTypes = (object["slotTypes"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }
let declaredSlots = object["slots"] as? [String] ?? []
for (slot, type) in slotTypes {
    guard declaredSlots.contains(slot) else { fail("\(manifestPath): \"slotTypes\" names slot \"\(slot)\", which \"slots\" does not declare") }
    guard !type.isEmpty, type.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "_.".unicodeScalars.contains($0) }) else {
        fail("\(manifestPath): slot \"\(slot)\" has type \"\(type)\"; a builder protocol's name is letters, digits, _ and .")
    }
}
let sdkSources = Array(arguments.dropFirst(4))
guard !sdkSources.isEmpty else { fail("the plugin's target does not depend on the TrellisSDK product") }
// `resources`: files the plugin reads from its resource folder, which `validate` checks.
let lists = ["slots", "requires", "provides", "resources", "builds"].map { key in (key, object[key] as? [String] ?? []) }
for (key, names) in lists {
    for item in names where item.isEmpty || !item.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "_-.".unicodeScalars.contains($0) }) {
        fail("\(manifestPath): \"\(key)\" holds \"\(item)\"; names are letters, digits, _ - and .")
    }
}
/// The toolchain's compiler line, as every binary it links records it in `.comment`:
/// this tool's own, since the same `swift build` builds the tool and the plugin.
/// (The host reads it from the manifest, which saves it a read per plugin.)
func toolchainLine() -> String {
    guard let bytes = FileManager.default.contents(atPath: "/proc/self/exe").map(Array.init), bytes.count > 64 else {
        fail("cannot read /proc/self/exe")
    }
    func integer(_ offset: Int, _ size: Int) -> Int {
        (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
    let table = integer(0x28, 8), entrySize = integer(0x3A, 2), count = integer(0x3C, 2), namesIndex = integer(0x3E, 2)
    func section(_ index: Int) -> (name: Int, offset: Int, size: Int) {
        let start = table + index * entrySize
        return (integer(start, 4), integer(start + 24, 8), integer(start + 32, 8))
    }
    let names = section(namesIndex).offset
    for index in 0..<count {
        let candidate = section(index)
        let name = bytes[(names + candidate.name)...].prefix { $0 != 0 }
        guard name.elementsEqual(".comment".utf8) else { continue }
        let entries = bytes[candidate.offset..<candidate.offset + candidate.size].split(separator: 0)
        if let line = entries.first(where: { String(decoding: $0, as: UTF8.self).contains("swiftlang") }) {
            return String(decoding: line, as: UTF8.self)
        }
    }
    fail("this toolchain's binaries record no Swift compiler line in .comment")
}

let fields = [("name", name), ("version", object["version"] as? String ?? "1.0.0"), ("summary", object["summary"] as? String ?? ""),
              ("toolchain", toolchainLine())]
for (key, value) in fields where value.contains("\n") || value.contains("\r") {
    fail("\(manifestPath): \"\(key)\" must be one line")
}
// A line a field, so the host reads it with a split, not a JSON parser: it reads
// one per route at start-up (Docs/PluginSystem.md).
let text = (["trellis-manifest 1"] + fields.map { "\($0)=\($1)" } + lists.map { "\($0)=\($1.joined(separator: ","))" }
    + ["parameters=" + parameters.map { "\($0.key):\($0.value)" }.joined(separator: ",")]
    + ["slotTypes=" + slotTypes.map { "\($0.key):\($0.value)" }.joined(separator: ",")]
    + ["sdkFingerprint=\(fingerprint(of: sdkSources))"]).joined(separator: "\n") + "\n"
let bytes = Array(text.utf8)
// An ELF note: the sizes of its owner's name and of its description, its type, the
// name and the description. Linkers put notes in the file's first page, which the
// host reads in one `pread` (Docs/PluginSystem.md). Laid out to read the same
// whether a reader pads notes to 4 bytes or to 8 (a linker may put this 4-aligned
// note in an 8-aligned segment): an 11-byte owner ends the name at 23, so the
// description starts at 24 either way, and it is zero-padded to a multiple of 8
// (the host ignores zeros after the manifest's last line).
let owner = Array("TrellisSDK\0".utf8)
let description = bytes + Array(repeating: 0, count: (8 - bytes.count % 8) % 8)
let noteWords = [owner.count, description.count, 1]
let noteBytes = owner + [0] + description
let noteType = (Array(repeating: "UInt32", count: 3) + Array(repeating: "UInt8", count: noteBytes.count)).joined(separator: ", ")
let noteValue = (noteWords.map(String.init) + noteBytes.map(String.init)).joined(separator: ", ")
let tuple = bytes.map(String.init).joined(separator: ", ")
write("""
    // Generated by the TrellisManifest build tool plugin from trellis-plugin.json.

    /// The manifest in the `TrellisSDK` ELF note, where the host reads it without
    /// loading the library (`readelf -n` shows it too).
    @section(".note.trellis") @used
    let trellisManifestNote: (\(noteType)) = (\(noteValue))

    /// The plugin's manifest, the same text the note holds, for code that links
    /// the plugin in (a static build).
    public enum TrellisPluginManifest {
        public static let text = String(decoding: [\(tuple)] as [UInt8], as: UTF8.self)
    }

    """, to: output)
