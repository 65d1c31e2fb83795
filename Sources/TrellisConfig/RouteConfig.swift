import Foundation
import TrellisSDK

/// A route config: where plugins are found and which plugin fills each route.
public struct RouteConfig: Equatable, Sendable {
    /// The file the config was read from.
    public var file: URL
    /// The folders searched for `lib<name>.so`, in order.
    public var searchPath: [URL]
    /// The route shown first.
    public var root: String
    /// The routes by identifier.
    public var routes: [String: Route]
    /// Whether routes may name `.so` files outside the config's folder and the
    /// search folders (`"allowExternalPlugins": true`).
    public var allowExternalPlugins = false
    /// The colours the terminal draws with (`"theme"`), unless `TRELLIS_THEME`
    /// or `NO_COLOR` says otherwise.
    public var theme: Theme?

    /// The file name as messages show it.
    public var fileName: String { file.path }
}

/// One route: a plugin, its parameters, and the routes bound to its slots.
public struct Route: Equatable, Sendable {
    /// The route's identifier.
    public var id: String
    /// A library name (`NextScreen`) or a path ending in `.so`, relative to the config.
    public var plugin: String
    /// Slot name to route identifier.
    public var children: [String: String]
    /// Handed to the plugin's builder.
    public var parameters: JSONValue
    /// The SHA-256 the plugin file must have (`"sha256"`), checked before loading.
    public var sha256: String?
    /// Where the route's plugin runs (`"isolation"`): in the app's process, or
    /// in a process of its own.
    public var isolation: Isolation = .none
    /// Whether the config says where it runs (its own `"isolation"` or the
    /// config's): `serve` isolates the routes it does not.
    public var saysIsolation = false

    /// What the route's sandbox lets its plugin do beyond its own files and data
    /// folder (`"permissions"`), when it runs in a process of its own.
    public var permissions = Permissions()
    /// Whether the config gives ``permissions``: then they answer the plugin's
    /// asks, and the user is not asked.
    public var answersPermissions = false

    /// What a sandboxed route may do beyond its own files and data folder.
    public struct Permissions: Equatable, Sendable {
        /// Folders or files it may read, absolute.
        public var read: [String] = []
        /// Folders or files it may read and write, absolute.
        public var write: [String] = []
        /// Whether it may open network sockets.
        public var network = false
        /// Whether it may start processes.
        public var processes = false

        /// Nothing beyond its own files.
        public init() {}
    }

    /// Where a route's plugin runs.
    public enum Isolation: String, Equatable, Sendable {
        /// In the app's process (`"none"`, the default).
        case none
        /// In a process of its own (`"process"`): its crash or exit is its screen's
        /// alone, and only its screen, as data, and the user's actions cross.
        case process
    }

    /// Creates a route.
    public init(
        id: String, plugin: String, children: [String: String] = [:], parameters: JSONValue = .object([:]),
        sha256: String? = nil, isolation: Isolation = .none
    ) {
        self.id = id
        self.plugin = plugin
        self.children = children
        self.parameters = parameters
        self.sha256 = sha256
        self.isolation = isolation
    }
}

/// What is wrong with a route config.
public enum ConfigError: Error, Equatable, LocalizedError {
    case unreadable(file: String, reason: String)
    case malformedJSON(file: String, line: Int, column: Int, reason: String)
    case wrongType(file: String, path: String, expected: String)
    case missingKey(file: String, path: String, hint: String)
    case unknownKey(file: String, path: String, allowed: [String])
    case unknownRoute(file: String, path: String, route: String, known: [String])
    case cycle(file: String, routes: [String])

    /// A long cycle as its first and last routes around the count left out.
    private static func shortened(_ routes: [String]) -> [String] {
        guard routes.count > 12 else { return routes }
        return Array(routes.prefix(6)) + ["… \(routes.count - 11) more …"] + Array(routes.suffix(5))
    }

    public var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason):
            "\(file): cannot read the config: \(reason). Give the path of a route config (see `trellis run --help`)."
        case let .malformedJSON(file, line, column, reason):
            "\(file):\(line):\(column): not valid JSON: \(reason)."
        case let .wrongType(file, path, expected):
            "\(file): \(path) must be \(expected)."
        case let .missingKey(file, path, hint):
            "\(file): \(path) is missing. \(hint)"
        case let .unknownKey(file, path, allowed):
            "\(file): \(path) is not a known key; expected one of: \(allowed.joined(separator: ", "))."
                + Suggestion.phrase(for: String(path.split(separator: ".").last ?? Substring(path)), among: allowed)
        case let .unknownRoute(file, path, route, known):
            "\(file): \(path) names route \"\(route)\", which `routes` does not define."
                + Suggestion.phrase(for: route, among: known)
                + (known.isEmpty
                    ? " `routes` is empty: add the route there."
                    : " Defined routes: \(known.joined(separator: ", ")). Add the route or fix the name.")
        case let .cycle(file, routes):
            "\(file): the routes form a cycle: \(Self.shortened(routes).joined(separator: " → ")). A route cannot contain itself; "
                + "break the cycle in `children`."
        }
    }
}

extension RouteConfig {
    /// The `plugins` entry that means where this `trellis` is: its own folder (a
    /// SwiftPM build folder, debug or release) and `../lib` beside it (an install
    /// made by `Scripts/install`). One config works for every build.
    public static let hostFolders = "@host"

    /// The folders ``hostFolders`` stands for.
    static var hostPluginFolders: [URL] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent()
        return [folder, folder.deletingLastPathComponent().appendingPathComponent("lib")]
    }

    /// The folders `TRELLIS_PLUGIN_PATH` names (colon-separated), searched before
    /// the config's own.
    static var environmentPluginFolders: [URL] {
        guard let value = getenv("TRELLIS_PLUGIN_PATH") else { return [] }
        return String(cString: value).split(separator: ":").map { URL(fileURLWithPath: String($0)).standardizedFileURL }
    }
}
