/// Terminal column widths of text, measured per character (grapheme cluster), as
/// terminals draw it: wide East Asian text and emoji take two columns, combining
/// marks and zero-width characters none. From Unicode's own properties and a table
/// of wide ranges, so the process's locale is neither needed nor changed.
public enum TextWidth {
    /// The end of `text` that fits `columns` columns.
    static func tail(of text: String, fitting columns: Int) -> String {
        var width = 0
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let next = width + of(text[previous])
            guard next <= columns else { break }
            width = next
            start = previous
        }
        return String(text[start...])
    }

    /// Columns taken by `character`: 2 for wide (CJK) text, emoji and flags, 0 for
    /// a lone combining mark, a zero-width or a control character, otherwise 1.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        // A flag is two regional indicators.
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count >= 2 ? 2 : 1 }
        let properties = first.properties
        // Emoji drawn as pictures: by default, or asked for with VS16 (❤️).
        if properties.isEmojiPresentation || (properties.isEmoji && scalars.contains { $0.value == 0xFE0F }) {
            return 2
        }
        if isWide(first.value) { return 2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            // Alone, a mark or a format character (a zero-width joiner) takes no column.
            return 0
        default:
            return 1
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth W and F).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
        0x1F7E0...0x1F7EB, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Columns taken by `text`, which holds no line breaks.
    public static func of(_ text: some StringProtocol) -> Int {
        // Printable ASCII, one column a byte, is most text: counted without
        // breaking it into characters.
        if let columns = text.utf8.withContiguousStorageIfAvailable(printableASCIICount) ?? nil { return columns }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The byte count of `bytes` if every one is printable ASCII, else `nil`.
    private static func printableASCIICount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
        return bytes.count
    }

    /// `text` cut to `columns` columns, ending with `…` where it was cut.
    public static func truncated(_ text: String, to columns: Int) -> String {
        var width = 0
        var end = text.startIndex
        for index in text.indices {
            let next = width + of(text[index])
            // Room is kept for the ellipsis only if something follows.
            if next > columns { break }
            width = next
            end = text.index(after: index)
        }
        guard end < text.endIndex else { return text }
        // Cut one column back for the `…`.
        var cut = text[..<end]
        while let last = cut.last, width + 1 > columns {
            width -= of(last)
            cut = cut.dropLast()
        }
        return columns > 0 ? cut + "…" : ""
    }
}
