import TrellisSDK

extension RouterTree {
    /// The route ids from the root to the last of `onScreen` a route shows (and
    /// the path a route's own process shows below it), then the titles of the
    /// views on screen after that without a route.
    public func routePath(onScreen: [ViewController]) -> [String] {
        let routes = routeIDs(onScreen: onScreen)
        // The views after the last one a route owns: named by their titles.
        let routeViews = Set(routedViews().map(ObjectIdentifier.init))
        guard let lastRouted = onScreen.lastIndex(where: { routeViews.contains(ObjectIdentifier($0)) }) else {
            return routes
        }
        return routes + onScreen[(lastRouted + 1)...].compactMap(\.title)
    }

    private func routeIDs(onScreen: [ViewController]) -> [String] {
        guard let root = rootRouter else { return [] }
        func path(from router: Routing) -> [String] {
            let own = route(of: router).map { [$0.id] } ?? []
            for child in router.children.reversed() {
                let below = path(from: child)
                if !below.isEmpty { return own + below }
            }
            let isShown =
                router.viewableRouting.map { viewable in
                    onScreen.contains { $0 === viewable.viewControllable.viewController }
                } ?? false
            return isShown ? own + (pathShown(below: router) ?? []) : []
        }
        return path(from: root)
    }
}
