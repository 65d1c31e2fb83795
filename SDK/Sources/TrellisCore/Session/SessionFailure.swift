import Foundation

/// A script step that did not hold. The runner exits with status 1.
public enum SessionFailure: Error, Equatable, LocalizedError {
    case expectationFailed(text: String)
    case unexpectedText(text: String)
    case noControl(label: String, available: [String])
    case ambiguousControl(label: String, matches: [String])
    case noFocusedField
    case linkRefused(url: String, reason: String)
    /// A `reload` that swapped nothing in for at least one screen; the old ones run on.
    case reloadRefused(reasons: [String])

    public var errorDescription: String? {
        switch self {
        case let .expectationFailed(text):
            "expected the screen to contain \"\(text)\", and it does not."
        case let .unexpectedText(text):
            "expected the screen not to contain \"\(text)\", and it does."
        case let .noControl(label, available):
            "no control on screen matches \"\(label)\". On screen: \(Self.list(available))."
        case let .ambiguousControl(label, matches):
            "\"\(label)\" matches several controls: \(Self.list(matches)). Use an exact label."
        case let .linkRefused(url, reason):
            "cannot open \(url): \(reason)"
        case let .reloadRefused(reasons):
            "reload: " + reasons.joined(separator: "; ")
        case .noFocusedField:
            "no text field has the focus; use `focus LABEL` first."
        }
    }

    private static func list(_ labels: [String]) -> String {
        labels.isEmpty ? "nothing" : labels.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
