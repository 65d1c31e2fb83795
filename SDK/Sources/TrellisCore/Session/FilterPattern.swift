import Foundation

/// What was typed after `/`, read as fzf reads its query: words separated by
/// spaces must all match, and a word matches
/// - `abc`: the letters in order, anywhere (fuzzy: `nts` finds `Notes`);
/// - `'abc`: `abc` as it is, anywhere;
/// - `^abc`: at the start; `abc$`: at the end; `^abc$`: the whole row;
/// - `!abc`: rows without `abc` (`!^abc`, `!abc$` too);
/// - `a | b`: either of the two.
///
/// Case and diacritics are ignored (the rows and the words are folded alike).
/// A row's score ranks the matches as fzf does, roughly: letters at the start
/// of words and letters that follow each other count more, gaps less.
struct FilterPattern: Equatable {
    /// How a word matches.
    enum Kind: Equatable {
        case fuzzy, exact, prefix, suffix, whole
    }

    /// One word of the query.
    struct Term: Equatable {
        var kind: Kind
        var inverse: Bool
        /// The word folded, as text (for highlighting) and as each character's
        /// UTF-8 bytes (for matching folded rows).
        var text: String
        var units: [[UInt8]]

        /// The word `word` means, or `nil` for one with nothing to match (`!`, `^`).
        init?(_ word: Substring) {
            var word = word
            inverse = word.hasPrefix("!")
            if inverse { word = word.dropFirst() }
            var kind = inverse ? Kind.exact : Kind.fuzzy
            if !inverse, word.hasPrefix("'") {
                kind = .exact
                word = word.dropFirst()
            }
            let prefix = word.hasPrefix("^")
            if prefix { word = word.dropFirst() }
            let suffix = word.count > 1 && word.hasSuffix("$")
            if suffix { word = word.dropLast() }
            if prefix || suffix { kind = prefix && suffix ? .whole : prefix ? .prefix : .suffix }
            guard !word.isEmpty else { return nil }
            self.kind = kind
            text = ListFilter.folded(String(word))
            units = text.unicodeScalars.map { Array(String($0).utf8) }
        }
    }

    /// Every group must match; a group matches when one of its terms does.
    let groups: [[Term]]

    init(_ query: String) {
        var groups: [[Term]] = []
        var joining = false
        for word in query.split(separator: " ") {
            if word == "|" {
                joining = !groups.isEmpty
                continue
            }
            guard let term = Term(word) else { continue }
            if joining { groups[groups.count - 1].append(term) } else { groups.append([term]) }
            joining = false
        }
        self.groups = groups
    }

    /// Whether a query that grows from `shorter` to `longer` can only narrow the
    /// matches, so that the longer one need only search the shorter one's: not
    /// when either has a `!`, `|` or `$`, whose words can let more rows in.
    static func narrows(from shorter: String, to longer: String) -> Bool {
        !shorter.isEmpty && longer.hasPrefix(shorter)
            && !longer.contains(where: { $0 == "!" || $0 == "|" || $0 == "$" })
    }

    /// The score of the folded row `row` (its UTF-8 bytes), `nil` if it does not match.
    func score(_ row: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        for group in groups {
            var best: Int?
            for term in group {
                let found = Self.score(of: term, in: row)
                if term.inverse {
                    if found == nil { best = max(best ?? 0, 0) }
                } else if let found {
                    best = max(best ?? found, found)
                }
            }
            guard let best else { return nil }
            total += best
        }
        return total
    }

    // The scores of fzf's scheme, in small: a character matched, one at a
    // word's start, one that follows the one before it, and a gap.
    static let matched = 16
    static let wordStart = 8
    static let following = 4
    static let gapStart = 3
    static let gapGoesOn = 1

    /// `term`'s score in `row`, `nil` if it is not there.
    private static func score(of term: Term, in row: UnsafeBufferPointer<UInt8>) -> Int? {
        let units = term.units
        switch term.kind {
        case .fuzzy:
            guard let positions = fuzzyPositions(units, in: row) else { return nil }
            return score(positions: positions, in: row)
        case .exact:
            var start = 0
            var best: Int?
            while let found = find(units, in: row, from: start) {
                let score = score(positions: consecutive(from: found, units), in: row)
                best = max(best ?? score, score)
                start = found + 1
            }
            return best
        case .prefix:
            return at(units, in: row, offset: 0) ? score(positions: consecutive(from: 0, units), in: row) : nil
        case .suffix, .whole:
            let length = units.reduce(0) { $0 + $1.count }
            let start = row.count - length
            guard start >= 0, term.kind == .suffix || start == 0, at(units, in: row, offset: start) else { return nil }
            return score(positions: consecutive(from: start, units), in: row)
        }
    }

    /// The byte offsets of the characters `units` at `start`, one after another.
    private static func consecutive(from start: Int, _ units: [[UInt8]]) -> [Int] {
        var offset = start
        return units.map { unit in
            defer { offset += unit.count }
            return offset
        }
    }

    /// Whether the bytes at `offset` are `units`, one after another.
    private static func at(_ units: [[UInt8]], in row: UnsafeBufferPointer<UInt8>, offset: Int) -> Bool {
        var offset = offset
        for unit in units {
            guard matches(unit, in: row, at: offset) else { return false }
            offset += unit.count
        }
        return true
    }

    /// The first offset from `start` where `units` are, one after another.
    private static func find(_ units: [[UInt8]], in row: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = units.first?.first else { return nil }
        var offset = start
        while offset < row.count {
            if row[offset] == first, at(units, in: row, offset: offset) { return offset }
            offset += 1
        }
        return nil
    }

    private static func matches(_ unit: [UInt8], in row: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + unit.count <= row.count else { return false }
        for (index, byte) in unit.enumerated() where row[offset + index] != byte { return false }
        return true
    }

    /// Where the characters `units` are in order, as fzf's first algorithm finds
    /// them: the first place the last one ends, then back from there to the
    /// latest start, so that `abc` in `a…abc` is the tight `abc`.
    private static func fuzzyPositions(_ units: [[UInt8]], in row: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var offset = 0
        var end = 0
        for unit in units {
            while offset < row.count, !matches(unit, in: row, at: offset) { offset += 1 }
            guard offset < row.count else { return nil }
            offset += unit.count
            end = offset
        }
        var positions = [Int](repeating: 0, count: units.count)
        offset = end
        for index in units.indices.reversed() {
            let unit = units[index]
            offset -= unit.count
            while !matches(unit, in: row, at: offset) { offset -= 1 }
            positions[index] = offset
        }
        return positions
    }

    /// The score of characters found at `positions` (byte offsets) of `row`.
    private static func score(positions: [Int], in row: UnsafeBufferPointer<UInt8>) -> Int {
        var score = 0
        var previousEnd: Int?
        for position in positions {
            score += matched
            if position == 0 || !isWordCharacter(row[position - 1]) { score += wordStart }
            if let previousEnd {
                if position == previousEnd {
                    score += following
                } else {
                    score -= gapStart + (position - previousEnd - 1) * gapGoesOn
                }
            }
            var end = position + 1
            while end < row.count, row[end] & 0xC0 == 0x80 { end += 1 }
            previousEnd = end
        }
        return score
    }

    /// A letter or digit of ASCII, or any byte of a character past it.
    private static func isWordCharacter(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// Where the pattern's words are in `row` as drawn, for highlighting: each
    /// matching word's characters (the inverse ones match nothing to show).
    func highlights(in row: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        for term in groups.joined() where !term.inverse {
            switch term.kind {
            case .exact:
                if let found = row.range(of: term.text, options: options) { ranges.append(found) }
            case .prefix, .whole:
                if let found = row.range(of: term.text, options: options.union(.anchored)) { ranges.append(found) }
            case .suffix:
                if let found = row.range(of: term.text, options: options.union([.anchored, .backwards])) {
                    ranges.append(found)
                }
            case .fuzzy:
                ranges += Self.fuzzyHighlights(of: term.text, in: row)
            }
        }
        return ranges
    }

    /// The characters of `row` that `query`'s characters match in order,
    /// as ``fuzzyPositions(_:in:)`` finds them (first end, latest start).
    private static func fuzzyHighlights(of query: String, in row: String) -> [Range<String.Index>] {
        let wanted = Array(query)
        let characters = Array(row.indices)
        let folded = characters.map { ListFilter.folded(String(row[$0])) }
        var index = 0
        var end = 0
        for character in wanted {
            while index < folded.count, folded[index] != String(character) { index += 1 }
            guard index < folded.count else { return [] }
            index += 1
            end = index
        }
        var found: [Range<String.Index>] = []
        index = end
        for character in wanted.reversed() {
            index -= 1
            while index > 0, folded[index] != String(character) { index -= 1 }
            let start = characters[index]
            found.append(start..<row.index(after: start))
        }
        return found
    }
}
