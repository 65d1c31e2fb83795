import TrellisCore
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK
import TrellisTree

/// The host's tree as the session drives it: slots' proxies, live reload and the
/// crash record's route path.
extension RouteTree: RouterTree {
    public var rootRouter: Routing? { root }

    public func embeddedView(of router: Routing) -> ViewController? {
        (router as? ViewableSlotProxy)?.currentView
    }

    public var canReload: Bool { true }

    public func reloadPlugins(route: String?) throws(SessionFailure) {
        let report = reload(route: route)
        guard report.failures.isEmpty else {
            // What did swap is said; the step fails with why the rest did not.
            self.report(SwapReport(swapped: report.swapped, closed: report.closed))
            throw .reloadRefused(reasons: report.failures)
        }
        if report.lines.isEmpty, route == nil {
            notify("reload: no plugin file changed since it was loaded; `reload ROUTE` builds a route again")
        }
        self.report(report)
    }

    public func didShowRoutePath(_ path: String) {
        // Noted as it changes, not walked again at a crash.
        CrashRecord.noteRoutePath(path)
    }
}

extension ScreenSession {
    /// Tells a supervisor that the top screen's plugin is handling input now.
    public func noteKeyForCrashReport() {
        // The screen on top now, not at the last frame: a headless step comes
        // before its frame.
        guard CrashRecord.isSupervised, let route = routePath().last else { return }
        let plugin = (tree as? RouteTree)?.plugin(ofRoute: route) ?? "?"
        CrashRecord.noteActivity("handling input on route \(route) (plugin \(plugin))")
    }

    /// Tells a supervisor's watchdog when the session's own work (filtering a
    /// list, laying the screens out) runs: the host's, never timed as a screen's.
    public func noteHostWorkForCrashReport() {
        guard CrashRecord.isSupervised else { return }
        var before = ""
        onHostWork = { what in
            if let what {
                before = CrashRecord.noteHostWork(what)
            } else {
                CrashRecord.endHostWork(restoring: before)
            }
        }
    }
}
