import TrellisConfig
import TrellisCore

extension UserTheme {
    /// The user's styles as the served page's CSS (`/user.css`, after the page's
    /// own): each style's words as the terminal draws them, in a browser's terms.
    /// The file's `base` is the terminal's, and `match` too (the page does not
    /// mark what a filter matched); the page keeps its own colours for the rest.
    public var pageStyle: String {
        Self.selectors.compactMap { style, selector in
            styles[style].map { "\(selector) { \(Self.declarations(of: $0)) }" }
        }.joined(separator: "\n")
    }

    /// Where the page draws each style.
    private static let selectors: [(CellStyle, String)] = [
        (.title, ".styled.title, .row.title"), (.first, ".styled.first, .row.first"),
        (.second, ".styled.second, .row.second"), (.highlight, ".styled.highlight, .row.highlight, .label .icon"),
        (.destructive, ".styled.destructive, .row.destructive"),
        (.placeholder, ".field::placeholder, .area::placeholder, .styled.help"), (.chrome, ".dialog"),
        (.status, "footer"),
    ]

    /// The colours of the terminal's sixteen, as VS Code's terminal draws them.
    private static let palette = [
        "#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
        "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
    ]

    /// CSS declarations of SGR `attributes` as ``attributes(of:place:)`` makes them.
    static func declarations(of attributes: String) -> String {
        attributes.split(separator: ";").compactMap { part -> String? in
            guard let code = Int(part) else { return nil }
            switch code {
            case 1: return "font-weight: bold;"
            case 2: return "opacity: 0.7;"
            case 3: return "font-style: italic;"
            case 4: return "text-decoration: underline;"
            case 30...37: return "color: \(palette[code - 30]);"
            case 90...97: return "color: \(palette[code - 90 + 8]);"
            case 40...47: return "background-color: \(palette[code - 40]);"
            case 100...107: return "background-color: \(palette[code - 100 + 8]);"
            default: return nil
            }
        }.joined(separator: " ")
    }
}
