@_spi(TrellisHost) import TrellisSDK

/// A one-line field's selection, as a text area's: Shift with a move selects,
/// typing replaces what is selected, Alt-W copies, Ctrl-X cuts, Ctrl-V pastes.
extension ScreenSession {
    /// The characters selected in the focused one-line field, if any.
    var fieldSelection: Range<Int>? {
        guard let fieldAnchor, fieldAnchor != cursor, let field = focusedField, !isArea(field),
            let count = fieldText?.count, fieldAnchor <= count, cursor <= count
        else { return nil }
        return min(fieldAnchor, cursor)..<max(fieldAnchor, cursor)
    }

    /// Shift with a move, Alt-W, Ctrl-X, Ctrl-V, and a key that replaces what is
    /// selected (a character, Backspace, Delete) in the one-line field `field`.
    /// Returns whether `key` was one of them; any other key ends the selection.
    func editFieldSelection(_ field: String, with key: Key) -> Bool {
        guard let text = fieldText else { return false }
        if case let .shifted(move) = key, Self.selectingMoves.contains(move) {
            let anchor = fieldAnchor ?? cursor
            _ = edit(field, with: move)
            fieldAnchor = anchor
            return true
        }
        let selected = fieldSelection
        switch key {
        case .alt("w"), .control("x"):
            let name = key == .alt("w") ? "Alt-W" : "Ctrl-X"
            if topChain.last?.content.isSecure(field: field) == true {
                notice = "\(name): a secure field's text is not copied"
                return true
            }
            guard let selected else {
                notice = "\(name): nothing is selected (Shift with the arrows selects)"
                return true
            }
            let characters = Array(text)
            keepCopied(String(characters[selected]), by: name)
            if key == .control("x") { replace(selected, of: characters, in: field, with: "") }
            return true
        case .control("v"):
            guard let copiedText else {
                notice = "Ctrl-V: nothing copied yet (Shift and the arrows select, Alt-W copies)"
                return true
            }
            let characters = Array(text)
            replace(
                selected ?? min(cursor, characters.count)..<min(cursor, characters.count), of: characters, in: field,
                with: String(copiedText.map { $0.isNewline ? " " : $0 }))
            return true
        case .character, .backspace, .delete:
            // Typing over a selection replaces it; Backspace and Delete take it out.
            guard let selected else { return false }
            let typed = if case let .character(character) = key { String(character) } else { "" }
            replace(selected, of: Array(text), in: field, with: typed)
            return true
        default:
            fieldAnchor = nil
            return false
        }
    }

    /// The moves Shift extends a selection with.
    static let selectingMoves: Set<Key> = [.left, .right, .home, .end, .wordLeft, .wordRight]

    /// Puts `text` in place of `range` of the field's `characters`, the cursor
    /// after it, nothing selected.
    private func replace(_ range: Range<Int>, of characters: [Character], in field: String, with text: String) {
        var characters = characters
        characters.replaceSubrange(range, with: Array(text))
        cursor = range.lowerBound + text.count
        fieldAnchor = nil
        lastKeyEdited = true
        topChain.last?.send(.edit(field: field, text: String(characters)))
    }
}
