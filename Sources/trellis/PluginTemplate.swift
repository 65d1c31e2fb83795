import Foundation
import TrellisHost
import TrellisSDK

/// The files of a new plugin package, by path, made from the templates in
/// `Templates/Plugin` (``Template``); or, for an app's package (``AppTemplate``),
/// one plugin's own files in it.
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
    /// The store the app's plugins share, when it has a contracts package.
    var shared: SharedStore? = nil

    /// A store in an app's contracts package, and whether this plugin makes it.
    struct SharedStore {
        /// The contracts package and its module: `ExpensesContracts`.
        let contracts: String
        /// The store's type (`ExpensesStore`), its dependencies' enum
        /// (`ExpensesDependency`) and the dependency's name (`expensesStore`).
        let store: String, dependency: String, key: String
        /// Whether this plugin provides the store (the root) or requires it.
        let provides: Bool
    }

    /// The largest template read: they are a few kilobytes.
    static let templateSizeLimit = 1 << 20

    /// Each file of the package, filled in from its template.
    ///
    /// - Throws: ``Template/Failure`` naming a template that is missing or damaged.
    func files() throws(Template.Failure) -> [(path: String, text: String)] {
        try Self.render(packagePaths + ownPaths, from: templates, with: values)
    }

    /// The plugin's own files (sources, manifest, test), for an app's package.
    func pluginFiles() throws(Template.Failure) -> [(path: String, text: String)] {
        try Self.render(ownPaths, from: templates, with: values)
    }

    /// Each of `paths` filled in from its template in `templates`.
    static func render(
        _ paths: [(path: String, template: String)], from templates: URL, with values: [String: Template.Value]
    ) throws(Template.Failure) -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for (path, name) in paths {
            let file = templates.appendingPathComponent(name + ".template").path
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.read(file, limit: templateSizeLimit)
            } catch {
                throw Template.Failure(message: "cannot read the template \(file): \(error)")
            }
            files.append((path, try Template(String(decoding: bytes, as: UTF8.self), file: file).render(values)))
        }
        return files
    }

    /// The files of a package of this plugin alone.
    private var packagePaths: [(path: String, template: String)] {
        [
            ("Package.swift", "Package.swift"), ("README.md", "README.md"), ("config.json", "config.json"),
            (".gitignore", "gitignore"),
        ]
    }

    /// The plugin's own files and the template each is made from.
    private var ownPaths: [(path: String, template: String)] {
        let sources = "Sources/\(name)/\(name)"
        var paths = [
            ("Sources/\(name)/trellis-plugin.json", "trellis-plugin.json"),
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
        let route = Self.lowerCamel(name)
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
            "hasStore": .flag(shared != nil), "provides": .flag(shared?.provides == true),
            "requires": .flag(shared.map { !$0.provides } ?? false),
            "contracts": .text(shared?.contracts ?? ""), "store": .text(shared?.store ?? ""),
            "dependency": .text(shared?.dependency ?? ""), "storeKey": .text(shared?.key ?? ""),
            // The view a store's count is shown on is the plugin's own.
            "presenter": .text(shared == nil ? "ViewController" : "\(name)ViewController"),
        ]
    }

    static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A type name as a route or slot name: `ExpenseForm` is `expenseForm`.
    static func lowerCamel(_ name: String) -> String {
        name.prefix(1).lowercased() + name.dropFirst()
    }
}
