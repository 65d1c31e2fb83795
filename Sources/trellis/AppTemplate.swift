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

    /// The names the shared store takes in the app `name`: its type
    /// (`ExpensesStore`), its dependencies' enum (`ExpensesDependency`) and the
    /// dependency's name (`expensesStore`).
    static func sharedNames(of name: String) -> (store: String, dependency: String, key: String) {
        (name + "Store", name + "Dependency", PluginTemplate.lowerCamel(name + "Store"))
    }

    private var shared: (store: String, dependency: String, key: String) { Self.sharedNames(of: name) }

    /// The plugins shown in the root's slots.
    private var children: [String] { Array(plugins.dropFirst()) }

    /// Each file of the package.
    ///
    /// - Throws: ``Template/Failure`` naming a template that is missing or damaged.
    func files() throws(Template.Failure) -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for (index, plugin) in plugins.enumerated() {
            let store = contracts.map {
                PluginTemplate.SharedStore(
                    contracts: $0, store: shared.store, dependency: shared.dependency, key: shared.key,
                    provides: index == 0)
            }
            files += try PluginTemplate(
                name: plugin, slots: index == 0 ? children.map(Self.slot) : [], viewless: false, sdk: sdk,
                sdkPath: sdkPath, trellis: trellis, templates: templates, shared: store
            ).pluginFiles()
        }
        var paths = [
            ("Package.swift", "AppPackage.swift"), ("README.md", "AppREADME.md"), ("config.json", "AppConfig.json"),
            (".gitignore", "gitignore"),
        ]
        if let contracts {
            paths += [
                ("\(contracts)/Package.swift", "ContractsPackage.swift"),
                ("\(contracts)/Sources/\(contracts)/\(shared.store).swift", "Store.swift"),
            ]
        }
        return files + (try PluginTemplate.render(paths, from: templates, with: values))
    }

    private var values: [String: Template.Value] {
        [
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
            "store": .text(shared.store), "dependency": .text(shared.dependency), "storeKey": .text(shared.key),
            "sdkPackage": .text(sdk.lastPathComponent), "sdkPath": .text(sdkPath),
            "contractsSDKPath": .text(contractsSDKPath), "trellisPath": .text(trellis.path),
        ]
    }
}
