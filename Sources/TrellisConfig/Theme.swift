/// The colours a terminal draws the app with: one of a few themes, chosen by
/// `TRELLIS_THEME` or a config's `"theme"`; `NO_COLOR` (no-color.org) draws
/// without colour whatever the theme.
///
/// The names live with the config that chooses one; the terminal says how each
/// draws (`Theme+Attributes.swift`): each ``CellStyle`` as SGR attributes, a
/// style's meaning never in colour alone (focus is reverse video, a placeholder
/// italic, a title bold), so every theme, colourless included, tells them apart.
public enum Theme: String, CaseIterable, Sendable {
    /// Colours for a dark or a light terminal background alike.
    case `default`
    /// Darker colours for a light background (status line white on blue).
    case light
    /// Bold, bright colours and no dim text.
    case highContrast = "high-contrast"
    /// No colour: reverse video, bold, italic and underline only (`NO_COLOR`).
    case none

    /// The names, as `TRELLIS_THEME` and the config take them.
    public static var names: [String] { allCases.map(\.rawValue) }
}
