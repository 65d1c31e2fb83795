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
        text.reduce(0) { $0 + of($1) }
    }
}
