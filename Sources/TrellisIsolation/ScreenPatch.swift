@_spi(TrellisHost) import TrellisSDK

/// A change to the screen a route's process sent last: in the content of the
/// view at `view`, the node at `node` (the indices of the children of stacks,
/// and 0 for what a style wraps) is now `replacement`. When only contents
/// changed, a process sends them so, and a key in a long list's search does not
/// send the list again.
package struct ScreenPatch: Codable, Equatable {
    package var view: MirroredView.Path
    package var node: [Int]
    package var replacement: ViewNode

    /// How deep a patch reaches into a view's content: deeper, the node above
    /// it is sent whole.
    static let deepestNode = 64
    /// The most patches one message holds: more, and the screen is sent whole.
    package static let mostAtOnce = 4_096
}

extension MirroredView {
    /// What changed from `old` to this, as patches; `nil` when more than
    /// contents changed (a title, a view pushed or gone…): the whole is sent.
    package func patches(from old: MirroredView) -> [ScreenPatch]? {
        var patches: [ScreenPatch] = []
        var pending: [(before: MirroredView, after: MirroredView, path: Path)] = [(old, self, [])]
        while let (before, after, path) = pending.popLast() {
            guard before.title == after.title, before.backTitle == after.backTitle,
                before.backConfirmation == after.backConfirmation, before.rowStyles == after.rowStyles,
                before.listsForReading == after.listsForReading, before.goesBack == after.goesBack,
                before.embedded.count == after.embedded.count, before.pushed.count == after.pushed.count,
                before.presented.count == after.presented.count
            else { return nil }
            ViewNode.differences(from: before.content, to: after.content, view: path, node: [], into: &patches)
            for pair in zip(before.embedded, after.embedded) {
                pending.append((pair.0, pair.1, path + [Step.embedded]))
            }
            for (index, pair) in zip(before.pushed, after.pushed).enumerated() {
                pending.append((pair.0, pair.1, path + [index]))
            }
            for pair in zip(before.presented, after.presented) {
                pending.append((pair.0, pair.1, path + [Step.presented]))
            }
            guard patches.count <= ScreenPatch.mostAtOnce else { return nil }
        }
        return patches
    }

    /// This with `patches` applied in turn; `nil` when one names a view or a
    /// node that is not there.
    package func applying(_ patches: [ScreenPatch]) -> MirroredView? {
        guard patches.count <= ScreenPatch.mostAtOnce else { return nil }
        var result = self
        for patch in patches {
            guard patch.view.count <= Self.deepestPath, patch.node.count <= ScreenPatch.deepestNode,
                result.replace(patch.node, with: patch.replacement, inViewAt: patch.view[...])
            else { return nil }
        }
        return result
    }

    private mutating func replace(_ node: [Int], with replacement: ViewNode, inViewAt path: ArraySlice<Int>) -> Bool {
        guard let step = path.first else {
            return content.replace(node[...], with: replacement)
        }
        let rest = path.dropFirst()
        switch step {
        case Step.embedded:
            return !embedded.isEmpty && embedded[0].replace(node, with: replacement, inViewAt: rest)
        case Step.presented:
            return !presented.isEmpty && presented[0].replace(node, with: replacement, inViewAt: rest)
        default:
            return pushed.indices.contains(step) && pushed[step].replace(node, with: replacement, inViewAt: rest)
        }
    }
}

extension ViewNode {
    /// Adds to `patches` the nodes of `before` that `after` changed: into
    /// stacks of as many children and styles kept, else the node whole.
    static func differences(
        from before: ViewNode, to after: ViewNode, view: MirroredView.Path, node: [Int],
        into patches: inout [ScreenPatch]
    ) {
        guard before != after else { return }
        if node.count < ScreenPatch.deepestNode {
            switch (before, after) {
            case let (.stack(axis, spacing, old), .stack(newAxis, newSpacing, new))
            where axis == newAxis && spacing == newSpacing && old.count == new.count:
                for index in old.indices {
                    differences(from: old[index], to: new[index], view: view, node: node + [index], into: &patches)
                }
                return
            case let (.styled(style, old), .styled(newStyle, new)) where style == newStyle:
                differences(from: old, to: new, view: view, node: node + [0], into: &patches)
                return
            default: break
            }
        }
        patches.append(ScreenPatch(view: view, node: node, replacement: after))
    }

    /// Replaces the node at `path` with `replacement`: `false` when there is none.
    package mutating func replace(_ path: ArraySlice<Int>, with replacement: ViewNode) -> Bool {
        guard let index = path.first else {
            self = replacement
            return true
        }
        // The node is emptied while its part is changed, so that part is held
        // once and changed in place: each patch costs its depth, not its stack's size.
        switch self {
        case .stack(let axis, let spacing, var children):
            guard children.indices.contains(index) else { return false }
            self = .empty
            let replaced = children[index].replace(path.dropFirst(), with: replacement)
            self = .stack(axis: axis, spacing: spacing, children: children)
            return replaced
        case .styled(let style, var inner):
            guard index == 0 else { return false }
            self = .empty
            let replaced = inner.replace(path.dropFirst(), with: replacement)
            self = .styled(style, inner)
            return replaced
        default:
            return false
        }
    }
}
