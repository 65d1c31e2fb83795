import TrellisSDK

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
    /// build), from its `TrellisPluginManifest.json`.
    ///
    /// - Returns: The manifest, or `nil` if the text is not one.
    public static func linked(json: String) -> PluginManifest? {
        try? PluginManifest(json: Array(json.utf8))
    }

    /// Decodes the manifest JSON the build tool wrote.
    init(json bytes: [UInt8]) throws(Failure) {
        let value: JSONValue
        do {
            // The section may be padded with NUL bytes after the JSON.
            value = try JSONParser.parse(bytes: Array(bytes.prefix { $0 != 0 }))
        } catch {
            throw .malformed("its manifest is not valid JSON (\(error.reason))")
        }
        guard case let .object(members) = value else { throw .malformed("its manifest is not a JSON object") }
        func string(_ key: String) throws(Failure) -> String {
            guard case let .string(text)? = members[key] else { throw .malformed("its manifest has no string \"\(key)\"") }
            return text
        }
        func strings(_ key: String) throws(Failure) -> [String] {
            guard case let .array(items)? = members[key] else { throw .malformed("its manifest has no array \"\(key)\"") }
            var result: [String] = []
            for item in items {
                guard case let .string(text) = item else { throw .malformed("its manifest's \"\(key)\" holds a non-string") }
                result.append(text)
            }
            return result
        }
        guard members["format"] == .number(1) else { throw .malformed("its manifest is of a format this host does not know") }
        self.init(name: try string("name"), version: try string("version"), summary: try string("summary"),
                  slots: try strings("slots"), requires: try strings("requires"), provides: try strings("provides"),
                  sdkFingerprint: try string("sdkFingerprint"))
    }
}
