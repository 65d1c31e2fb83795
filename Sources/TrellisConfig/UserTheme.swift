import Foundation
import TrellisCore
import TrellisPlatform
import TrellisSDK

/// The user's colours, from `$XDG_CONFIG_HOME/trellis/theme.json`
/// (`~/.config/trellis/theme.json`, or the file `TRELLIS_THEME_FILE` names), as
/// lazygit, k9s and htop read theirs: a theme to start from and how each kind of
/// text is drawn, in words.
///
/// ```json
/// { "base": "light", "styles": { "highlight": "bold green", "status": "white on blue" } }
/// ```
///
/// A style is words: `bold`, `dim`, `italic`, `underline`, a colour (`black`,
/// `red`, `green`, `yellow`, `blue`, `magenta`, `cyan`, `white`, each also
/// `bright-`), and `on` and a colour for the background. Focus stays reverse
/// video, so it shows whatever the colours.
public struct UserTheme: Sendable, Equatable {
    /// The theme the file starts from, if it names one.
    public private(set) var base: Theme?
    /// How each style the file names is drawn, as SGR attributes.
    public private(set) var styles: [CellStyle: String] = [:]

    /// No colours of the user's.
    public init() {}

    /// The largest file read.
    package static let largestFile = 64 * 1024

    /// The styles a file may set, by the names it gives them.
    static let styleNames: [String: CellStyle] = [
        "title": .title, "first": .first, "second": .second, "highlight": .highlight, "destructive": .destructive,
        "placeholder": .placeholder, "match": .match, "chrome": .chrome, "status": .status,
    ]

    private static let colours = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    private static let attributes = ["bold": "1", "dim": "2", "italic": "3", "underline": "4"]

    /// The file the user's colours are read from: `TRELLIS_THEME_FILE`, else
    /// `$XDG_CONFIG_HOME/trellis/theme.json`, else `~/.config/trellis/theme.json`.
    public static func path(environment: [String: String]) -> String? {
        if let named = environment["TRELLIS_THEME_FILE"], !named.isEmpty { return named }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/trellis/theme.json" }
        return environment["HOME"].map { $0 + "/.config/trellis/theme.json" }
    }

    /// The user's colours, or none when there is no file (a file
    /// `TRELLIS_THEME_FILE` names must be there).
    ///
    /// - Throws: ``UserThemeError`` naming the file, the entry and what to do.
    public static func load(environment: [String: String]) throws(UserThemeError) -> UserTheme {
        guard let path = path(environment: environment) else { return UserTheme() }
        guard FileManager.default.fileExists(atPath: path) else {
            if environment["TRELLIS_THEME_FILE"] != nil {
                throw UserThemeError("\(path): TRELLIS_THEME_FILE names no file")
            }
            return UserTheme()
        }
        guard let file = try? RegularFile.read(path, limit: largestFile) else {
            throw UserThemeError("\(path): cannot be read as a file of at most \(largestFile / 1024) KiB")
        }
        return try parse(file, path: path)
    }

    /// The colours of `bytes`, the contents of the file at `path`.
    public static func parse(_ bytes: [UInt8], path: String) throws(UserThemeError) -> UserTheme {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes: bytes)
        } catch {
            throw UserThemeError("\(path):\(error.line):\(error.column): \(error.reason)")
        }
        let form = #"the file is { "base": "THEME", "styles": { "STYLE": "WORDS" } }"#
        guard case let .object(top) = json else { throw UserThemeError("\(path): \(form)") }
        if let other = top.keys.sorted().first(where: { $0 != "base" && $0 != "styles" }) {
            throw UserThemeError("\(path): \"\(other.escapingControlCharacters)\" is not a setting here; \(form)")
        }
        var theme = UserTheme()
        if let base = top["base"] {
            guard case let .string(name) = base, let chosen = Theme(rawValue: name) else {
                throw UserThemeError("\(path): base: one of \(Theme.names.joined(separator: ", "))")
            }
            theme.base = chosen
        }
        guard let styles = top["styles"] else { return theme }
        guard case let .object(entries) = styles else { throw UserThemeError("\(path): styles: \(form)") }
        let names = styleNames.keys.sorted().joined(separator: ", ")
        for name in entries.keys.sorted() {
            let place = "\(path): styles.\"\(name.escapingControlCharacters)\""
            if name == "focused" {
                throw UserThemeError("\(place): focus is always reverse video, so that it shows in every theme")
            }
            guard let style = styleNames[name] else {
                throw UserThemeError("\(place): not a style; the styles: \(names)")
            }
            guard case let .string(words)? = entries[name] else {
                throw UserThemeError("\(place): words, as \"bold red\" or \"white on blue\"")
            }
            theme.styles[style] = try attributes(of: words, place: place)
        }
        return theme
    }

    /// The SGR attributes `words` say: `bold red on white` is `1;31;47`.
    package static func attributes(of words: String, place: String) throws(UserThemeError) -> String {
        var codes: [String] = []
        var background = false
        for word in words.lowercased().split(separator: " ").map(String.init) {
            if word == "on" {
                background = true
                continue
            }
            if let code = attributes[word], !background {
                codes.append(code)
                continue
            }
            let bright = word.hasPrefix("bright-")
            guard let index = colours.firstIndex(of: bright ? String(word.dropFirst(7)) : word) else {
                throw UserThemeError(
                    "\(place): \"\(word.escapingControlCharacters)\" is not a word of a style; use bold, dim, "
                        + "italic, underline, a colour (\(colours.joined(separator: ", ")), bright- one), and on COLOUR"
                )
            }
            codes.append("\((background ? 40 : 30) + (bright ? 60 : 0) + index)")
            background = false
        }
        guard !background else { throw UserThemeError("\(place): \"on\" needs a colour after it") }
        guard !codes.isEmpty else {
            throw UserThemeError("\(place): no words; leave the style out for the theme's own")
        }
        return codes.joined(separator: ";")
    }
}

/// A theme file that cannot be used: the message names the file and the entry.
public struct UserThemeError: Error, CustomStringConvertible {
    public let description: String

    package init(_ description: String) {
        self.description = description
    }
}
