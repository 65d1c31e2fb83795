import Testing

@testable import TrellisCore
@testable import TrellisHost

struct ThemeTests {
    private let styles: [CellStyle] = [
        .plain, .focused, .placeholder, .focusedPlaceholder, .match, .focusedMatch, .chrome,
        .status, .title, .first, .second, .highlight, .destructive,
    ]

    /// SGR codes that set a colour: 30-37, 39, 40-47, 49, 90-97, 100-107.
    private func colours(_ attributes: String) -> [Int] {
        attributes.split(separator: ";").compactMap { Int($0) }.filter {
            (30...49).contains($0) || (90...107).contains($0)
        }
    }

    @Test(arguments: Theme.allCases)
    func whatTheUserMustTellApartIsDrawnApartInEveryTheme(theme: Theme) {
        let plain = theme.attributes(of: .plain)
        for style in [
            CellStyle.focused, .placeholder, .focusedPlaceholder, .match, .focusedMatch, .status, .title, .highlight,
            .destructive,
        ] {
            #expect(theme.attributes(of: style) != plain, "\(style) looks like plain text in \(theme)")
        }
        // The placeholder never looks like typed text, focused or not.
        #expect(theme.attributes(of: .focusedPlaceholder) != theme.attributes(of: .focused))
        #expect(theme.attributes(of: .focusedMatch) != theme.attributes(of: .focused))
    }

    /// A destructive button (an alert's Delete) was drawn in the highlight's
    /// green, the colour of something won: it is a warning's colour, apart from it.
    @Test(arguments: [Theme.default, .light, .highContrast])
    func aDestructiveActionIsRedNeverTheHighlightsGreen(theme: Theme) {
        #expect(theme.attributes(of: .destructive) != theme.attributes(of: .highlight))
        #expect(colours(theme.attributes(of: .destructive)).allSatisfy { $0 == 31 || $0 == 91 })
        #expect(!colours(theme.attributes(of: .destructive)).isEmpty)
    }

    @Test func noneUsesNoColourAndTheOthersDo() {
        for style in styles { #expect(colours(Theme.none.attributes(of: style)).isEmpty, "\(style)") }
        for theme in [Theme.default, .light, .highContrast] {
            #expect(!colours(theme.attributes(of: .status)).isEmpty, "\(theme)")
        }
        #expect(Theme.light.attributes(of: .status) != Theme.default.attributes(of: .status))
    }

    @Test func highContrastHasNoDimText() {
        for style in styles {
            #expect(!Theme.highContrast.attributes(of: style).split(separator: ";").contains("2"), "\(style)")
        }
    }

    @Test func theFrameIsDrawnInItsTheme() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.write("status", x: 0, y: 0, style: .status)
        var diff = FrameDiff(theme: .light)
        #expect(diff.update(to: Frame(canvas: canvas, controls: [], cursor: nil)).contains("\u{1B}[97;44m"))
    }
}
