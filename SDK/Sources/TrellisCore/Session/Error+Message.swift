import Foundation

extension Error {
    /// What to tell the user about an error that may come from a plugin: its
    /// `LocalizedError` text, else its description, so a plugin's own message is
    /// shown rather than Foundation's generic one.
    public var userMessage: String {
        if let localized = self as? LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: self)
    }
}
