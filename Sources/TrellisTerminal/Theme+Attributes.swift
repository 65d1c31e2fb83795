import TrellisConfig
import TrellisCore

extension Theme {
    /// The SGR attributes of `style` in this theme; empty for the terminal's own.
    package func attributes(of style: CellStyle) -> String {
        switch (self, style) {
        case (_, .plain): ""
        case (.highContrast, .focused): "7;1"
        case (_, .focused): "7"
        case (.default, .placeholder), (.light, .placeholder): "3;90"
        case (.highContrast, .placeholder): "3;4"
        case (.none, .placeholder): "2;3"
        case (.highContrast, .focusedPlaceholder): "7;3"
        case (_, .focusedPlaceholder): "7;2;3"
        case (.default, .match): "1;33"
        case (.light, .match): "1;4;34"
        case (.highContrast, .match): "1;4;93"
        case (.none, .match): "1;4"
        case (_, .focusedMatch): "7;1;4"
        case (.default, .chrome): "36"
        case (.light, .chrome): "34"
        case (.highContrast, .chrome): "1;97"
        case (.none, .chrome): ""
        case (.default, .status): "30;46"
        case (.light, .status): "97;44"
        case (.highContrast, .status): "1;30;107"
        case (.none, .status): "7"
        // Meaning in colour where colour is on; a title and a highlight stay bold.
        case (.highContrast, .title): "1;4"
        case (_, .title): "1"
        case (.default, .first): "36"
        case (.light, .first): "34"
        case (.highContrast, .first): "1;96"
        case (.none, .first): ""
        case (.default, .second), (.light, .second): "35"
        case (.highContrast, .second): "1;95"
        case (.none, .second): ""
        case (.default, .highlight): "1;32"
        case (.light, .highlight): "1;32"
        case (.highContrast, .highlight): "1;92"
        case (.none, .highlight): "1"
        case (.default, .destructive), (.light, .destructive): "1;31"
        case (.highContrast, .destructive): "1;91"
        case (.none, .destructive): "1"
        }
    }
}
