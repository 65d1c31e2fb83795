import Testing
import TrellisSDK

@testable import TrellisCore

/// A plugin's view tree thousands of views deep overflowed the host's stack in
/// the layout (issue 41, 2: about 3,000 levels in debug): it is cut at
/// `LayoutNode.deepest` levels, said in its place, and the rest is drawn.
@MainActor
struct DeepViewTests {
    @Test func aTreeThousandsOfViewsDeepIsCutThereAndSaid() throws {
        var node = ViewNode.text("the bottom")
        for _ in 0..<5_000 { node = .vstack([node]) }
        let tree = SingleScreenTree(.vstack([.title("Deep"), node, .button("Close")]))
        let session = ScreenSession(tree: tree, window: Window(width: 80, height: 24))
        let frame = session.frame

        #expect(frame.text.contains("[views nested more than 64 deep: cut here]"), "\(frame.text)")
        #expect(!frame.text.contains("the bottom"))
        #expect(frame.text.contains("Deep") && frame.text.contains("[ Close ]"), "the rest is drawn")
    }
}
