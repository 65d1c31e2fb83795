import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// `trellis new NAME [--in DIR] [--slot NAME]... [--viewless] [--sdk DIR]`: writes a
/// plugin package outside the Trellis repository, as RIBs' Xcode templates do: a
/// Builder, Component, Interactor, Router and view, a test, a config that binds it
/// (each slot to a placeholder child) and a README with its three commands.
struct NewCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.new)
        if parsed.wantsHelp {
            print(Help.new)
            return .success
        }
        guard let name = try parsed.singlePositional(command: "new", name: "plugin name") else {
            throw CommandError.usage("give the plugin's name, for example `trellis new Counter`.", help: "new")
        }
        guard Self.isTypeName(name) else {
            throw CommandError.usage(
                "\"\(name)\" is not a plugin name: use up to 64 letters and digits, starting with a "
                    + "capital letter (it names the Swift types), for example Counter or CityDetails.", help: "new")
        }
        guard !Self.takenNames.contains(name) else {
            throw CommandError.usage(
                "\"\(name)\" is the name of a module the plugin's package imports or links "
                    + "(\(Self.takenNames.sorted().joined(separator: ", "))), so its package would not build; choose another, "
                    + "for example \(name)Screen.", help: "new")
        }
        let slots = parsed.allValues("--slot")
        for slot in slots where !Self.isSlotName(slot) {
            throw CommandError.usage(
                "slot \"\(slot)\" is not a slot name: use letters and digits, starting with a "
                    + "lowercase letter, for example details.", help: "new")
        }
        guard Set(slots).count == slots.count else { throw CommandError.usage("each --slot once.", help: "new") }
        let viewless = parsed.has("--viewless")
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
        let files: [(path: String, text: String)]
        do {
            files = try PluginTemplate(
                name: name, slots: viewless && slots.isEmpty ? ["content"] : slots, viewless: viewless,
                sdk: sdk, sdkPath: Self.path(of: sdk, from: package),
                trellis: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                templates: try Self.templateFolder()
            ).files()
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
              swift build                 builds lib\(name).so
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

    /// The SDK package: `--sdk`, else the one installed with this `trellis`
    /// (`PREFIX/share/trellis/SDK` beside `PREFIX/bin/trellis`, Scripts/install),
    /// else the one in the repository it was built in
    /// (`<repository>/.build/<triple>/<configuration>/trellis`).
    static func sdkFolder(_ given: String?) throws -> URL {
        if let given {
            let folder = URL(fileURLWithPath: given).standardizedFileURL
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
                throw CommandError(
                    message: "--sdk \(folder.path) holds no Package.swift; give the Trellis SDK's folder.")
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

/// The files of a new plugin package, by path, made from the templates in
/// `Templates/Plugin` (``Template``).
struct PluginTemplate {
    let name: String
    let slots: [String]
    let viewless: Bool
    let sdk: URL
    /// How the package names the SDK's folder: relative to itself when it can.
    let sdkPath: String
    let trellis: URL
    /// The folder of the templates.
    let templates: URL

    /// The largest template read: they are a few kilobytes.
    static let templateSizeLimit = 1 << 20

    /// Each file of the package, filled in from its template.
    ///
    /// - Throws: ``Template/Failure`` naming a template that is missing or damaged.
    func files() throws(Template.Failure) -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for (path, name) in paths {
            let file = templates.appendingPathComponent(name + ".template").path
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.read(file, limit: Self.templateSizeLimit)
            } catch {
                throw Template.Failure(message: "cannot read the template \(file): \(error)")
            }
            files.append((path, try Template(String(decoding: bytes, as: UTF8.self), file: file).render(values)))
        }
        return files
    }

    /// Each file of the package and the template it is made from.
    private var paths: [(path: String, template: String)] {
        let sources = "Sources/\(name)/\(name)"
        var paths = [
            ("Package.swift", "Package.swift"), ("README.md", "README.md"), ("config.json", "config.json"),
            (".gitignore", "gitignore"), ("Sources/\(name)/trellis-plugin.json", "trellis-plugin.json"),
            ("\(sources)Plugin.swift", "Plugin.swift"), ("\(sources)Builder.swift", "Builder.swift"),
            ("\(sources)Interactor.swift", viewless ? "ViewlessInteractor.swift" : "Interactor.swift"),
            ("\(sources)Router.swift", viewless ? "ViewlessRouter.swift" : "Router.swift"),
            ("Tests/\(name)Tests/\(name)Tests.swift", "Tests.swift"),
        ]
        if viewless {
            paths += [
                ("Sources/\(name)Host/trellis-plugin.json", "HostManifest.json"),
                ("Sources/\(name)Host/\(name)HostPlugin.swift", "HostPlugin.swift"),
            ]
        } else {
            paths.append(("\(sources)ViewController.swift", "ViewController.swift"))
        }
        return paths
    }

    /// What the templates' names stand for.
    private var values: [String: Template.Value] {
        let route = name.prefix(1).lowercased() + name.dropFirst()
        let first = slots.first ?? ""
        return [
            "name": .text(name), "route": .text(route), "rootRoute": .text(viewless ? "\(route)Host" : route),
            // SwiftPM names a path dependency after its folder.
            "sdkPackage": .text(sdk.lastPathComponent), "sdkPath": .text(sdkPath),
            "trellisPath": .text(trellis.path), "entry": .text(TrellisSDKInterface.entrySymbol),
            "viewless": .flag(viewless), "hasSlots": .flag(!slots.isEmpty),
            "slotList": .text(slots.joined(separator: ", ")),
            "firstSlot": .text(first), "FirstSlot": .text(Self.capitalized(first)),
            "slots": .list(
                slots.enumerated().map { index, slot in
                    [
                        "slot": .text(slot), "Slot": .text(Self.capitalized(slot)),
                        "last": .flag(index == slots.count - 1),
                    ]
                }),
        ]
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
