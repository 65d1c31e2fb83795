import Foundation
import TrellisConfig
import TrellisLoader

/// Why a route cannot be built or shown.
public enum RouteError: Error, LocalizedError {
    case unknownRoute(route: String)
    case pluginUnusable(route: String, PluginLoadError)
    case buildFailed(route: String, plugin: String, message: String)
    case unboundSlot(route: String, plugin: String, slot: String)
    /// The plugin's code asked for a slot its manifest does not declare: a bug in
    /// the plugin, not in the config.
    case undeclaredSlot(route: String, plugin: String, slot: String, declared: [String])
    case rootHasNoView(route: String, plugin: String)
    case childHasNoView(route: String, slot: String)
    case treeGone(route: String)
    case missingDependency(route: String, plugin: String, dependency: String)
    case linksUnsupported(route: String, plugin: String)
    case crashedEarlier(route: String, summary: String)

    public var errorDescription: String? {
        switch self {
        case let .unknownRoute(route):
            "route \"\(route)\" is not defined in the config's `routes`."
        case let .pluginUnusable(route, error):
            "route \"\(route)\" (\(JSONPath.routes(route, "plugin"))): \(error.localizedDescription)"
        case let .buildFailed(route, plugin, message):
            "route \"\(route)\": plugin \(plugin) failed to build its screen: \(message)"
        case let .unboundSlot(route, plugin, slot):
            "route \"\(route)\": plugin \(plugin) attaches slot \"\(slot)\", which \(JSONPath.routes(route, "children")) "
                + "does not bind. Add \"\(slot)\": \"<route id>\" there."
        case let .undeclaredSlot(route, plugin, slot, declared):
            "route \"\(route)\": plugin \(plugin) asked for slot \"\(slot)\", which its manifest does not declare ("
                + (declared.isEmpty ? "it declares none" : "it declares \(declared.joined(separator: ", "))") + ")."
                + Suggestion.phrase(for: slot, among: declared)
                + " This is a bug in the plugin: fix the slot's name in its code, or declare the slot in its trellis-plugin.json."
        case let .rootHasNoView(route, plugin):
            "route \"\(route)\": plugin \(plugin) builds a RIB without a view, which cannot be the root. "
                + "Make a plugin with a view the `root`."
        case let .childHasNoView(route, slot):
            "route \"\(route)\", bound to slot \"\(slot)\", builds a RIB without a view, which this slot needs."
        case let .missingDependency(route, plugin, dependency):
            "route \"\(route)\": plugin \(plugin) requires dependency \"\(dependency)\", which no route above it provides. "
                + "Attach it under a route whose plugin provides it."
        case let .linksUnsupported(route, plugin):
            "the root route \"\(route)\" (plugin \(plugin)) does not open links."
        case let .crashedEarlier(route, summary):
            "route \"\(route)\": \(summary). The app was started again without it; fix the plugin and run again."
        case let .treeGone(route):
            "route \"\(route)\" cannot be built: the app that bound it has shut down."
        }
    }
}
