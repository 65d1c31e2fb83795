import Foundation

/// The user's order for text, as POSIX names it: the first of `LC_ALL`,
/// `LC_COLLATE` and `LANG` that is set (`sv_SE.UTF-8`). Foundation's
/// `Locale.current` is not used: on Linux it reads no locale that glibc does not
/// have installed, and a user's locale need not be.
enum UserCollation {
    /// The locale whose rules order the user's lists, or `nil` for none beyond
    /// the data's own (unset, `C`, `POSIX`, English): Unicode's root collation,
    /// which `airports.tsv` is sorted by already.
    static func locale(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale? {
        let setting = ["LC_ALL", "LC_COLLATE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let setting else { return nil }
        // `sv_SE.UTF-8@euro`: the language and region are what collation needs.
        let name = String(setting.prefix { $0 != "." && $0 != "@" })
        // English orders as the root does: the data's order, with no sorting to pay.
        guard !name.isEmpty, name != "C", name != "POSIX", name != "en", !name.hasPrefix("en_") else { return nil }
        return Locale(identifier: name)
    }

    /// `names` in `locale`'s order (Swedish puts Å, Ä and Ö after Z); for equal
    /// names, in their order before.
    static func sorted<Item>(_ items: [Item], by name: (Item) -> String, in locale: Locale) -> [Item] {
        items.enumerated().sorted { left, right in
            switch name(left.element).compare(name(right.element), options: [], range: nil, locale: locale) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: left.offset < right.offset
            }
        }.map(\.element)
    }
}
