import Foundation

/// A fresh folder under the system's temporary folder, removed when released.
public final class TemporaryFolder {
    public let url: URL

    /// Creates the folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the folder.
    ///
    /// - Returns: The file's URL.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes a route config whose search path is the build's products folder.
    ///
    /// - Parameters:
    ///   - routes: The `routes` object, as JSON text.
    ///   - root: The root route.
    ///   - name: The file name.
    ///   - pluginFolders: Folders searched after the products folder.
    /// - Returns: The config's URL.
    @discardableResult
    public func writeConfig(
        routes: String, root: String = "main", name: String = "config.json",
        pluginFolders: [URL] = []
    ) throws -> URL {
        let folders = ([Products.directory] + pluginFolders).map { "\"\($0.path)\"" }.joined(separator: ", ")
        return try write(
            """
            { "plugins": [\(folders)], "root": "\(root)", "routes": \(routes) }
            """, to: name)
    }

    /// A config whose root route runs the TestScreens plugin with `behaviour`
    /// in a process of its own (`"isolation": "process"`).
    public func writeIsolatedTestScreen(_ behaviour: String) throws -> URL {
        try writeConfig(
            routes: """
                { "main": { "plugin": "TestScreens", "isolation": "process",
                            "parameters": { "behaviour": "\(behaviour)" } } }
                """)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
