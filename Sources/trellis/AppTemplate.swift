import Foundation
import TrellisHost

/// The files of a new app's package (`trellis new NAME --plugins A,B…`): a
/// plugin per name, the first the root and each other one in the root's slot
/// named after it (`B` in `b`), a test target each, a config that wires them,
/// and, with `contracts`, a package of its own holding the store they share,
/// which the root provides and the others require.
struct AppTemplate {
    let name: String
    let plugins: [String]
    let contracts: String?
    let sdk: URL
    /// How the package, and its contracts package, name the SDK's folder.
    let sdkPath: String, contractsSDKPath: String
    let trellis: URL
    let templates: URL

    /// The slot of the root each plugin after the first is bound in.
    static func slot(of plugin: String) -> String { PluginTemplate.lowerCamel(plugin) }

    /// The store's type, named after the app: `ExpensesStore`.
    var storeType: String { name + "Store" }

    /// Each file of the package.
    ///
    /// - Throws: ``Template/Failure`` naming a template that is missing or damaged.
    func files() throws(Template.Failure) -> [(path: String, text: String)] {
        let children = Array(plugins.dropFirst())
        var files: [(path: String, text: String)] = []
        for (index, plugin) in plugins.enumerated() {
            let shared = contracts.map {
                PluginTemplate.SharedStore(
                    contracts: $0, store: storeType, dependency: name + "Dependency",
                    key: PluginTemplate.lowerCamel(storeType), provides: index == 0)
            }
            files += try PluginTemplate(
                name: plugin, slots: index == 0 ? children.map(Self.slot) : [], viewless: false, sdk: sdk,
                sdkPath: sdkPath, trellis: trellis, templates: templates, shared: shared
            ).pluginFiles()
        }
        var paths = [
            ("Package.swift", "AppPackage.swift"), ("README.md", "AppREADME.md"), ("config.json", "AppConfig.json"),
            (".gitignore", "gitignore"),
        ]
        if let contracts {
            paths += [
                ("\(contracts)/Package.swift", "ContractsPackage.swift"),
                ("\(contracts)/Sources/\(contracts)/\(storeType).swift", "Store.swift"),
            ]
        }
        return files + (try PluginTemplate.render(paths, from: templates, with: values))
    }

    private var values: [String: Template.Value] {
        let children = Array(plugins.dropFirst())
        return [
            "name": .text(name), "root": .text(plugins[0]), "rootRoute": .text(PluginTemplate.lowerCamel(plugins[0])),
            "plugins": .list(plugins.map { ["plugin": .text($0)] }),
            "children": .list(
                children.enumerated().map { index, plugin in
                    [
                        "plugin": .text(plugin), "slot": .text(Self.slot(of: plugin)),
                        "last": .flag(index == children.count - 1),
                    ]
                }),
            "hasContracts": .flag(contracts != nil), "contracts": .text(contracts ?? ""),
            "store": .text(storeType), "dependency": .text(name + "Dependency"),
            "storeKey": .text(PluginTemplate.lowerCamel(storeType)),
            "sdkPackage": .text(sdk.lastPathComponent), "sdkPath": .text(sdkPath),
            "contractsSDKPath": .text(contractsSDKPath), "trellisPath": .text(trellis.path),
        ]
    }
}
