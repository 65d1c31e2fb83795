import Testing
import TrellisHost

@testable import TrellisCore

/// The user's own colours (theme.json): a base theme, styles in words drawn as
/// the words say, and a file that cannot be used said with its entry.
struct UserThemeTests {
    private func parse(_ text: String) throws(UserThemeError) -> UserTheme {
        try UserTheme.parse(Array(text.utf8), path: "theme.json")
    }

    @Test func stylesInWordsBecomeTheirAttributesOverTheBaseTheme() throws {
        let theme = try parse(
            #"{ "base": "light", "styles": { "highlight": "bold Magenta", "status": "white on blue", "match": "bright-yellow on bright-black underline" } }"#
        )
        #expect(theme.base == .light)
        #expect(theme.styles == [.highlight: "1;35", .status: "37;44", .match: "93;100;4"])
    }

    @Test func theFramesDiffDrawsTheUsersStyleAndTheThemesForTheRest() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.write("won", x: 0, y: 0, style: .highlight)
        canvas.write("X", x: 5, y: 0, style: .first)
        var diff = FrameDiff(theme: .default)
        diff.userStyles = [.highlight: "1;35"]
        let bytes = diff.update(to: Frame(canvas: canvas, controls: [], cursor: nil))

        #expect(bytes.contains("\u{1B}[1;35mwon"), "\(bytes.debugDescription)")
        #expect(bytes.contains("\u{1B}[0;36mX") || bytes.contains("\u{1B}[36mX"), "the theme's own first colour")
    }

    @Test(arguments: [
        (#"{ "styles": { "focused": "red" } }"#, "focus is always reverse video"),
        (#"{ "styles": { "warning": "red" } }"#, #"styles."warning": not a style; the styles: chrome, destructive"#),
        (#"{ "styles": { "title": "sparkly" } }"#, #""sparkly" is not a word of a style"#),
        (#"{ "styles": { "title": "red on" } }"#, #""on" needs a colour after it"#),
        (#"{ "styles": { "title": "" } }"#, "no words; leave the style out"),
        (#"{ "styles": { "title": 1 } }"#, #"words, as "bold red""#),
        (#"{ "base": "dark" }"#, "base: one of default, light, high-contrast, none"),
        (#"{ "colors": {} }"#, #""colors" is not a setting here"#),
        (#"{ "styles": { "title": "red", } }"#, "theme.json:1:"),
    ])
    func aFileThatCannotBeUsedIsSaidWithItsEntry(text: String, message: String) {
        #expect {
            try parse(text)
        } throws: { error in
            (error as? UserThemeError)?.description.contains(message) == true
        }
    }

    @Test func thePageGetsTheStylesAsCSS() throws {
        let theme = try parse(#"{ "base": "light", "styles": { "status": "bold white on red", "title": "italic" } }"#)
        let css = theme.pageStyle

        #expect(css.contains("footer { font-weight: bold; color: #e5e5e5; background-color: #cd3131; }"), "\(css)")
        #expect(css.contains(".styled.title, .row.title { font-style: italic; }"), "\(css)")
        #expect(css.split(separator: "\n").count == 2, "only the styles the file sets")
        #expect(UserTheme().pageStyle.isEmpty)
    }

    @Test func theFileIsTheOneTheEnvironmentNames() {
        #expect(UserTheme.path(environment: ["TRELLIS_THEME_FILE": "/t.json", "HOME": "/h"]) == "/t.json")
        #expect(UserTheme.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/trellis/theme.json")
        #expect(UserTheme.path(environment: ["HOME": "/h"]) == "/h/.config/trellis/theme.json")
    }
}
