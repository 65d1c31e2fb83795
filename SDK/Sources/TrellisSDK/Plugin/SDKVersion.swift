/// A release of the Trellis SDK: `major.minor.patch`, as semantic versioning
/// defines them.
///
/// A minor release only adds to the SDK (new types, cases, methods, and protocol
/// requirements with defaults), so a plugin built against `1.2.0` runs with every
/// host of SDK `1.2` or later in `1.x`; a major release may break plugins, which are
/// refused until rebuilt (Docs/PluginSystem.md, "Compatibility").
public struct SDKVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Changes when a release breaks plugins built before it.
    public var major: Int
    /// Changes when a release adds to the SDK.
    public var minor: Int
    /// Changes when a release only fixes what was there.
    public var patch: Int

    /// Creates a version from its three numbers.
    public init(major: Int, minor: Int, patch: Int) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    /// Reads `major.minor.patch`: three decimal numbers of at most nine digits each,
    /// with no sign, space or suffix.
    ///
    /// - Returns: `nil` for any other text.
    public init?(_ text: String) {
        // One pass over the bytes, no allocation: the host reads one per plugin at start.
        var numbers = (0, 0, 0)
        var part = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, part < 2 else { return nil }
                part += 1
                digits = 0
                continue
            }
            guard (0x30...0x39).contains(byte), digits < 9 else { return nil }
            let digit = Int(byte - 0x30)
            switch part {
            case 0: numbers.0 = numbers.0 * 10 + digit
            case 1: numbers.1 = numbers.1 * 10 + digit
            default: numbers.2 = numbers.2 * 10 + digit
            }
            digits += 1
        }
        guard part == 2, digits > 0 else { return nil }
        self.init(major: numbers.0, minor: numbers.1, patch: numbers.2)
    }

    /// Whether a plugin built against `built` runs with a host of this SDK: the
    /// same major, and a minor no newer than this one.
    public func loads(pluginBuiltAgainst built: SDKVersion) -> Bool {
        built.major == major && built.minor <= minor
    }

    /// Whether `lhs` is an older release than `rhs`: by major, then minor, then patch.
    public static func < (lhs: SDKVersion, rhs: SDKVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `major.minor.patch`.
    public var description: String { "\(major).\(minor).\(patch)" }
}
