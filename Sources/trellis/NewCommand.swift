import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// `trellis new NAME [--in DIR] [--slot NAME]... [--viewless] [--sdk DIR]`: writes a
/// plugin package outside the Trellis repository, as RIBs' Xcode templates do: a
/// Builder, Component, Interactor, Router and view, a test, a config that binds it
/// (each slot to a placeholder child) and a README with its three commands.
/// `trellis new NAME --plugins A,B... [--contracts C]` writes an app's package: a
/// plugin each, the first the root with a slot for each other one, and a contracts
/// package of their shared store (``AppTemplate``).
struct NewCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.new)
        if parsed.wantsHelp {
            print(Help.new)
            return .success
        }
        guard let name = try parsed.singlePositional(command: "new", name: "plugin name") else {
            throw CommandError.usage(
                "give the plugin's name, for example `trellis new Counter` (or the app's, with --plugins).", help: "new"
            )
        }
        try Self.check(name, as: "plugin name")
        let slots = parsed.allValues("--slot")
        for slot in slots where !Self.isSlotName(slot) {
            throw CommandError.usage(
                "slot \"\(slot)\" is not a slot name: use letters and digits, starting with a "
                    + "lowercase letter, for example details.", help: "new")
        }
        guard Set(slots).count == slots.count else { throw CommandError.usage("each --slot once.", help: "new") }
        let viewless = parsed.has("--viewless")
        let plugins = parsed.allValues("--plugins").flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        .map { String($0).trimmingCharacters(in: .whitespaces) }
        let contracts = parsed.value("--contracts")
        if !plugins.isEmpty || contracts != nil {
            try Self.checkApp(name, plugins: plugins, contracts: contracts, slots: slots, viewless: viewless)
        }
        let sdk = try Self.sdkFolder(parsed.value("--sdk"))
        let parent = URL(fileURLWithPath: parsed.value("--in") ?? FileManager.default.currentDirectoryPath)
            .standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandError(
                message: "--in \(parent.path) is a file, not a folder; give the folder to write the package in.")
        }
        let package = parent.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: package.path) else {
            throw CommandError(message: "\(package.path) exists already; choose another name or folder (--in DIR).")
        }
        let trellis = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let files: [(path: String, text: String)]
        do {
            if plugins.isEmpty {
                files = try PluginTemplate(
                    name: name, slots: viewless && slots.isEmpty ? ["content"] : slots, viewless: viewless,
                    sdk: sdk, sdkPath: Self.path(of: sdk, from: package), trellis: trellis,
                    templates: try Self.templateFolder()
                ).files()
            } else {
                files = try AppTemplate(
                    name: name, plugins: plugins, contracts: contracts, sdk: sdk,
                    sdkPath: Self.path(of: sdk, from: package),
                    contractsSDKPath: Self.path(of: sdk, from: package.appendingPathComponent(contracts ?? "")),
                    trellis: trellis, templates: try Self.templateFolder()
                ).files()
            }
        } catch {
            throw CommandError(
                message: "\(error.message); reinstall Trellis (Scripts/install) or check out its repository again.")
        }
        do {
            for (path, text) in files {
                let file = package.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
        } catch {
            throw CommandError(message: "cannot write \(package.path): \(error.userMessage)")
        }
        print(
            """
            Wrote \(package.path) (\(files.count) files). In it:
              swift build                 builds \((plugins.isEmpty ? [name] : plugins).map { "lib\($0).so" }.joined(separator: ", "))
              swift test                  runs its tests
              \(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path) run config.json
            """.escapingControlCharacters)
        return .success
    }

    /// Module names a plugin's package cannot take: its target would shadow, or
    /// collide with, a module it builds with.
    static let takenNames: Set<String> = [
        "SDK", "TrellisSDK", "TrellisTesting", "TrellisManifest", "Swift", "Foundation",
        "Glibc", "Dispatch", "XCTest", "Testing", "PackageDescription",
    ]

    /// Refuses a name that cannot name a plugin's Swift types and module.
    static func check(_ name: String, as what: String) throws {
        guard isTypeName(name) else {
            throw CommandError.usage(
                "\"\(name)\" is not a \(what): use up to 64 letters and digits, starting with a "
                    + "capital letter (it names the Swift types), for example Counter or CityDetails.", help: "new")
        }
        guard !takenNames.contains(name) else {
            throw CommandError.usage(
                "\"\(name)\" is the name of a module the plugin's package imports or links "
                    + "(\(takenNames.sorted().joined(separator: ", "))), so its package would not build; choose another, "
                    + "for example \(name)Screen.", help: "new")
        }
    }

    /// Refuses an app (`--plugins`, `--contracts`) whose names cannot all be
    /// modules and types of one package, or options that are a single plugin's.
    static func checkApp(_ name: String, plugins: [String], contracts: String?, slots: [String], viewless: Bool) throws
    {
        guard plugins.count >= 2 else {
            throw CommandError.usage(
                plugins.isEmpty
                    ? "--contracts is what an app's plugins share: name them with --plugins, for example "
                        + "`trellis new \(name) --plugins \(name)List,\(name)Form --contracts \(name)Contracts`."
                    : "--plugins names an app's plugins, its root first and at least one more (each shown in a slot "
                        + "of the root), for example --plugins \(name)List,\(name)Form; for one plugin, leave it out.",
                help: "new")
        }
        guard slots.isEmpty, !viewless else {
            throw CommandError.usage(
                "\(viewless ? "--viewless" : "--slot") is for a package of one plugin: with --plugins, each plugin "
                    + "after the first is shown in a slot of the first, named after it.", help: "new")
        }
        for plugin in plugins { try check(plugin, as: "plugin name") }
        if let contracts { try check(contracts, as: "contracts package name") }
        // Modules and the store's types share one namespace in each plugin.
        let shared = AppTemplate.sharedNames(of: name)
        let names = plugins + [contracts, shared.store, shared.dependency].compactMap { $0 }
        if let repeated = Dictionary(grouping: names, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw CommandError.usage(
                "\"\(repeated)\" is named twice (plugins, the contracts package and the shared \(name)Store and "
                    + "\(name)Dependency types each need a name of their own).", help: "new")
        }
        guard contracts != name else {
            throw CommandError.usage(
                "the contracts package cannot be named \(name), as the app's package is: "
                    + "for example \(name)Contracts.", help: "new")
        }
    }

    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first), name.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    static func isSlotName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// The SDK package: `--sdk`, else `$TRELLIS_SDK`, else the one installed with this `trellis`
    /// (`PREFIX/share/trellis/SDK` beside `PREFIX/bin/trellis`, Scripts/install),
    /// else the one in the repository it was built in
    /// (`<repository>/.build/<triple>/<configuration>/trellis`).
    static func sdkFolder(_ given: String?) throws -> URL {
        let environment = ProcessInfo.processInfo.environment["TRELLIS_SDK"].flatMap { $0.isEmpty ? nil : $0 }
        if let (source, path) = given.map({ ("--sdk ", $0) }) ?? environment.map({ ("TRELLIS_SDK=", $0) }) {
            let folder = URL(fileURLWithPath: path).standardizedFileURL
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
                throw CommandError(
                    message: "\(source)\(folder.path) holds no Package.swift; give the Trellis SDK's folder.")
            }
            return folder
        }
        guard let folder = installedFolder(["share/trellis/SDK", "SDK"], holding: "Package.swift") else {
            throw CommandError(
                message: "this trellis was not built in a Trellis repository, so it cannot find the SDK; "
                    + "give its folder with --sdk DIR (the SDK folder of a Trellis checkout).")
        }
        return folder
    }

    /// `target` as the new package at `package` names it: relative to the package
    /// when the two share a folder below the root (a checkout, a home folder), so
    /// the package still builds when that folder moves; else absolute.
    static func path(of target: URL, from package: URL) -> String {
        let from =
            package.deletingLastPathComponent().resolvingSymlinksInPath().pathComponents
            + [package.lastPathComponent]
        let to = target.resolvingSymlinksInPath().pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        // The first component is the root: sharing only it is sharing nothing.
        guard common > 1 else { return target.path }
        let steps = Array(repeating: "..", count: from.count - common) + to[common...]
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// The folder templates are read from: installed beside this `trellis`
    /// (`PREFIX/share/trellis/templates/Plugin`), else in the repository it was
    /// built in (`Sources/trellis/Templates/Plugin`).
    static func templateFolder() throws(Template.Failure) -> URL {
        let places = ["share/trellis/templates/Plugin", "Sources/trellis/Templates/Plugin"]
        guard let folder = installedFolder(places, holding: "Package.swift.template") else {
            throw Template.Failure(
                message: "cannot find the plugin templates (\(places.joined(separator: " or ")) above this trellis)")
        }
        return folder
    }

    /// The first of `places`, looked for in each folder from this `trellis`'s up
    /// to four levels above it, that holds `file`.
    private static func installedFolder(_ places: [String], holding file: String) -> URL? {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            for place in places {
                let candidate = folder.appendingPathComponent(place)
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(file).path) {
                    return candidate
                }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
