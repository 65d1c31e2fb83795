@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {

    /// Types `text` at the cursor of `field` as one edit, so a long paste or script
    /// line costs time linear in its length.
    func insert(_ text: String, into field: String) {
        guard let current = fieldText, !text.isEmpty else { return }
        if isArea(field), let (_, index) = areaPlace(field) {
            replaceInArea(field, current, areaCursor?.selection ?? index..<index, with: text)
            return
        }
        // A text area keeps line breaks; a one-line field takes them as spaces.
        let text = isArea(field) ? text : String(text.map { $0.isNewline ? " " : $0 })
        var characters = Array(current)
        cursor = min(cursor, characters.count)
        // What is selected goes, as typing over it does.
        if let selected = fieldSelection {
            characters.removeSubrange(selected)
            cursor = selected.lowerBound
        }
        fieldAnchor = nil
        characters.insert(contentsOf: text, at: cursor)
        cursor += text.count
        lastKeyEdited = true
        topChain.last?.send(.edit(field: field, text: String(characters)))
    }

    /// Whether the field `field` of the screen on top is a text area.
    func isArea(_ field: String) -> Bool {
        topChain.last?.content.isArea(field: field) == true
    }

    /// Applies an editing key to the focused field; `false` if the key does not edit.
    func edit(_ field: String, with key: Key) -> Bool {
        guard let text = fieldText else { return false }
        var characters = Array(text)
        cursor = min(cursor, characters.count)
        switch key {
        case let .character(character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left:
            cursor = max(cursor - 1, 0)
            return true
        case .right:
            cursor = min(cursor + 1, characters.count)
            return true
        case .home, .control("a"):
            cursor = 0
            return true
        case .end, .control("e"):
            cursor = characters.count
            return true
        case .control("u"):
            // Everything before the cursor, as shells do.
            guard cursor > 0 else { return true }
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("w"), .altBackspace:
            // The word before the cursor, and the spaces after it.
            let start = Self.wordStart(before: cursor, in: characters)
            guard start < cursor else { return true }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .wordLeft, .alt("b"):
            cursor = Self.wordStart(before: cursor, in: characters)
            return true
        case .wordRight, .alt("f"):
            cursor = Self.wordEnd(after: cursor, in: characters)
            return true
        case .alt("d"):
            let end = Self.wordEnd(after: cursor, in: characters)
            guard cursor < end else { return true }
            characters.removeSubrange(cursor..<end)
        case .alt:
            // Another Alt key: nothing, and never Esc's back.
            return true
        default:
            return false
        }
        lastKeyEdited = true
        topChain.last?.send(.edit(field: field, text: String(characters)))
        return true
    }

    /// Where the word before `cursor` starts, skipping the spaces before the cursor.
    static func wordStart(before cursor: Int, in characters: [Character]) -> Int {
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        return start
    }

    /// Where the word after `cursor` ends, skipping the spaces after the cursor.
    static func wordEnd(after cursor: Int, in characters: [Character]) -> Int {
        var end = cursor
        while end < characters.count, characters[end] == " " { end += 1 }
        while end < characters.count, characters[end] != " " { end += 1 }
        return end
    }
}
