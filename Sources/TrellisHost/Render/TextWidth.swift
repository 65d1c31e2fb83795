import CTerminal
import Glibc

/// Terminal column widths of text, from libc's `wcwidth`.
public enum TextWidth {
    // wcwidth answers for non-ASCII text only under a UTF-8 locale.
    private static let localeIsSet: Bool = {
        setlocale(LC_CTYPE, "C.UTF-8") != nil || setlocale(LC_CTYPE, "en_US.UTF-8") != nil
    }()

    /// Columns taken by `character`: 2 for wide (CJK) text, 0 for a lone combining
    /// mark or a control character, otherwise 1.
    public static func of(_ character: Character) -> Int {
        _ = localeIsSet
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        let width = trellis_wcwidth(wchar_t(first.value))
        return width < 0 ? 1 : Int(width)
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
