import Glibc
import TrellisCore
import TrellisSDK

/// What a plugin says about itself, read from the `TrellisSDK` note of its library
/// without loading it. The plugin's author writes it as
/// `trellis-plugin.json`; the SDK's `TrellisManifest` build tool plugin compiles it
/// in with the release of the SDK the plugin was built against.
public struct PluginManifest: Equatable, Sendable {
    /// The plugin's name, usually its library name (`MainScreen`).
    public var name: String
    /// The plugin's own version.
    public var version: String
    /// A line saying what the screen is.
    public var summary: String
    /// The slot names the plugin may attach children to; the route config binds each.
    public var slots: [String]
    /// The dependency names the plugin needs from the routes above it.
    public var requires: [String]
    /// The dependency names the plugin provides to the routes below it.
    public var provides: [String]
    /// The release of the SDK the plugin was compiled against; `nil` for a plugin
    /// of an SDK from before 1.0.0, whose manifest had a source fingerprint instead.
    public var sdkVersion: SDKVersion?
    /// The Swift toolchain's compiler line, as its binaries record it in `.comment`.
    public var toolchain: String
    /// Files the plugin reads from its resource folder (beside its library, as
    /// SwiftPM lays out a target's `resources`); `validate` checks they are there.
    public var resources: [String] = []
    /// The route parameters the plugin reads, by name, with the type it reads each
    /// as (`string`, `integer`, `number`, `bool`, `strings`, `object`).
    public var parameters: [String: String] = [:]
    /// The builder protocols the plugin's builder is, for parents' typed slots.
    public var builds: [String] = []
    /// The builder protocol each of the plugin's typed slots gives, by slot.
    public var slotTypes: [String: String] = [:]
    /// What the plugin asks the user for when its route runs in a process of
    /// its own: `read:PATH`, `write:PATH`, `network`, `processes`
    /// (``Route/Permissions/init(asks:)`` reads them).
    public var permissions: [String] = []

    /// The owner and type of the ELF note the manifest is in (section
    /// `.note.trellis`): a note, so that linkers put it in the file's first page,
    /// with the ELF header, and reading it costs one `pread`.
    package static let note = (owner: "TrellisSDK", type: 1)
}

extension PluginManifest {
    /// Why a manifest could not be read.
    package enum Failure: Error, Equatable {
        case malformed(String)

        package var reason: String {
            switch self {
            case let .malformed(reason): reason
            }
        }
    }

    /// Decodes the manifest of a plugin linked into the executable (a static
    /// build), from its `TrellisPluginManifest.text`.
    ///
    /// - Returns: The manifest, or `nil` if the text is not one.
    public static func linked(text: String) -> PluginManifest? {
        try? PluginManifest(bytes: Array(text.utf8))
    }

    private static let header = Array("trellis-manifest 1\n".utf8)
    private static let keys = [
        "name", "version", "summary", "slots", "requires", "provides", "sdkVersion", "toolchain",
        "resources", "parameters", "builds", "slotTypes", "permissions",
    ]
    .map { Array($0.utf8) }

    /// Decodes the note the build tool wrote: a `trellis-manifest 1` line, then
    /// `key=value` lines, lists comma-separated. Read with splits on the bytes in
    /// place, not a JSON parser: start-up reads one per route.
    package init(bytes: [UInt8]) throws(Failure) {
        let fields = try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try Self.fields(of: buffer) }
        func field(_ slot: Int) throws(Failure) -> String {
            guard let value = fields[slot] else {
                throw .malformed("its manifest has no \"\(String(decoding: Self.keys[slot], as: UTF8.self))\"")
            }
            return String(decoding: bytes[value], as: UTF8.self)
        }
        func entries(_ slot: Int) throws(Failure) -> [ArraySlice<UInt8>] {
            guard let value = fields[slot] else {
                throw .malformed("its manifest has no \"\(String(decoding: Self.keys[slot], as: UTF8.self))\"")
            }
            return bytes[value].split(separator: UInt8(ascii: ","))
        }
        func list(_ slot: Int) throws(Failure) -> [String] {
            try entries(slot).map { String(decoding: $0, as: UTF8.self) }
        }
        func pairs(_ slot: Int) throws(Failure) -> [String: String] {
            var pairs: [String: String] = [:]
            for entry in try entries(slot) {
                // `name:value`; an entry with no name (a hostile `:`) is left out.
                let colon = entry.firstIndex(of: UInt8(ascii: ":")) ?? entry.endIndex
                guard colon > entry.startIndex else { continue }
                let key = String(decoding: entry[..<colon], as: UTF8.self)
                if pairs[key] == nil {
                    pairs[key] = String(decoding: entry[min(colon + 1, entry.endIndex)...], as: UTF8.self)
                }
            }
            return pairs
        }
        func sdkVersion(_ slot: Int) throws(Failure) -> SDKVersion? {
            guard fields[slot] != nil else { return nil }
            let text = try field(slot)
            guard let version = SDKVersion(text) else {
                throw .malformed(
                    "its manifest's SDK version \"\(text.escapingControlCharacters)\" is not major.minor.patch")
            }
            return version
        }
        let name = try field(0)
        guard !name.isEmpty else { throw .malformed("its manifest's name is empty") }
        self.init(
            name: name, version: try field(1), summary: try field(2), slots: try list(3), requires: try list(4),
            provides: try list(5), sdkVersion: try sdkVersion(6), toolchain: try field(7),
            // Optional: plugins built before each was added have none.
            resources: fields[8] == nil ? [] : try list(8),
            parameters: fields[9] == nil ? [:] : try pairs(9),
            builds: fields[10] == nil ? [] : try list(10),
            slotTypes: fields[11] == nil ? [:] : try pairs(11),
            permissions: fields[12] == nil ? [] : try list(12))
    }

    /// Where each key's value is in `bytes`, by the key's place in ``keys``.
    private static func fields(of bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [Range<Int>?] {
        guard bytes.count >= header.count, memcmp(bytes.baseAddress!, header, header.count) == 0 else {
            throw .malformed("its manifest is of a format this host does not know")
        }
        var values = [Range<Int>?](repeating: nil, count: keys.count)
        let base = bytes.baseAddress!
        var start = header.count
        // The note may be padded with zeros after the last line. `memchr`, not
        // `firstIndex(of:)` on slices: start-up reads one manifest per route.
        while start < bytes.count, bytes[start] != 0 {
            let end = position(of: 0x0A, in: base, from: start, to: bytes.count) ?? bytes.count
            guard let equals = position(of: UInt8(ascii: "="), in: base, from: start, to: end) else {
                throw .malformed("its manifest has a line without '='")
            }
            let keyLength = equals - start
            for slot in keys.indices
            where keys[slot].count == keyLength && memcmp(base + start, keys[slot], keyLength) == 0 {
                values[slot] = (equals + 1)..<end
                break
            }
            start = end + 1
        }
        return values
    }

    /// Where `byte` first is in `base[start..<end]`.
    private static func position(of byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
}
