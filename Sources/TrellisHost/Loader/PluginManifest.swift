import Glibc

/// What a plugin says about itself, read from the `trellis_manifest` section of its
/// library without loading it. The plugin's author writes it as
/// `trellis-plugin.json`; the SDK's `TrellisManifest` build tool plugin compiles it
/// in with the fingerprint of the SDK the plugin was built against.
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
    /// The fingerprint of the SDK the plugin was compiled against.
    public var sdkFingerprint: String
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

    /// The ELF section the manifest is in.
    static let sectionName = "trellis_manifest"
}

extension PluginManifest {
    /// Why a manifest could not be read.
    enum Failure: Error, Equatable {
        case malformed(String)

        var reason: String {
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
        try? PluginManifest(section: Array(text.utf8))
    }

    private static let header = Array("trellis-manifest 1\n".utf8)
    private static let keys = ["name", "version", "summary", "slots", "requires", "provides", "sdkFingerprint", "toolchain",
                               "resources", "parameters", "builds", "slotTypes"]
        .map { Array($0.utf8) }

    /// Decodes the section the build tool wrote: a `trellis-manifest 1` line, then
    /// `key=value` lines, lists comma-separated. Read with splits on the bytes in
    /// place, not a JSON parser: start-up reads one per route.
    init(section bytes: [UInt8]) throws(Failure) {
        let fields = try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try Self.fields(of: buffer) }
        func field(_ slot: Int) throws(Failure) -> String {
            guard let value = fields[slot] else {
                throw .malformed("its manifest has no \"\(String(decoding: Self.keys[slot], as: UTF8.self))\"")
            }
            return String(decoding: bytes[value], as: UTF8.self)
        }
        func list(_ slot: Int) throws(Failure) -> [String] {
            guard let value = fields[slot] else {
                throw .malformed("its manifest has no \"\(String(decoding: Self.keys[slot], as: UTF8.self))\"")
            }
            return bytes[value].split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
        }
        func pairs(_ slot: Int) throws(Failure) -> [String: String] {
            // `name:value`; an entry with no name (a hostile `:`) is left out.
            Dictionary(try list(slot).compactMap { entry in
                let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard let key = parts.first, !key.isEmpty else { return nil }
                return (key, parts.count == 2 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        }
        let name = try field(0)
        guard !name.isEmpty else { throw .malformed("its manifest's name is empty") }
        self.init(name: name, version: try field(1), summary: try field(2), slots: try list(3), requires: try list(4),
                  provides: try list(5), sdkFingerprint: try field(6), toolchain: try field(7),
                  // Optional: plugins built before each was added have none.
                  resources: fields[8] == nil ? [] : try list(8),
                  parameters: fields[9] == nil ? [:] : try pairs(9),
                  builds: fields[10] == nil ? [] : try list(10),
                  slotTypes: fields[11] == nil ? [:] : try pairs(11))
    }

    /// Where each key's value is in `bytes`, by the key's place in ``keys``.
    private static func fields(of bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [Range<Int>?] {
        guard bytes.count >= header.count, memcmp(bytes.baseAddress!, header, header.count) == 0 else {
            throw .malformed("its manifest is of a format this host does not know")
        }
        var values = [Range<Int>?](repeating: nil, count: keys.count)
        var start = header.count
        // The section may be padded with zeros after the last line.
        while start < bytes.count, bytes[start] != 0 {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            guard let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) else {
                throw .malformed("its manifest has a line without '='")
            }
            let keyLength = equals - start
            if let slot = keys.firstIndex(where: { $0.count == keyLength && memcmp(bytes.baseAddress! + start, $0, keyLength) == 0 }) {
                values[slot] = (equals + 1)..<end
            }
            start = end + 1
        }
        return values
    }
}
