// The benchmark's static baseline: the Main and Next screens linked into the
// executable, run the way `trellis run CONFIG --headless` runs them (under the same
// crash supervisor, read the config, check every route, build the root, draw the
// first frame), with no dlopen: what differs from `trellis run` is what plugins cost.
import Foundation
import MainScreen
import NextScreen
import TrellisCore
import TrellisHost
import TrellisSDK

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: trellis-static CONFIG (the benchmark runs it)\n".utf8))
    exit(ExitStatus.unusable.rawValue)
}
MainActorThread.claim()
SignalShared.prepare()
// As `trellis run` does, and with the same setting (TRELLIS_SUPERVISOR=off).
let runArguments = ["run", CommandLine.arguments[1], "--headless"]
let context = Supervisor.wants(runArguments) ? Supervisor.start(arguments: runArguments) : HostContext()
CrashHandlers.installIfSupervised()
do {
    let config = try RouteConfig.load(from: URL(fileURLWithPath: CommandLine.arguments[1]))
    let linked = [
        ("MainScreen", MainScreenPlugin() as TrellisPlugin, MainScreen.TrellisPluginManifest.text),
        ("NextScreen", NextScreenPlugin() as TrellisPlugin, NextScreen.TrellisPluginManifest.text),
    ]
    var plugins: [String: (plugin: TrellisPlugin, manifest: PluginManifest)] = [:]
    for (name, plugin, json) in linked {
        guard let manifest = PluginManifest.linked(text: json) else { throw CocoaError(.fileReadCorruptFile) }
        plugins[name] = (plugin, manifest)
    }
    let loader = PluginLoader(searchPath: [], linkedPlugins: plugins)
    let errors = Validator(config: config, loader: loader).problems().filter { $0.severity == .error }
    guard errors.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
    let tree = RouteTree(config: config, loader: loader, context: context)
    try tree.launch()
    print(ScreenSession(tree: tree, window: Window(width: 80, height: 24)).frame.text)
} catch {
    FileHandle.standardError.write(Data("trellis-static: \(error.userMessage)\n".utf8))
    CrashRecord.exitAsHost(ExitStatus.unusable.rawValue)
}
// As `trellis` ends: an end the supervisor finds no note of is a plugin's.
CrashRecord.exitAsHost(0)
