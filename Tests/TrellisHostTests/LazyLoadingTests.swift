import Foundation
import Testing
import TrellisHost
import TrellisTestSupport

/// `run` checks every route from the plugins' files, then maps a plugin only when
/// its route is first built.
@MainActor
struct LazyLoadingTests {
    @Test func aConfigOf200RoutesStartsWithOnlyTheRootsPluginMapped() throws {
        let folder = try TemporaryFolder()
        var routes: [String] = []
        for index in 0..<200 {
            let plugin = index == 199 ? "NextScreen" : "MainScreen"
            let copy = folder.url.appendingPathComponent("lib\(plugin)-lazy\(index).so")
            try FileManager.default.copyItem(at: Products.plugin(plugin), to: copy)
            let children = index == 199 ? "" : #", "children": { "next": "r\#(index + 1)" }"#
            routes.append(#""r\#(index)": { "plugin": "\#(copy.path)"\#(children) }"#)
        }
        let file = try folder.write(
            #"{ "root": "r0", "routes": { \#(routes.joined(separator: ", ")) } }"#, to: "chain.json")
        let config = try RouteConfig.load(from: file)
        let loader = PluginLoader(config: config)

        let problems = Validator(config: config, loader: loader).problems()
        #expect(problems.isEmpty, "\(problems)")
        #expect(loader.loadedFiles.isEmpty, "validating read the manifests only")
        let tree = RouteTree(config: config, loader: loader)
        try tree.launch()

        #expect(loader.loadedFiles.map(\.lastPathComponent) == ["libMainScreen-lazy0.so"])
        // Read to the end: /proc reports no size, and a test process maps many images.
        let maps = String(
            decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self
        )
        #expect(maps.contains("libMainScreen-lazy0.so"))
        #expect(!maps.contains("libMainScreen-lazy1.so") && !maps.contains("libNextScreen-lazy199.so"))
    }
}
