import Foundation
import TrellisConfig
import TrellisIsolation
@_spi(TrellisHost) import TrellisSDK

extension RouteConfig {
    /// The routes that run in a process of their own: those marked so, and the
    /// routes below them, which run in that process.
    var routesInProcessesOfTheirOwn: Set<String> {
        var found: Set<String> = []
        var pending = routes.values.filter { $0.isolation == .process }.map(\.id)
        while let id = pending.popLast() {
            guard found.insert(id).inserted, let route = routes[id] else { continue }
            pending += route.children.values
        }
        return found
    }
}

extension RouteTree {
    /// Starts again the process of each isolated route on show whose plugin
    /// files changed since it started (or of `routeID`'s, changed or not),
    /// handing the new process the state its root saved.
    func swapIsolated(only routeID: String?, into report: inout SwapReport) {
        guard let root else { return }
        var pending: [Routing] = [root]
        while let router = pending.popLast() {
            pending += router.children
            guard let isolated = router.interactable as? IsolatedInteractor else { continue }
            let id = isolated.routeID
            guard routeID == nil ? isolated.filesChanged : routeID == id else { continue }
            guard let route = config.routes[id] else { continue }
            // A new build may ask for more: its asks are answered again.
            isolated.startAgain(asks: permissionAsks(of: route))
            let plugin = route.plugin
            report.swapped.append("\(id) (\(plugin), its process started again)")
        }
    }

    /// The plugin files of `routeID` and the routes below it, as located now.
    package func pluginFiles(below routeID: String) -> [URL] {
        var files: [URL] = []
        var seen: Set<String> = []
        var pending = [routeID]
        while let id = pending.popLast() {
            guard seen.insert(id).inserted, let route = config.routes[id] else { continue }
            pending += route.children.values
            if let file = try? loader.locate(route.plugin, relativeTo: configFolder) { files.append(file) }
        }
        return files
    }
}
