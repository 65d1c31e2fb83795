import Foundation

/// Plugin copies and configs in a temporary folder, removed at exit.
struct Fixtures {
    let folder: URL
    let products: URL

    init(products: URL) throws {
        self.products = products
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A distinct copy of `lib<plugin>.so`: `dlopen` loads each copy as its own image.
    func copy(of plugin: String, _ index: Int, tag: String) throws -> URL {
        let copy = folder.appendingPathComponent("lib\(plugin)-\(tag)\(index).so")
        if !FileManager.default.fileExists(atPath: copy.path) {
            try FileManager.default.copyItem(at: products.appendingPathComponent("lib\(plugin).so"), to: copy)
        }
        return copy
    }

    /// A config of `count` routes in a chain, Main screens down to a Next screen:
    /// each a distinct plugin copy, or (`linked`) the names the static build links.
    func chainConfig(routes count: Int, linked: Bool) throws -> URL {
        var routes: [String] = []
        for index in 0..<count {
            let isLast = index == count - 1
            let plugin = isLast ? "NextScreen" : "MainScreen"
            let reference = linked ? plugin : try copy(of: plugin, index, tag: "chain").path
            let children = isLast ? "" : #", "children": { "next": "r\#(index + 1)" }"#
            routes.append(#""r\#(index)": { "plugin": "\#(reference)"\#(children) }"#)
        }
        let file = folder.appendingPathComponent("chain-\(count)-\(linked ? "static" : "dynamic").json")
        try #"{ "root": "r0", "routes": { \#(routes.joined(separator: ",\n")) } }"#
            .write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Main with its `next` slot bound to the Leaf screen, whose route gives a
    /// title that the parent's parameters override: a merge at every build.
    func leafConfig() throws -> URL {
        let file = folder.appendingPathComponent("leaf.json")
        try #"""
        { "plugins": ["@host"], "root": "main",
          "routes": { "main": { "plugin": "MainScreen", "children": { "next": "leaf" } },
                      "leaf": { "plugin": "LeafScreen", "parameters": { "title": "Leaf" } } } }
        """#.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A file holding `text`, for a process's standard input.
    func input(_ text: String) throws -> String {
        let file = folder.appendingPathComponent("input-\(abs(text.hashValue)).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
