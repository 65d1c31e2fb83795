import Foundation
import TrellisConfig
import TrellisLoader
import TrellisPlatform
import TrellisSDK

/// One thing wrong (or worth a look) in a config and its plugins.
public struct ValidationProblem: Equatable, CustomStringConvertible {
    /// Whether the problem stops the app from running.
    public enum Severity: Equatable {
        case error
        case warning
    }

    /// Whether it stops the app from running.
    public var severity: Severity
    /// What is wrong and what to do.
    public var message: String
    /// How many problems the line stands for: more than one for a summary of many
    /// alike.
    public var count = 1

    /// Creates a problem.
    public init(severity: Severity, message: String) {
        self.severity = severity
        self.message = message
    }

    public var description: String {
        "\(severity == .error ? "error" : "warning"): \(message)"
    }
}

/// Checks a config against its plugins: each route's plugin loads and is
/// compatible, each slot a plugin declares is bound and each binding names a
/// declared slot, each required dependency is provided above it.
///
/// It only asks the loader for each plugin file: a caller that wants them read
/// several at a time starts the loader's prefetch first
/// (``PluginLoader/startPrefetch(for:)``), as `trellis` and live swap do.
@MainActor
public struct Validator {
    package let config: RouteConfig
    package let loader: PluginLoader

    /// Creates a validator that loads plugins with `loader`.
    public init(config: RouteConfig, loader: PluginLoader) {
        self.config = config
        self.loader = loader
    }

    /// How many unreachable routes are named one by one.
    static let unreachableListed = 20

    /// How many routes whose plugin cannot be used are named one by one.
    static let unusableListed = 20

    /// Every problem found, errors and warnings, in route order.
    public func problems() -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        var manifests: [String: PluginManifest] = [:]
        manifests.reserveCapacity(config.routes.count)
        let base = config.file.deletingLastPathComponent()
        var unusable = 0
        // Gathered in this one pass over the manifests, for the checks below.
        var typedSlotRoutes: [String] = []
        var requiresAny = false
        let ids = config.routes.keys.sorted()
        for id in ids {
            let route = config.routes[id]!
            do {
                // From the file alone: validating runs none of the plugins' code.
                let file = try loader.describe(route.plugin, relativeTo: base, pin: route.sha256)
                let manifest = file.manifest
                Log.info("route \(id): checked plugin \(manifest.name) \(manifest.version) in \(file.path)")
                manifests[id] = manifest
                if !manifest.slotTypes.isEmpty { typedSlotRoutes.append(id) }
                requiresAny = requiresAny || !manifest.requires.isEmpty
                problems += slotProblems(route: route, manifest: manifest)
                problems += fileProblems(route: route, file: file)
                if let problem = Self.nameProblem(
                    route: id, fileName: PluginFileSafety.fileName(of: file.path),
                    manifestName: manifest.name)
                {
                    problems.append(problem)
                }
                problems += parameterProblems(route: route, manifest: manifest)
                if route.isolation == .process {
                    problems += isolationProblems(route: route, manifest: manifest)
                } else if route.permissions != Route.Permissions() {
                    problems.append(
                        .init(
                            severity: .warning,
                            message:
                                "\(config.fileName): \(JSONPath.routes(id, "permissions")) does nothing: route \"\(id)\" runs "
                                + "in the app's process, with all of your rights. Add \"isolation\": \"process\" to sandbox it."
                        ))
                }
            } catch {
                // A thousand copies built against an old SDK say the same thing: the
                // first are listed, the rest counted.
                unusable += 1
                if unusable <= Self.unusableListed {
                    problems.append(
                        .init(
                            severity: .error, message: RouteError.pluginUnusable(route: id, error).localizedDescription)
                    )
                }
            }
        }
        if unusable > Self.unusableListed {
            var summary = ValidationProblem(
                severity: .error,
                message:
                    "\(unusable - Self.unusableListed) more routes' plugins cannot be used, after those above; fix those first."
            )
            summary.count = unusable - Self.unusableListed
            problems.append(summary)
        }
        problems += slotTypeProblems(routes: typedSlotRoutes, manifests: manifests)
        if requiresAny { problems += dependencyProblems(manifests: manifests) }
        let reachable = reachableRoutes()
        let unreachable = ids.filter { !reachable.contains($0) }
        for id in unreachable.prefix(Self.unreachableListed) {
            problems.append(
                .init(
                    severity: .warning,
                    message:
                        "route \"\(id)\" is never shown: no route's `children` binds it and it is not the `root`."))
        }
        if unreachable.count > Self.unreachableListed {
            problems.append(
                .init(
                    severity: .warning,
                    message:
                        "\(unreachable.count - Self.unreachableListed) more routes are never shown, after those above.")
            )
        }
        return problems
    }

    private func slotProblems(route: Route, manifest: PluginManifest) -> [ValidationProblem] {
        // Sorted only for a message: most routes bind exactly their plugin's slots.
        guard
            manifest.slots.count != route.children.count
                || manifest.slots.contains(where: { route.children[$0] == nil })
        else {
            return []
        }
        var problems: [ValidationProblem] = []
        for slot in manifest.slots.sorted() where route.children[slot] == nil {
            problems.append(
                .init(
                    severity: .error,
                    message:
                        RouteError.unboundSlot(route: route.id, plugin: route.plugin, slot: slot).localizedDescription))
        }
        for slot in route.children.keys.sorted() where !manifest.slots.contains(slot) {
            let known =
                manifest.slots.isEmpty
                ? "it has no slots" : "its slots are \(manifest.slots.sorted().joined(separator: ", "))"
            problems.append(
                .init(
                    severity: .error,
                    message:
                        "\(config.fileName): \(JSONPath.routes(route.id, "children", slot)) binds a slot that plugin \(route.plugin) "
                        + "does not declare (\(known))." + Suggestion.phrase(for: slot, among: manifest.slots)
                        + " Remove it or fix the name."))
        }
        return problems
    }

    /// Each typed slot (`"slotTypes"` in the parent's manifest) bound to a route
    /// whose plugin builds that protocol (`"builds"` in the child's).
    /// - Parameter routes: The routes whose plugins have typed slots, in order.
    private func slotTypeProblems(routes: [String], manifests: [String: PluginManifest]) -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        for id in routes {
            guard let manifest = manifests[id], let route = config.routes[id] else { continue }
            for (slot, type) in manifest.slotTypes.sorted(by: { $0.key < $1.key }) {
                guard let childID = route.children[slot], let child = manifests[childID], !child.builds.contains(type)
                else { continue }
                let builds =
                    child.builds.isEmpty
                    ? "it declares none" : "it builds \(child.builds.sorted().joined(separator: ", "))"
                problems.append(
                    .init(
                        severity: .error,
                        message:
                            "route \"\(id)\": plugin \(manifest.name) builds slot \"\(slot)\" as a `\(type)`, and route \"\(childID)\" "
                            + "(plugin \(child.name)) does not build one (\(builds) in \"builds\" of its trellis-plugin.json). "
                            + "Bind the slot to a route whose plugin builds `\(type)`."))
            }
        }
        return problems
    }

    /// The route's parameters against those the plugin's manifest declares: a value
    /// of another type is an error; a name the plugin does not read, a warning.
    /// What cannot cross to a route's own process: only its parameters and its
    /// screen do, so a dependency its plugin needs from the routes above cannot.
    private func isolationProblems(route: Route, manifest: PluginManifest) -> [ValidationProblem] {
        // The sandbox grants what exists when the route opens: a path not there is said now.
        let missing = [("read", route.permissions.read), ("write", route.permissions.write)].flatMap { kind, paths in
            paths.filter { !FileManager.default.fileExists(atPath: $0) }.map { (kind, $0) }
        }
        let absent = missing.map { kind, path in
            ValidationProblem(
                severity: .warning,
                message:
                    "\(config.fileName): \(JSONPath.routes(route.id, "permissions", kind)): \(path) does not exist, "
                    + "so route \"\(route.id)\" is not granted it; make it before the route opens.")
        }
        guard !manifest.requires.isEmpty else { return absent }
        let slots = config.routes.keys.sorted().flatMap { parent in
            config.routes[parent]!.children.filter { $0.value == route.id }.keys.sorted().map {
                "slot \"\($0)\" of route \"\(parent)\""
            }
        }
        let place = slots.isEmpty ? "" : " (\(slots.prefix(3).joined(separator: ", ")))"
        return [
            .init(
                severity: .error,
                message:
                    "\(config.fileName): \(JSONPath.routes(route.id, "isolation")): route \"\(route.id)\"\(place) runs in a "
                    + "process of its own, but plugin \(manifest.name) requires "
                    + manifest.requires.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                    + " from the routes above it: an object cannot cross to another process, only parameters and "
                    + "the screen do. Remove \"isolation\", or pass what it needs as parameters.")
        ] + absent
    }

    private func parameterProblems(route: Route, manifest: PluginManifest) -> [ValidationProblem] {
        guard !manifest.parameters.isEmpty, case let .object(given) = route.parameters else { return [] }
        var problems: [ValidationProblem] = []
        for (key, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let type = manifest.parameters[key] else {
                problems.append(
                    .init(
                        severity: .warning,
                        message:
                            "\(config.fileName): \(JSONPath.routes(route.id, "parameters", key)) is not a parameter plugin \(route.plugin) reads "
                            + "(it reads \(manifest.parameters.keys.sorted().joined(separator: ", ")))."
                            + Suggestion.phrase(for: key, among: manifest.parameters.keys)))
                continue
            }
            if !Validator.value(value, is: type) {
                problems.append(
                    .init(
                        severity: .error,
                        message:
                            "\(config.fileName): \(JSONPath.routes(route.id, "parameters", key)) must be \(Validator.described(type)) "
                            + "(plugin \(route.plugin) reads it so). Fix the value."))
            }
        }
        return problems
    }

    private static func value(_ value: JSONValue, is type: String) -> Bool {
        switch (type, value) {
        case (_, .null): true
        case ("string", .string), ("number", .number), ("bool", .bool), ("object", .object): true
        case let ("integer", .number(number)): number.rounded() == number && Int(exactly: number) != nil
        case let ("strings", .array(items)): items.allSatisfy { $0.stringValue != nil }
        default: false
        }
    }

    private static func described(_ type: String) -> String {
        switch type {
        case "string": "a string"
        case "integer": "an integer"
        case "number": "a number"
        case "bool": "true or false"
        case "strings": "an array of strings"
        default: "an object"
        }
    }

    /// An error when the plugin's file is not named after the plugin its manifest
    /// names (`lib<Name>.so`, or `lib<Name>-<anything>.so` for a copy): a library that
    /// says it is another plugin than its name is a mix-up, or a disguise, and `run`
    /// refuses it as `validate` does. Copies side by side (versions, the
    /// benchmark's) keep the name and add a suffix.
    static func nameProblem(route: String, fileName: String, manifestName: String) -> ValidationProblem? {
        guard fileName.hasPrefix("lib"), fileName.hasSuffix(".so") else { return nil }
        let stem = fileName.dropFirst(3).dropLast(3)
        guard stem != manifestName, !stem.hasPrefix(manifestName + "-") else { return nil }
        return ValidationProblem(
            severity: .error,
            message:
                "route \"\(route)\": the file \(fileName) holds the plugin \"\(manifestName)\" (its manifest's name); "
                + "a plugin's library is lib\(manifestName).so, or lib\(manifestName)-SUFFIX.so for a copy. Check that the "
                + "route loads the plugin you mean, then rename the file or fix \"name\" in its trellis-plugin.json.")
    }

    /// The resources a plugin declares that are not beside its library, and a
    /// plugin from another build configuration than this host (debug, release).
    private func fileProblems(route: Route, file: PluginFile) -> [ValidationProblem] {
        guard file.path != "/proc/self/exe" else { return [] }
        var problems: [ValidationProblem] = []
        if !file.manifest.resources.isEmpty {
            let folder = file.file.deletingLastPathComponent()
            let suffix = "_\(file.manifest.name).resources"
            let resources = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.first {
                $0.hasSuffix(suffix)
            }
            let missing = file.manifest.resources.filter { name in
                guard let resources else { return true }
                return !FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(resources).appendingPathComponent(name).path)
            }
            if !missing.isEmpty {
                // A warning: the rest of the app runs, and that screen shows its own error.
                problems.append(
                    .init(
                        severity: .warning,
                        message:
                            "route \"\(route.id)\": plugin \(file.manifest.name) needs \(missing.joined(separator: ", ")) in a folder "
                            + "*\(suffix) beside \(file.path), and it is not there; its screen will show an error. "
                            + "Rebuild the plugin, or install it with its resources."))
            }
        }
        // Plain strings: this runs for every route before the first frame.
        if let hostBuild = BuildConfiguration.host, let pluginBuild = BuildConfiguration.of(path: file.path),
            pluginBuild != hostBuild
        {
            problems.append(
                .init(
                    severity: .warning,
                    message:
                        "route \"\(route.id)\": plugin \(file.manifest.name) comes from a \(pluginBuild) build (\(file.path)) and this "
                        + "trellis from a \(hostBuild) build. Put \"@host\" in the config's `plugins` to use the plugins built with it."
                ))
        }
        return problems
    }

    /// Walks every path from the root with what the routes above provide: a route
    /// shared by two parents is checked under each. A loop, not recursion, so a
    /// chain of any length is safe.
    private func dependencyProblems(manifests: [String: PluginManifest]) -> [ValidationProblem] {
        var messages: [String] = []
        var reported: Set<String> = []
        var visited: Set<VisitKey> = []
        var pending = [(id: config.root, provided: Set<String>())]
        while let (id, provided) = pending.popLast() {
            guard let manifest = manifests[id], visited.insert(VisitKey(id: id, provided: provided)).inserted else {
                continue
            }
            for name in manifest.requires.sorted() where !provided.contains(name) {
                let message =
                    "route \"\(id)\": plugin \(manifest.name) requires dependency \"\(name)\", which no route above it provides."
                if reported.insert(message).inserted { messages.append(message) }
            }
            let below = provided.union(manifest.provides)
            for child in config.routes[id]!.children.values.sorted().reversed() { pending.append((child, below)) }
        }
        return messages.map { .init(severity: .error, message: $0) }
    }

    private struct VisitKey: Hashable {
        var id: String
        var provided: Set<String>
    }

    private func reachableRoutes() -> Set<String> {
        var reachable: Set<String> = []
        reachable.reserveCapacity(config.routes.count)
        var pending = [config.root]
        while let id = pending.popLast() {
            guard reachable.insert(id).inserted, let route = config.routes[id] else { continue }
            pending += route.children.values
        }
        return reachable
    }
}
