import Foundation
import TrellisCore
@_spi(TrellisHost) import TrellisSDK

extension RouteTree {
    /// Says so if `router`, built for a parent's slot, is attached by the end of
    /// this turn of the main queue but its view is nowhere on screen: a parent
    /// that attaches a child and never presents, pushes or embeds it shows nothing.
    func expectShown(_ proxy: ViewableSlotProxy, parentRoute: String, childRoute: String) {
        shownChecks.append(ShownCheck(proxy: ObjectIdentifier(proxy), parentRoute: parentRoute, childRoute: childRoute))
        // One check of all the children built this turn, not one a child.
        guard shownChecks.count == 1 else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.checkShown() }
        }
    }

    /// A child built this turn, known by its proxy's identity: no weak reference,
    /// whose side table would slow every retain and release of the proxy. The
    /// check finds the proxies still attached by walking the tree.
    struct ShownCheck {
        let proxy: ObjectIdentifier
        let parentRoute: String
        let childRoute: String
    }

    func checkShown() {
        let checks = shownChecks
        shownChecks = []
        guard let root else { return }
        let built = Set(checks.map(\.proxy))
        var attached: [ObjectIdentifier: ViewableSlotProxy] = [:]
        var pending: [Routing] = [root]
        // A loop, not recursion, with a bound: a plugin could attach an ancestor.
        var visited = 0
        while let router = pending.popLast(), visited < 100_000 {
            visited += 1
            if let proxy = router as? ViewableSlotProxy, built.contains(ObjectIdentifier(proxy)),
                proxy.interactable.isActive
            {
                attached[ObjectIdentifier(proxy)] = proxy
            }
            pending += router.children
        }
        guard !attached.isEmpty else { return }
        let onScreen = Set(
            Window.layers(from: root.viewControllable.viewController).joined().map(ObjectIdentifier.init))
        var reported: Set<ObjectIdentifier> = []
        for check in checks {
            // An identity is an address, which a proxy freed this turn may pass on
            // to a later one: the entry must be that proxy's, and it is said once.
            guard let proxy = attached[check.proxy], proxy.routeID == check.childRoute,
                proxy.parentRouteID == check.parentRoute,
                !onScreen.contains(ObjectIdentifier(proxy.viewControllable.viewController)),
                reported.insert(check.proxy).inserted
            else {
                continue
            }
            let plugin = config.routes[check.childRoute]?.plugin ?? "?"
            notify(
                "route \"\(check.parentRoute)\" attached route \"\(check.childRoute)\" (plugin \(plugin)) but never showed "
                    + "its view: present, push or embed the child's viewControllable after attachChild")
        }
    }

    /// Shows a RIB's failed task where its screen is, naming the route and plugin.
    func taskDidFail(of interactor: Interactor, _ error: any Error) {
        let router = router(of: interactor)
        let tag = interactor.hostTag as? RouteTag ?? router.flatMap(tag(of:))
        let origin = tag.map { "route \($0.routeID) (plugin \($0.plugin))" } ?? "a screen"
        let message = "\(origin): a task failed: \(error.userMessage)"
        if let view = router?.viewableRouting?.viewControllable.viewController {
            view.failure = ErrorScreen.failureContent(message: message, canGoBack: view.backAction != nil)
        } else {
            notify(message)
        }
    }
}
