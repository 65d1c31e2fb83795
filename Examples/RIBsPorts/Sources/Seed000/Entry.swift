// Glue: the plugin's entry, and the component at the top that RIBs' app delegate
// would make. Everything else in this folder is the seed's code.
import TrellisSDK

@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { Seed000Plugin() }
}

final class Seed000Plugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable { AppBuilder() }
}

final class AppComponent: Component<EmptyDependency>, MainDependency {}

final class AppBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        MainBuilder(dependency: AppComponent(dependency: EmptyComponent())).build()
    }
}
