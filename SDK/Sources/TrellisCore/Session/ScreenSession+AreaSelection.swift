@_spi(TrellisHost) import TrellisSDK

/// A text area's selection and history: copy, cut and paste, undo and redo,
/// on keys that the terminal leaves alone (Ctrl-C ends the app and Ctrl-Z
/// suspends it, so copy is Alt-W and undo Alt-U, as in Emacs and nano).
extension ScreenSession {
    /// Alt-W copies the selection, Ctrl-X cuts it, Ctrl-V pastes what was copied
    /// or cut here (the terminal's own paste works too). Returns whether `key`
    /// was one of them.
    func editSelection(_ field: String, with key: Key) -> Bool {
        guard key == .alt("w") || key == .control("x") || key == .control("v"),
            let (text, index) = areaPlace(field)
        else { return false }
        if key == .control("v") {
            guard let copiedText else {
                notice = "Ctrl-V: nothing copied yet (Shift and the arrows select, Alt-W copies)"
                return true
            }
            replaceInArea(field, text, areaCursor?.selection ?? index..<index, with: copiedText)
            return true
        }
        let name = key == .alt("w") ? "Alt-W" : "Ctrl-X"
        guard let selected = areaCursor?.selection else {
            notice = "\(name): nothing is selected (Shift with the arrows selects)"
            return true
        }
        keepCopied(String(text[selected]), by: name)
        if key == .control("x") { replaceInArea(field, text, selected, with: "") }
        return true
    }

    /// Keeps `chosen` for Ctrl-V and puts it on the terminal's clipboard where
    /// it has one; the status line says which, naming the key (`name`).
    func keepCopied(_ chosen: String, by name: String) {
        copiedText = chosen
        notice =
            copyToClipboard?(chosen)
            ?? "\(name): \(chosen.count) characters kept for Ctrl-V (this terminal has no clipboard)"
    }

    /// Alt-U takes the last edit back, Alt-E makes it again. Returns whether
    /// `key` was one of them.
    func undoInArea(_ field: String, with key: Key) -> Bool {
        guard key == .alt("u") || key == .alt("e"), let text = fieldText else { return false }
        guard var history = areaHistories[field], history.follows(text),
            let (edited, place) = key == .alt("u") ? history.undo() : history.redo()
        else {
            notice = key == .alt("u") ? "Alt-U: nothing to undo" : "Alt-E: nothing to redo"
            return true
        }
        areaHistories[field] = history
        cursor = min(max(place, 0), edited.count)
        areaCursor = AreaCursor(
            field: field, text: edited,
            index: edited.index(edited.startIndex, offsetBy: cursor, limitedBy: edited.endIndex) ?? edited.endIndex)
        lastKeyEdited = true
        topChain.last?.send(.edit(field: field, text: edited))
        return true
    }
}
