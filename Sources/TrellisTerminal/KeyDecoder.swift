import TrellisCore

/// Turns the bytes a terminal sends into keys.
///
/// An Esc byte may be a lone Esc or the start of an escape sequence; the decoder
/// holds it until more bytes arrive, and the caller calls ``flush()`` when none
/// come within a short wait, which makes it a lone Esc.
///
/// A bracketed paste is one key however large, never keys: once its start marker
/// is read, every byte is the paste's until its end marker, read in as many
/// pieces as the terminal sends it (the caller waits ``pasteWait`` for the next
/// piece, not the Esc's wait). A paste over ``maximumPasteLength`` is refused
/// whole (``Key/pasteTooLarge(bytes:)``), never cut.
public struct KeyDecoder {
    private var pending: [UInt8] = []
    /// The paste being read, from its start marker on.
    private var paste: PasteBuffer?

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes are held that could begin a longer sequence.
    public var isWaiting: Bool { !pending.isEmpty || paste != nil }

    /// Whether a paste's end marker is awaited: the wait for more is ``pasteWait``.
    public var isInPaste: Bool { paste != nil }

    /// How long a paste's next piece may take before what arrived is the paste: a
    /// terminal sends a paste as fast as it can be read, in pieces.
    public static let pasteWait: Duration = .seconds(1)

    /// Decodes `bytes`, together with any held from before.
    ///
    /// - Returns: The keys complete so far; an incomplete sequence stays held.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        var incoming = Array(bytes)
        while true {
            if var body = paste {
                guard let rest = body.take(incoming) else {
                    paste = body
                    return keys
                }
                keys.append(body.key)
                paste = nil
                incoming = rest
            }
            pending.append(contentsOf: incoming)
            var index = 0
            while index < pending.count {
                if pending[index...].starts(with: Self.pasteStart) {
                    paste = PasteBuffer()
                    break
                }
                guard let (key, length) = Self.key(in: pending[index...]) else { break }
                if let key { keys.append(key) }
                index += length
            }
            guard paste != nil else {
                pending.removeFirst(index)
                return keys
            }
            incoming = Array(pending[(index + Self.pasteStart.count)...])
            pending = []
        }
    }

    /// Ends the wait for more bytes: a held Esc is a lone Esc; a held incomplete
    /// character is dropped; a paste whose end marker never came is what arrived.
    public mutating func flush() -> [Key] {
        defer {
            pending = []
            paste = nil
        }
        if let paste { return [paste.key] }
        guard pending.first == 0x1B else { return [] }
        // Esc followed by a partial sequence: the Esc stands alone, the rest is noise.
        return [.escape]
    }

    /// The key at the start of `bytes` and how many bytes it takes, `nil` if the
    /// bytes are an incomplete sequence; a `nil` key is a sequence to skip.
    private static func key(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let first = bytes.first!
        switch first {
        case 0x1B:
            return escapeSequence(in: bytes)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00..<0x20:
            return (nil, 1)
        default:
            return utf8Character(in: bytes)
        }
    }

    /// The longest escape sequence held while waiting for its end.
    static let maximumSequenceLength = 64
    /// The largest paste taken: a larger one is refused whole. Sixteen megabytes
    /// is far more than a field or a note takes by hand, and bounds what a stream
    /// that never sends its end marker can make the app hold.
    public static let maximumPasteLength = ScreenSession.largestPaste

    fileprivate static let pasteStart = Array("\u{1B}[200~".utf8)
    fileprivate static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Pasted bytes as text: line breaks (`\r\n`, `\r`) become `\n`, which a text
    /// area keeps and a one-line field takes as a space; tabs become spaces; other
    /// control characters and invalid UTF-8 are dropped. Byte by byte, since a
    /// paste may be megabytes: a control character is one byte in UTF-8.
    fileprivate static func pasteKey(_ bytes: [UInt8]) -> Key {
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0D:
                cleaned.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            case 0x0A: cleaned.append(0x0A)
            case 0x09: cleaned.append(0x20)
            case 0x00..<0x20, 0x7F: break
            default: cleaned.append(byte)
            }
            index += 1
        }
        if let text = String(validating: cleaned, as: UTF8.self) { return .paste(text) }
        // Invalid UTF-8 is dropped, not shown as a replacement character.
        return .paste(String(String(decoding: cleaned, as: UTF8.self).unicodeScalars.filter { $0 != "\u{FFFD}" }))
    }

    private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "[") where pasteStart.starts(with: bytes):
            // Perhaps the start of a paste: wait for the rest.
            return nil
        case UInt8(ascii: "["):
            // CSI: parameter bytes, then one final byte in 0x40...0x7E. One that
            // never ends (noise, a hostile paste) is dropped instead of held and
            // scanned again with every read.
            guard let final = bytes[(start + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                return bytes.count > maximumSequenceLength ? (nil, bytes.count) : nil
            }
            let parameters = String(decoding: bytes[(start + 2)..<final], as: UTF8.self)
            return (csiKey(final: bytes[final], parameters: parameters), final - start + 1)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return (ss3Key(bytes[start + 2]), 3)
        case 0x1B:
            return (.escape, 1)
        case 0x7F, 0x08:
            return (.altBackspace, 2)
        case 0x01...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(bytes[start + 1]):
            // Esc, then a Ctrl key at once (Esc pressed just before it): both,
            // never an Alt key that is dropped. Ctrl-C is never lost.
            return (.escape, 1)
        default:
            // Alt with a key: the terminal sends Esc, then the key, at once (a lone
            // Esc is told apart by the wait before ``flush()``).
            guard let (key, length) = utf8Character(in: bytes.dropFirst()) else { return nil }
            guard case let .character(character)? = key else { return (nil, length + 1) }
            return (.alt(character), length + 1)
        }
    }

    /// A key with modifiers, as xterm's modifyOtherKeys (`CSI 27;m;code~`) and the
    /// `CSI code;m u` form send it: `m - 1` is a mask of Shift 1, Alt 2, Ctrl 4.
    private static func modifiedKey(code: Int, modifier: Int) -> Key? {
        guard let scalar = Unicode.Scalar(UInt32(clamping: max(code, 0))), modifier >= 1 else { return nil }
        let mask = modifier - 1
        let alt = mask & 2 != 0
        let control = mask & 4 != 0
        switch code {
        case 0x7F, 0x08: return alt || control ? .altBackspace : .backspace
        case 0x0D: return .enter
        case 0x09: return mask & 1 != 0 ? .backtab : .tab
        case 0x1B: return .escape
        default: break
        }
        guard scalar.value >= 0x20, scalar.properties.generalCategory != .control else { return nil }
        let character = Character(scalar)
        if control, scalar.isASCII, scalar.properties.isAlphabetic {
            return .control(Character(String(scalar).lowercased()))
        }
        if alt { return .alt(character) }
        return .character(character)
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key? {
        // A mouse report in SGR form: `<button;column;row`, M pressed, m released.
        if parameters.hasPrefix("<") {
            let numbers = parameters.dropFirst().split(separator: ";").map { Int($0) }
            guard final == UInt8(ascii: "M"), numbers.count == 3, let button = numbers[0], let column = numbers[1],
                let row = numbers[2], column >= 1, row >= 1
            else { return nil }
            switch button {
            case 0: return .click(column: column - 1, row: row - 1)
            case 64: return .wheel(up: true, column: column - 1, row: row - 1)
            case 65: return .wheel(up: false, column: column - 1, row: row - 1)
            default: return nil
            }
        }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        // Alt or Ctrl held with an arrow (`CSI 1;5D`): by word; Ctrl with Home or
        // End: to the text's ends; Shift (`CSI 1;2D`, and Ctrl-Shift `1;6D`): selecting.
        let modifier = fields.count == 2 ? (fields[1] ?? 1) - 1 : 0
        let byWord = modifier & 6 != 0
        let plain = Self.plainCSIKey(final: final, byWord: byWord)
        if modifier & 1 != 0, let plain { return .shifted(plain) }
        if let plain { return plain }
        switch final {
        case UInt8(ascii: "u"):
            guard fields.count == 2, let code = fields[0], let modifier = fields[1] else { return nil }
            return modifiedKey(code: code, modifier: modifier)
        case UInt8(ascii: "~") where fields.count == 3 && fields[0] == 27:
            guard let modifier = fields[1], let code = fields[2] else { return nil }
            return modifiedKey(code: code, modifier: modifier)
        case UInt8(ascii: "Z"): return .backtab
        case UInt8(ascii: "~"):
            // Home and End as `CSI 1~` and `CSI 4~` (screen, tmux), with a
            // modifier as their second number (`CSI 1;5~`: Ctrl-Home).
            let ends: Key? =
                switch parameters.split(separator: ";").first {
                case "1", "7": byWord ? .textStart : .home
                case "4", "8": byWord ? .textEnd : .end
                default: nil
                }
            if let ends { return modifier & 1 != 0 ? .shifted(ends) : ends }
            switch parameters.split(separator: ";").first {
            case "3": return .delete
            case "11": return .help
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The arrows, Home and End of a CSI sequence, by word (or to the text's
    /// ends) when Ctrl or Alt is held.
    private static func plainCSIKey(final: UInt8, byWord: Bool) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): byWord ? .wordRight : .right
        case UInt8(ascii: "D"): byWord ? .wordLeft : .left
        case UInt8(ascii: "H"): byWord ? .textStart : .home
        case UInt8(ascii: "F"): byWord ? .textEnd : .end
        default: nil
        }
    }

    private static func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .help
        default: nil
        }
    }

    private static func utf8Character(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let first = bytes.first!
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 0
        guard length > 0 else { return (nil, 1) }
        guard bytes.count >= length else { return nil }
        let slice = bytes.prefix(length)
        guard let scalar = String(validating: slice, as: UTF8.self)?.unicodeScalars.first else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }
}

/// A paste read so far: its bytes up to ``KeyDecoder/maximumPasteLength``, and
/// how many there were. Each piece is searched for the end marker once, with the
/// bytes before it that could start the marker.
private struct PasteBuffer {
    private var bytes: [UInt8] = []
    /// Every byte of the paste read so far, those past the maximum included.
    private var received = 0
    /// The last bytes read past the maximum, where an end marker split across
    /// pieces begins.
    private var tail: [UInt8] = []

    /// The paste as a key: its text, or its refusal when it was too large.
    var key: Key {
        received > KeyDecoder.maximumPasteLength
            ? .pasteTooLarge(bytes: received) : KeyDecoder.pasteKey(bytes)
    }

    /// Takes the next piece of the paste.
    ///
    /// - Returns: The bytes after the end marker once it is read, else `nil`.
    mutating func take(_ piece: [UInt8]) -> [UInt8]? {
        let marker = KeyDecoder.pasteEnd
        let keeps = received <= KeyDecoder.maximumPasteLength
        // The bytes searched: what could start the marker, then the piece.
        let carried = keeps ? Array(bytes.suffix(marker.count - 1)) : tail
        let window = carried + piece
        guard let end = window.firstRange(of: marker) else {
            received += piece.count
            if received <= KeyDecoder.maximumPasteLength {
                bytes += piece
            } else {
                bytes = []
                tail = Array(window.suffix(marker.count - 1))
            }
            return nil
        }
        // The paste's bytes in this piece end where the marker starts.
        let inPiece = end.lowerBound - carried.count
        if inPiece < 0 {
            // The marker began in bytes already kept: they were not the paste's.
            if keeps { bytes.removeLast(-inPiece) }
            received += inPiece
        } else {
            received += inPiece
            if received <= KeyDecoder.maximumPasteLength {
                bytes += piece[..<inPiece]
            } else {
                bytes = []
            }
        }
        return Array(window[end.upperBound...])
    }
}
