import TrellisSDK

extension ScreenSession {
    /// The live router tree, one router a line, indented by depth, with the route
    /// and plugin it was built for.
    public func treeText() -> String {
        guard let root = tree.rootRouter else { return "" }
        var lines: [String] = []
        func visit(_ router: Routing, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            if let route = tree.route(of: router) {
                lines.append("\(indent)\(route.id) (\(route.plugin))")
            } else {
                lines.append("\(indent)- (\(type(of: router)))")
            }
            router.children.forEach { visit($0, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// The route ids from the root to the screen on top, then the titles of views
    /// pushed or presented over the top route's own view without a route.
    public func routePath() -> [String] {
        guard let root = tree.rootView else { return [] }
        return tree.routePath(onScreen: Window.layers(from: root).flatMap { $0 })
    }
}
