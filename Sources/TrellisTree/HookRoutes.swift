/// What sends the SDK's hooks to the tree they belong to: the one mutable
/// static of the route trees, and one per process by nature.
///
/// A plugin calls the SDK's hooks (a notice, a misuse, a detach, an object that
/// went away) with no context, and they are the process's. A report whose
/// interactor carries its tree's tag goes to that tree without this; the rest
/// (a timer's notice, a ticket given back) is sent by what is here: the trees
/// launched, the one acting, and the leak detectors by number.
///
/// Read at every detach and every deallocation, and written on the main actor
/// only, each field on its own, never through a `mutating` method or `inout` of
/// the whole: exclusivity cannot be violated, and checking it at run time was a
/// fifth of an attach and detach (Docs/Performance.md, "Attach and detach").
struct HookRoutes {
    /// The trees of this process that have launched, the last launched last.
    var launched: [WeakRouteTree] = []
    /// The tree whose work is being done (``RouteTree/acting``).
    weak var acting: RouteTree?
    /// Where a report goes that no tree claims (``RouteTree/unclaimedReports``).
    var unclaimedReports: ((String) -> Void)?
    /// Every leak detector made, by number, for the tickets given back. Not
    /// retained: a detector takes itself out when it goes away.
    var detectors: [Unmanaged<LeakDetector>?] = []
    /// How many detectors are waiting on something, for the SDK's `LeakDetector.status`.
    var waitingDetectors = 0

    @exclusivity(unchecked) nonisolated(unsafe) static var current = HookRoutes()
}

/// A launched tree, not kept alive by the list of them.
struct WeakRouteTree {
    weak var tree: RouteTree?
}
