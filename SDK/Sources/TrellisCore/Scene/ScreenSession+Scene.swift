@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// What the session shows, as of the last ``update(_:)``: what the
    /// terminal's frame was drawn from, and what the browser's page is. Reading
    /// it changes nothing, and a front end reads it as often as it likes.
    ///
    /// The views may change between inputs (a task, a timer): a front end sends
    /// ``SessionInput/viewsChanged`` before it reads the scene when they told it
    /// so, as it does before it draws a frame.
    public var scene: Scene {
        guard tree.rootView != nil else { return Scene(layers: [], routePath: [], notice: notice, canGoBack: false) }
        return Scene(layers: shownLayers, routePath: routePathShown, notice: notice, canGoBack: canGoBackFromPage)
    }

    /// The screens on show under `root`, bottom first, as the scene holds them:
    /// each with its number and plugin (``numberScreens(root:)`` first).
    func sceneLayers(root: ViewController) -> [Scene.Layer] {
        Window.sceneLayers(from: root) { view in
            screenNumbers[ObjectIdentifier(view)].flatMap { $0.screen.view === view ? ($0.number, $0.plugin) : nil }
        }
    }

    /// Gives each screen on show a number of its own for as long as it lives (an
    /// address a new view reuses is a new number), and finds its plugin once:
    /// part of every ``update(_:)``.
    func numberScreens(root: ViewController) {
        for chain in Window.layers(from: root) {
            guard let view = chain.last else { continue }
            let key = ObjectIdentifier(view)
            if let known = screenNumbers[key], known.screen.view === view { continue }
            if screenNumbers.count > 64 { screenNumbers = screenNumbers.filter { $0.value.screen.view != nil } }
            lastScreenNumber += 1
            screenNumbers[key] = (WeakScreen(view), lastScreenNumber, tree.plugin(showing: view))
        }
    }
}

extension RouterTree {
    /// The plugin of the route whose router shows `view`, or that attached the
    /// router that does (a screen a plugin pushes itself is its plugin's).
    func plugin(showing view: ViewController) -> String? {
        guard let root = rootRouter else { return nil }
        var pending: [(router: Routing, plugin: String?)] = [(root, nil)]
        // A loop, not recursion: a tree of any depth is safe.
        while let (router, above) = pending.popLast() {
            let plugin = route(of: router)?.plugin ?? above
            if router.viewableRouting?.viewControllable.viewController === view || embeddedView(of: router) === view {
                return plugin
            }
            pending += router.children.map { ($0, plugin) }
        }
        return nil
    }
}
