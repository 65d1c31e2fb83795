import Foundation
import TrellisCore
import TrellisPlatform
import TrellisSDK

extension RouteConfig {
    /// Reads and checks the config at `file`, with `folders` searched for plugins
    /// before the config's own (`--plugins`). Nothing else is done: the caller
    /// starts what the config needs (a loader reading its plugin files).
    ///
    /// - Throws: ``ConfigError`` naming the file, the JSON path and what to do.
    public static func load(from file: URL, searchingFirst folders: [URL] = []) throws(ConfigError) -> RouteConfig {
        let config = try read(from: file, searchingFirst: folders)
        try config.checkRoutes()
        return config
    }

    /// Reads the config at `file` as ``load(from:searchingFirst:)`` does, without
    /// checking that its routes name each other rightly (``checkRoutes()``): for
    /// a caller that starts reading the plugin files the routes name meanwhile.
    ///
    /// - Throws: ``ConfigError`` naming the file, the JSON path and what to do.
    public static func read(from file: URL, searchingFirst folders: [URL] = []) throws(ConfigError) -> RouteConfig {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(file.path, limit: maximumSize)
        } catch {
            throw .unreadable(file: file.path, reason: error.description)
        }
        guard !bytes.isEmpty else { throw .unreadable(file: file.path, reason: "the file is empty") }
        var config = try decodeUnchecked(bytes: bytes, file: file)
        config.searchPath = folders + config.searchPath
        return config
    }

    /// The largest config accepted, in bytes.
    public static let maximumSize = 256 << 20

    /// Checks and decodes the config text `text`, read from `file`.
    ///
    /// - Throws: ``ConfigError`` naming the file, the JSON path and what to do.
    public static func decode(_ text: String, file: URL) throws(ConfigError) -> RouteConfig {
        try decode(bytes: Array(text.utf8), file: file)
    }

    private static func decode(bytes: [UInt8], file: URL) throws(ConfigError) -> RouteConfig {
        let config = try decodeUnchecked(bytes: bytes, file: file)
        try config.checkRoutes()
        return config
    }

    private static func decodeUnchecked(bytes: [UInt8], file: URL) throws(ConfigError) -> RouteConfig {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes: bytes)
        } catch {
            throw .malformedJSON(file: file.path, line: error.line, column: error.column, reason: error.reason)
        }
        let reader = ConfigReader(file: file.path)
        var config = try reader.readConfig(json, base: file.deletingLastPathComponent())
        config.file = file
        return config
    }

    /// Checks that the root and every route a slot names exist and that no
    /// route is its own descendant.
    ///
    /// - Throws: ``ConfigError`` naming the file, the JSON path and what to do.
    public func checkRoutes() throws(ConfigError) {
        let known = routes.keys.sorted()
        guard routes[root] != nil else {
            throw .unknownRoute(file: fileName, path: "root", route: root, known: known)
        }
        for id in known {
            for (slot, child) in routes[id]!.children.sorted(by: { $0.key < $1.key }) where routes[child] == nil {
                throw .unknownRoute(
                    file: fileName, path: JSONPath.routes(id, "children", slot), route: child, known: known)
            }
        }
        if let cycle = findCycle() { throw .cycle(file: fileName, routes: cycle) }
    }

    /// The first cycle of routes, in id order, or `nil`. Depth first with an
    /// explicit stack (a chain of any length is safe), keeping the current path in
    /// order and as a set, so a long chain costs linear time.
    private func findCycle() -> [String]? {
        var finished: Set<String> = []
        var path: [String] = []
        var onPath: Set<String> = []
        for start in routes.keys.sorted() where !finished.contains(start) {
            // Each frame: a route on the path and the children still to visit.
            var stack: [(id: String, children: [String])] = [(start, childIDs(of: start))]
            path = [start]
            onPath = [start]
            while !stack.isEmpty {
                guard let child = stack[stack.count - 1].children.popLast() else {
                    let (id, _) = stack.removeLast()
                    path.removeLast()
                    onPath.remove(id)
                    finished.insert(id)
                    continue
                }
                if onPath.contains(child) { return Array(path[path.firstIndex(of: child)!...]) + [child] }
                guard !finished.contains(child), routes[child] != nil else { continue }
                stack.append((child, childIDs(of: child)))
                path.append(child)
                onPath.insert(child)
            }
        }
        return nil
    }

    /// A route's children, last first, so popping visits them in sorted order.
    private func childIDs(of id: String) -> [String] {
        (routes[id]?.children.values.sorted() ?? []).reversed()
    }
}

/// How messages name a place in the config.
package enum JSONPath {
    package static func routes(_ id: String, _ rest: String...) -> String {
        (["routes", component(id)] + rest.map(component)).joined(separator: ".")
    }

    package static func component(_ key: String) -> String {
        let isPlain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return isPlain ? key : "\"\(key)\""
    }
}

/// Walks the JSON of a config, naming the path of anything wrong.
private struct ConfigReader {
    let file: String

    func readConfig(_ json: JSONValue, base: URL) throws(ConfigError) -> RouteConfig {
        let members = try object(json, at: "the top level")
        try checkKeys(
            members, allowed: ["plugins", "root", "routes", "allowExternalPlugins", "theme", "isolation"], at: nil)
        // Every route's, unless it says otherwise.
        let isolation = try members["isolation"].map { (value) throws(ConfigError) in
            try readIsolation(value, at: "isolation")
        }
        var searchPath: [URL]
        if let plugins = members["plugins"] {
            guard case let .array(entries) = plugins else {
                throw .wrongType(file: file, path: "plugins", expected: "an array of folder paths")
            }
            var folders: [URL] = []
            for (index, entry) in entries.enumerated() {
                let folder = try string(entry, at: "plugins[\(index)]")
                if folder == RouteConfig.hostFolders {
                    folders += RouteConfig.hostPluginFolders
                } else {
                    folders.append(URL(fileURLWithPath: folder, relativeTo: base).standardizedFileURL)
                }
            }
            searchPath = folders
        } else {
            searchPath = [base]
        }
        searchPath = RouteConfig.environmentPluginFolders + searchPath
        guard let rootValue = members["root"] else {
            throw .missingKey(
                file: file, path: "root", hint: "Name the route shown first, for example \"root\": \"main\".")
        }
        let root = try string(rootValue, at: "root")
        guard let routesValue = members["routes"] else {
            throw .missingKey(
                file: file, path: "routes",
                hint: "Define the routes, for example \"routes\": { \"main\": { \"plugin\": \"MainScreen\" } }.")
        }
        var routes: [String: Route] = [:]
        for (id, value) in try object(routesValue, at: "routes").sorted(by: { $0.key < $1.key }) {
            routes[id] = try readRoute(id: id, value, isolation: isolation)
        }
        var config = RouteConfig(file: URL(fileURLWithPath: file), searchPath: searchPath, root: root, routes: routes)
        if let allow = members["allowExternalPlugins"] {
            guard case let .bool(value) = allow else {
                throw .wrongType(file: file, path: "allowExternalPlugins", expected: "true or false")
            }
            config.allowExternalPlugins = value
        }
        if let theme = members["theme"] {
            guard case let .string(name) = theme, let value = Theme(rawValue: name) else {
                let got =
                    if case let .string(name) = theme { ", not \"\(name.escapingControlCharacters)\"" } else { "" }
                throw .wrongType(
                    file: file, path: "theme",
                    expected: "one of " + Theme.names.map { "\"\($0)\"" }.joined(separator: ", ") + got)
            }
            config.theme = value
        }
        return config
    }

    private func readRoute(id: String, _ json: JSONValue, isolation: Route.Isolation?) throws(ConfigError) -> Route {
        let members = try object(json, at: JSONPath.routes(id))
        try checkKeys(
            members, allowed: ["plugin", "children", "parameters", "sha256", "isolation", "permissions"],
            at: JSONPath.routes(id))
        guard let pluginValue = members["plugin"] else {
            throw .missingKey(
                file: file, path: JSONPath.routes(id, "plugin"),
                hint: "Name a plugin library (\"NextScreen\" for libNextScreen.so) or a path ending in .so.")
        }
        let plugin = try string(pluginValue, at: JSONPath.routes(id, "plugin"))
        var children: [String: String] = [:]
        if let childrenValue = members["children"] {
            for (slot, child) in try object(childrenValue, at: JSONPath.routes(id, "children")) {
                children[slot] = try string(child, at: JSONPath.routes(id, "children", slot))
            }
        }
        let parameters = members["parameters"] ?? .object([:])
        _ = try object(parameters, at: JSONPath.routes(id, "parameters"))
        var pin: String?
        if let value = members["sha256"] {
            let text = try string(value, at: JSONPath.routes(id, "sha256"))
            guard text.count == 64, text.allSatisfy(\.isHexDigit) else {
                throw .wrongType(
                    file: file, path: JSONPath.routes(id, "sha256"),
                    expected: "64 hex digits, the SHA-256 that `trellis inspect` prints")
            }
            pin = text
        }
        var isolation = isolation
        if let value = members["isolation"] {
            isolation = try readIsolation(value, at: JSONPath.routes(id, "isolation"))
        }
        var route = Route(
            id: id, plugin: plugin, children: children, parameters: parameters, sha256: pin,
            isolation: isolation ?? .none)
        route.saysIsolation = isolation != nil
        if let value = members["permissions"] {
            route.permissions = try readPermissions(route: id, value)
            route.answersPermissions = true
        }
        return route
    }

    private func readIsolation(_ value: JSONValue, at path: @autoclosure () -> String) throws(ConfigError)
        -> Route.Isolation
    {
        guard case let .string(text) = value, let known = Route.Isolation(rawValue: text) else {
            throw .wrongType(
                file: file, path: path(),
                expected: "\"process\" (the route's plugin in a process of its own) or \"none\"")
        }
        return known
    }

    /// `"permissions": { "read": [paths], "write": [paths], "network": true, "processes": true }`:
    /// paths absolute, `~/` for the home folder, or relative to the config.
    private func readPermissions(route id: String, _ json: JSONValue) throws(ConfigError) -> Route.Permissions {
        let members = try object(json, at: JSONPath.routes(id, "permissions"))
        try checkKeys(
            members, allowed: ["read", "write", "network", "processes"], at: JSONPath.routes(id, "permissions"))
        var permissions = Route.Permissions()
        for key in ["read", "write"] {
            guard let value = members[key] else { continue }
            guard case let .array(items) = value else {
                throw .wrongType(
                    file: file, path: JSONPath.routes(id, "permissions", key), expected: "an array of paths")
            }
            for (index, item) in items.enumerated() {
                let path = try string(item, at: JSONPath.routes(id, "permissions", key) + "[\(index)]")
                let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
                let expanded = path.hasPrefix("~/") ? home + path.dropFirst() : path
                let url = URL(
                    fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: file).deletingLastPathComponent()
                ).standardized
                if key == "read" { permissions.read.append(url.path) } else { permissions.write.append(url.path) }
            }
        }
        for key in ["network", "processes"] {
            guard let value = members[key] else { continue }
            guard case let .bool(allowed) = value else {
                throw .wrongType(file: file, path: JSONPath.routes(id, "permissions", key), expected: "true or false")
            }
            if key == "network" { permissions.network = allowed } else { permissions.processes = allowed }
        }
        return permissions
    }

    // Paths are autoclosures: they are only spelled out for an error.
    private func object(_ json: JSONValue, at path: @autoclosure () -> String) throws(ConfigError) -> [String:
        JSONValue]
    {
        guard case let .object(members) = json else {
            throw .wrongType(file: file, path: path(), expected: "an object")
        }
        return members
    }

    private func string(_ json: JSONValue, at path: @autoclosure () -> String) throws(ConfigError) -> String {
        guard case let .string(value) = json else { throw .wrongType(file: file, path: path(), expected: "a string") }
        return value
    }

    private func checkKeys(_ members: [String: JSONValue], allowed: [String], at path: @autoclosure () -> String?)
        throws(ConfigError)
    {
        if let unknown = members.keys.first(where: { !allowed.contains($0) }) {
            let unknown = members.keys.sorted().first { !allowed.contains($0) } ?? unknown
            let fullPath = path().map { "\($0).\(JSONPath.component(unknown))" } ?? JSONPath.component(unknown)
            throw .unknownKey(file: file, path: fullPath, allowed: allowed)
        }
    }
}
