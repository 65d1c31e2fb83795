/// A viewport over content taller than it: what ``ViewNode/scroll(_:)`` shows.
/// SDK 1.1.
///
/// ```swift
/// .scroll(id: "licence", height: 8, .text(licence))
/// ```
public struct ScrollView: Equatable, Sendable, Codable {
    /// What the host keeps the viewport's position by, and what `focus` finds it by.
    public var id: String
    /// The most lines it shows, kept to 1...200; `nil` for 10. Content shorter
    /// than that takes only its own lines.
    public var height: Int?
    /// What it scrolls over.
    public var content: ViewNode

    /// A viewport `height` lines tall over `content`.
    public init(id: String, height: Int? = nil, content: ViewNode) {
        self.id = id
        self.height = height
        self.content = content
    }
}
