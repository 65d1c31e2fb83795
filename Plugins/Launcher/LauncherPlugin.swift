import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { LauncherPlugin() }
}

/// Lists the demos; activating one attaches its route, back detaches it.
final class LauncherPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        LauncherBuilder(dependency: EmptyComponent())
    }
}

/// A demo the launcher lists: its title and the slot its route is bound to (each
/// slot is declared in trellis-plugin.json).
struct Demo {
    let title: String
    let slot: String

    static let all = [
        Demo(title: "RIBs: Main → Next", slot: "mainNext"),
        Demo(title: "RIBs tutorial: TicTacToe", slot: "tictactoe"),
        Demo(title: "VIPER: Candy Store", slot: "candyStore"),
        Demo(title: "Coordinator: Airports", slot: "airports"),
        Demo(title: "Clean Swift: Repositories", slot: "repositories"),
        Demo(title: "Widgets: switches, progress, dividers", slot: "widgets"),
        Demo(title: "Notes: a list, an editor, files", slot: "notes"),
    ]
}

final class LauncherBuilder: Builder<EmptyDependency>, ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let viewController = ViewController(
            content: .vstack([
                .title("Trellis pattern gallery"),
                .list(id: "demos", rows: Demo.all.map(\.title)),
            ]))
        let interactor = LauncherInteractor(presenter: viewController)
        let slots = Demo.all.map { context.slot($0.slot) }
        return LauncherRouter(interactor: interactor, viewController: viewController, demoBuilders: slots)
    }
}
